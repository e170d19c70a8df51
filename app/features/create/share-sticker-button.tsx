import { useTranslation } from "../../i18n/i18n.tsx";
import { toastError, toastSuccess } from "../../lib/toast.ts";

/** Shares a sticker's page: the system share sheet where there is one, else the link to the clipboard. */
export function ShareStickerButton({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={async () => {
        const url = new URL(path, window.location.origin).toString();
        try {
          if (typeof navigator.share === "function") {
            await navigator.share({ title, url });
            return;
          }
          await navigator.clipboard.writeText(url);
          toastSuccess(t("create.progress.linkCopied"));
        } catch (error) {
          // Closing the share sheet is a cancel, not an error (spec §8).
          if (error instanceof DOMException && error.name === "AbortError") return;
          toastError(error, t);
        }
      }}
      className="inline-flex h-10 items-center justify-center rounded-full px-5 ring-1 ring-stone-300 hover:bg-white"
    >
      {t("create.progress.share")}
    </button>
  );
}
