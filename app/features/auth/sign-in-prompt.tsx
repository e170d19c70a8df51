import { useRef } from "react";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";

/**
 * The confirm shown before signing in (spec §6: title loginTipAlert, content, confirm text). The
 * sign-in dialog itself (Google, e-mail link) opens from `onConfirm` once accounts are wired.
 */
export default function SignInPrompt({ onClose, onConfirm }: { onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <Dialog ref={dialog} labelledBy="sign-in-prompt-title" onClose={onClose}>
      <h2 id="sign-in-prompt-title" className="font-semibold text-xl">
        {t("loginTipAlert.title")}
      </h2>
      <p className="mt-2 text-stone-600">{t("loginTipAlert.content")}</p>
      <DialogActions
        dialog={dialog}
        confirmLabel={t("loginTipAlert.confirm")}
        onConfirm={() => {
          onConfirm();
          dialog.current?.close();
        }}
      />
    </Dialog>
  );
}
