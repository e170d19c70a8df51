/**
 * Whether a picture may be uploaded as a Discord emoji (rules.ts, Discord): a 128×128 PNG, GIF, WebP
 * or JPEG, still or animated, within 256 KiB. Every breach of the file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { DISCORD_EMOJI_EDGE_PX, DISCORD_EMOJI_MAX_BYTES } from "./rules.ts";

const EMOJI: PictureRule = {
  what: "Discord emoji",
  formats: ["PNG", "GIF", "WebP", "JPEG"],
  maxBytes: DISCORD_EMOJI_MAX_BYTES,
  edge: exactSquare(DISCORD_EMOJI_EDGE_PX),
  motion: null,
};

export function checkDiscordEmoji(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, EMOJI);
}
