import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The confirm shown before signing in (spec §6: title loginTipAlert, content, confirm text). The
 * sign-in dialog itself (Google, e-mail link) opens from `onConfirm` once accounts are wired.
 */
export default function SignInPrompt({ onClose, onConfirm }: { onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="sign-in-prompt-title"
      onClose={onClose}
      className="m-auto w-[min(448px,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-stone-900 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="sign-in-prompt-title" className="font-semibold text-xl">
        {t("loginTipAlert.title")}
      </h2>
      <p className="mt-2 text-stone-600">{t("loginTipAlert.content")}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="h-10 rounded-full px-5 text-stone-700 hover:bg-stone-100"
        >
          {t("common.cancel")}
        </button>
        <button
          type="button"
          onClick={() => {
            onConfirm();
            dialog.current?.close();
          }}
          className="h-10 rounded-full bg-primary-dark px-5 font-medium text-white hover:bg-primary-darker"
        >
          {t("loginTipAlert.confirm")}
        </button>
      </div>
    </dialog>
  );
}
