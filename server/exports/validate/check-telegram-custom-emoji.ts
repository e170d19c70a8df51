/**
 * Whether a file may be offered to Telegram as a custom emoji (rules.ts, Telegram): exactly 100×100,
 * either a still PNG or WebP, or a WebM held to the video sticker's rules, each within its own byte
 * limit. Every breach of the file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { checkTelegramWebm, type TelegramWebmRule } from "./check-telegram-video-sticker.ts";
import { TELEGRAM_EMOJI_EDGE_PX, TELEGRAM_EMOJI_MAX_BYTES, TELEGRAM_VIDEO_EMOJI_MAX_BYTES } from "./rules.ts";

const STILL_EMOJI: PictureRule = {
  what: "Telegram custom emoji",
  formats: ["PNG", "WebP"],
  maxBytes: TELEGRAM_EMOJI_MAX_BYTES,
  edge: exactSquare(TELEGRAM_EMOJI_EDGE_PX),
  motion: "still",
};

const VIDEO_EMOJI: TelegramWebmRule = {
  what: "Telegram video custom emoji",
  edge: exactSquare(TELEGRAM_EMOJI_EDGE_PX),
  maxBytes: TELEGRAM_VIDEO_EMOJI_MAX_BYTES,
};

export function checkTelegramCustomEmoji(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, STILL_EMOJI);
}

export function checkTelegramVideoEmoji(bytes: Uint8Array): Breach[] {
  return checkTelegramWebm(bytes, VIDEO_EMOJI);
}
