import { toastError, toastSuccess } from "#app/lib/toast.ts";

/** Web Share where the device has it, else the page's address to the clipboard. */
export async function shareSticker(title: string, url: string, t: (key: string) => string) {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // Closing the share sheet is not an error (spec §8: share cancel is silent).
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess(t("stickerActions.linkCopied"));
  } catch (error) {
    toastError(error, t);
  }
}
