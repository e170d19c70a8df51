/**
 * Whether a picture may be offered to Telegram as a still sticker (rules.ts, Telegram): a still PNG
 * or WebP, one side exactly 512 px and the other 512 or less, within TDLib's byte limit. Every breach
 * of the file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, oneSideExactly, type PictureRule } from "./check-picture.ts";
import { TELEGRAM_STICKER_EDGE_PX, TELEGRAM_STILL_MAX_BYTES } from "./rules.ts";

const STILL_STICKER: PictureRule = {
  what: "Telegram still sticker",
  formats: ["PNG", "WebP"],
  maxBytes: TELEGRAM_STILL_MAX_BYTES,
  edge: oneSideExactly(TELEGRAM_STICKER_EDGE_PX),
  motion: "still",
};

export function checkTelegramStillSticker(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, STILL_STICKER);
}
