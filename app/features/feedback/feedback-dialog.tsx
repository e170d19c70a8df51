import { useId, useRef } from "react";
import { useLocation } from "react-router";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { api } from "#app/lib/api/api.ts";
import { useCall } from "#app/lib/api/use-call.ts";
import { toastSuccess } from "#app/lib/toast.ts";

/** The feedback form (POST /api/userFeedback) in a native modal dialog: focus trap and Escape for free. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const send = useCall(
    (content: string, email: string) => api.feedback.submit({ content, ...(email ? { email } : {}), page: location.pathname }),
    {
      onSuccess: () => {
        toastSuccess(t("feedback.thanks"));
        dialog.current?.close();
      },
    },
  );

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const content = String(data.get("content") ?? "").trim();
    const email = String(data.get("email") ?? "").trim();
    if (!content) return;
    void send.run(content, email);
  }

  return (
    <Dialog ref={dialog} labelledBy={titleId} onClose={onClose} className="p-0">
      <form
        method="dialog"
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          submit(event.currentTarget);
        }}
      >
        <h2 id={titleId} className="font-semibold text-xl">
          {t("feedback.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("feedback.intro")}</p>
        <Field label={t("feedback.message")} labelClassName="font-medium text-sm" className="space-y-1">
          {(control) => (
            <textarea
              {...control}
              name="content"
              required
              maxLength={2000}
              rows={5}
              className="w-full rounded-lg border border-stone-300 p-3 text-base focus-visible:outline-2 focus-visible:outline-primary"
            />
          )}
        </Field>
        <Field label={t("feedback.email")} labelClassName="font-medium text-sm" className="space-y-1">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              maxLength={254}
              autoComplete="email"
              className="h-11 w-full rounded-lg border border-stone-300 px-3 text-base focus-visible:outline-2 focus-visible:outline-primary"
            />
          )}
        </Field>
        <DialogActions dialog={dialog} busy={send.busy} busyLabel={t("common.sending")} confirmLabel={t("feedback.send")} />
      </form>
    </Dialog>
  );
}
