import { useTranslation } from "#app/i18n/i18n.tsx";
import type { StickerListItem } from "#common/stickers.ts";
import { ShareFileButton } from "../stickers/share-file-button.tsx";

/** Shares a new sticker's file from the result view (same behaviour as the detail page's Share; decision 0046). */
export function ShareStickerButton({ sticker, path }: { sticker: StickerListItem; path: string }) {
  const { t } = useTranslation();
  return (
    <ShareFileButton
      stickers={[{ picId: sticker.picId.id, name: sticker.name, motion: sticker.motion?.preset ?? null }]}
      title={sticker.name}
      url={() => new URL(path, window.location.origin).toString()}
      className="inline-flex h-10 items-center justify-center gap-2 rounded-full px-5 ring-1 ring-stone-300 hover:bg-white"
    >
      {t("stickerActions.share")}
    </ShareFileButton>
  );
}
