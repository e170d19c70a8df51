/**
 * Whether a picture may be uploaded as a Discord server sticker (rules.ts, Discord): a PNG, APNG or
 * GIF of 320×320 within 512 KiB, playing at most 5 seconds when it moves. Every breach of the file,
 * none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { DISCORD_STICKER_ANIMATION_MAX_MS, DISCORD_STICKER_EDGE_PX, DISCORD_STICKER_MAX_BYTES } from "./rules.ts";

const SERVER_STICKER: PictureRule = {
  what: "Discord server sticker",
  formats: ["PNG", "APNG", "GIF"],
  maxBytes: DISCORD_STICKER_MAX_BYTES,
  edge: exactSquare(DISCORD_STICKER_EDGE_PX),
  motion: DISCORD_STICKER_ANIMATION_MAX_MS,
};

export function checkDiscordSticker(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, SERVER_STICKER);
}
