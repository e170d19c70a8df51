/**
 * Whether a picture may be offered to WhatsApp as a still sticker (rules.ts, WhatsApp): a still WebP
 * of exactly 512×512 within 100 KiB. Every breach of the file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { WHATSAPP_STICKER_EDGE_PX, WHATSAPP_STILL_STICKER_MAX_BYTES } from "./rules.ts";

const STILL_STICKER: PictureRule = {
  what: "WhatsApp still sticker",
  formats: ["WebP"],
  maxBytes: WHATSAPP_STILL_STICKER_MAX_BYTES,
  edge: exactSquare(WHATSAPP_STICKER_EDGE_PX),
  motion: "still",
};

export function checkWhatsAppStillSticker(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, STILL_STICKER);
}
