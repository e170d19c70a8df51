import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { apiCall } from "../../lib/api/client.ts";
import { toastError, toastSuccess } from "../../lib/toast.ts";

/** The feedback form (POST /api/userFeedback) in a native modal dialog: focus trap and Escape for free. */
export default function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [sending, setSending] = useState(false);
  const ids = { title: useId(), content: useId(), email: useId() };

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

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
    <dialog
      ref={dialog}
      aria-labelledby={ids.title}
      onClose={onClose}
      className="m-auto w-[min(448px,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/40"
    >
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
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="h-10 rounded-full px-5 text-stone-700 hover:bg-stone-100"
          >
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            disabled={sending}
            className="h-10 rounded-full bg-primary-dark px-5 font-medium text-white hover:bg-primary-darker disabled:opacity-60"
          >
            {sending ? t("common.sending") : t("feedback.send")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
