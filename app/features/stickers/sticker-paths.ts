import { type StickerListItem, stickerSlug } from "#common/stickers.ts";
import { motionDownloadPath } from "../motion/motion-files.ts";

/**
 * The watermarked download of a sticker (spec §9): its PNG, or a moving sticker's animated WebP
 * (decision 0041), served as an attachment named ai-sticker-{timestamp}.{png|webp}.
 */
export function downloadPath(sticker: Pick<StickerListItem, "picId" | "motion">) {
  return sticker.motion
    ? motionDownloadPath(sticker.picId.id, sticker.motion.preset, "webp")
    : `/files/download/${sticker.picId.id}`;
}

/** A sticker's page: /sticker/{instId}/{slug of its name}. */
export function stickerPath(sticker: Pick<StickerListItem, "stickerInstId" | "name">) {
  const slug = stickerSlug(sticker.name);
  return `/sticker/${sticker.stickerInstId}${slug ? `/${slug}` : ""}`;
}
