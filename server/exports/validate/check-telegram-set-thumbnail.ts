/**
 * Whether a file may be a Telegram sticker set's thumbnail (rules.ts, Telegram): exactly 100×100,
 * a still PNG or WebP for a still set, or a WebM held to the video sticker's rules for a video set
 * (the thumbnail's format must match the set's), each within its own byte limit. Every breach of the
 * file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { checkTelegramWebm, type TelegramWebmRule } from "./check-telegram-video-sticker.ts";
import { TELEGRAM_THUMBNAIL_EDGE_PX, TELEGRAM_THUMBNAIL_MAX_BYTES, TELEGRAM_VIDEO_THUMBNAIL_MAX_BYTES } from "./rules.ts";

const STILL_THUMBNAIL: PictureRule = {
  what: "Telegram set thumbnail",
  formats: ["PNG", "WebP"],
  maxBytes: TELEGRAM_THUMBNAIL_MAX_BYTES,
  edge: exactSquare(TELEGRAM_THUMBNAIL_EDGE_PX),
  motion: "still",
};

const VIDEO_THUMBNAIL: TelegramWebmRule = {
  what: "Telegram video set thumbnail",
  edge: exactSquare(TELEGRAM_THUMBNAIL_EDGE_PX),
  maxBytes: TELEGRAM_VIDEO_THUMBNAIL_MAX_BYTES,
};

export function checkTelegramSetThumbnail(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, STILL_THUMBNAIL);
}

export function checkTelegramVideoSetThumbnail(bytes: Uint8Array): Breach[] {
  return checkTelegramWebm(bytes, VIDEO_THUMBNAIL);
}
