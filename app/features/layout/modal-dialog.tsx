import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";

/**
 * A native modal `<dialog>` opened on mount: focus trap, Escape and the backdrop come from the
 * browser. Widths follow spec §9 (login 448, share 418, points/pricing 1241).
 */
export const ModalDialog = forwardRef<
  HTMLDialogElement,
  { labelledBy: string; width?: number; onClose: () => void; className?: string; children: React.ReactNode }
>(function ModalDialog({ labelledBy, width = 448, onClose, className = "p-6", children }, ref) {
  const dialog = useRef<HTMLDialogElement>(null);
  useImperativeHandle(ref, () => dialog.current as HTMLDialogElement);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      onClose={onClose}
      style={{ width: `min(${width}px, calc(100vw - 2rem))` }}
      className={`m-auto rounded-2xl bg-white text-stone-900 shadow-xl backdrop:bg-black/40 ${className}`}
    >
      {children}
    </dialog>
  );
});

/** Cancel and a primary action, at the end of a dialog. The primary is a submit button unless `onConfirm` is given. */
export function DialogActions({
  dialog,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
}: {
  dialog: React.RefObject<HTMLDialogElement | null>;
  confirmLabel: string;
  /** The dismiss button's words, when "Cancel" would be ambiguous. */
  cancelLabel?: string;
  busy?: boolean;
  onConfirm?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex justify-end gap-3">
      <button
        type="button"
        onClick={() => dialog.current?.close()}
        className="h-10 rounded-full px-5 text-stone-700 hover:bg-stone-100"
      >
        {cancelLabel ?? t("common.cancel")}
      </button>
      <button
        type={onConfirm ? "button" : "submit"}
        disabled={busy}
        onClick={onConfirm}
        className="h-10 rounded-full bg-primary-dark px-5 font-medium text-white hover:bg-primary-darker disabled:opacity-60"
      >
        {confirmLabel}
      </button>
    </div>
  );
}
