import { useTranslation } from "#app/i18n/i18n.tsx";
import { shareSticker } from "../stickers/share-sticker.ts";

/** Shares a new sticker's page from the result view (same behaviour as the detail page's Share). */
export function ShareStickerButton({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={() => void shareSticker(title, new URL(path, window.location.origin).toString(), t)}
      className="inline-flex h-10 items-center justify-center rounded-full px-5 ring-1 ring-stone-300 hover:bg-white"
    >
      {t("stickerActions.share")}
    </button>
  );
}
