import { useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Dialog, DialogActions } from "#app/components/ui/dialog.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { apiCall } from "#app/lib/api/client.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";

/** The feedback form (POST /api/userFeedback) in a native modal dialog: focus trap and Escape for free. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [sending, setSending] = useState(false);
  const ids = { title: useId(), content: useId(), email: useId() };

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const content = String(data.get("content") ?? "").trim();
    const email = String(data.get("email") ?? "").trim();
    if (!content) return;
    setSending(true);
    try {
      await apiCall("POST", "/api/userFeedback", { body: { content, ...(email ? { email } : {}), page: location.pathname } });
      toastSuccess(t("feedback.thanks"));
      dialog.current?.close();
    } catch (error) {
      toastError(error, t);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog ref={dialog} labelledBy={ids.title} onClose={onClose} className="p-0">
      <form
        method="dialog"
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event.currentTarget);
        }}
      >
        <h2 id={ids.title} className="font-semibold text-xl">
          {t("feedback.title")}
        </h2>
        <p className="text-sm text-stone-600">{t("feedback.intro")}</p>
        <div className="space-y-1">
          <label htmlFor={ids.content} className="font-medium text-sm">
            {t("feedback.message")}
          </label>
          <textarea
            id={ids.content}
            name="content"
            required
            maxLength={2000}
            rows={5}
            className="w-full rounded-lg border border-stone-300 p-3 text-base focus-visible:outline-2 focus-visible:outline-primary"
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.email} className="font-medium text-sm">
            {t("feedback.email")}
          </label>
          <input
            id={ids.email}
            name="email"
            type="email"
            maxLength={254}
            autoComplete="email"
            className="h-11 w-full rounded-lg border border-stone-300 px-3 text-base focus-visible:outline-2 focus-visible:outline-primary"
          />
        </div>
        <DialogActions dialog={dialog} busy={sending} confirmLabel={sending ? t("common.sending") : t("feedback.send")} />
      </form>
    </Dialog>
  );
}
