import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { Button } from "./button.tsx";

/**
 * A native modal `<dialog>` opened on mount: focus trap, Escape and the backdrop come from the
 * browser. Widths follow spec §9 (login 448, share 418, points/pricing 1241). Closing it (Escape,
 * a Cancel, `ref.current.close()`) calls `onClose`, which unmounts it.
 */
export const Dialog = forwardRef<
  HTMLDialogElement,
  { labelledBy: string; width?: number; onClose: () => void; className?: string; children: React.ReactNode }
>(function Dialog({ labelledBy, width = 448, onClose, className = "p-6", children }, ref) {
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

/** The × in a dialog's top corner (the dialog is `relative`). */
export function DialogClose({ dialog, label }: { dialog: React.RefObject<HTMLDialogElement | null>; label: string }) {
  return (
    <button
      type="button"
      onClick={() => dialog.current?.close()}
      className="absolute end-3 top-3 grid size-9 place-items-center rounded-full text-stone-500 hover:bg-stone-100"
      aria-label={label}
    >
      ×
    </button>
  );
}

/**
 * Cancel and a primary action, at the end of a dialog. The primary is a submit button unless
 * `onConfirm` is given; `busy` disables it while its call runs.
 */
export function DialogActions({
  dialog,
  confirmLabel,
  cancelLabel,
  busy = false,
  busyLabel,
  onConfirm,
}: {
  dialog: React.RefObject<HTMLDialogElement | null>;
  confirmLabel: string;
  /** The dismiss button's words, when "Cancel" would be ambiguous. */
  cancelLabel?: string;
  busy?: boolean;
  /** The primary's words while busy (e.g. "Sending…"). */
  busyLabel?: string;
  onConfirm?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex justify-end gap-3">
      <Button variant="quiet" onClick={() => dialog.current?.close()}>
        {cancelLabel ?? t("common.cancel")}
      </Button>
      <Button type={onConfirm ? "button" : "submit"} busy={busy} busyLabel={busyLabel} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
