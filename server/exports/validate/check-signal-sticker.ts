/**
 * Whether a picture may go into a Signal sticker pack (rules.ts, Signal): a PNG, APNG or WebP of
 * 512×512 within 300 KiB, playing at most 3 seconds when it moves. Every breach of the file, none
 * when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { SIGNAL_ANIMATION_MAX_MS, SIGNAL_STICKER_EDGE_PX, SIGNAL_STICKER_MAX_BYTES } from "./rules.ts";

const SIGNAL_STICKER: PictureRule = {
  what: "Signal sticker",
  formats: ["PNG", "APNG", "WebP"],
  maxBytes: SIGNAL_STICKER_MAX_BYTES,
  edge: exactSquare(SIGNAL_STICKER_EDGE_PX),
  motion: SIGNAL_ANIMATION_MAX_MS,
};

export function checkSignalSticker(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, SIGNAL_STICKER);
}
