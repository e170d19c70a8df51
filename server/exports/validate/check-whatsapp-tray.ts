/**
 * Whether a PNG may be a WhatsApp pack's tray icon (rules.ts, WhatsApp): a still 96×96 PNG within
 * its byte limit. Every breach of the file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, exactSquare, type PictureRule } from "./check-picture.ts";
import { WHATSAPP_TRAY_EDGE_PX, WHATSAPP_TRAY_MAX_BYTES } from "./rules.ts";

const TRAY: PictureRule = {
  what: "WhatsApp tray icon",
  // An APNG is read as such so that it breaks the still rule, not the format one.
  formats: ["PNG", "APNG"],
  maxBytes: WHATSAPP_TRAY_MAX_BYTES,
  edge: exactSquare(WHATSAPP_TRAY_EDGE_PX),
  motion: "still",
};

export function checkWhatsAppTray(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, TRAY);
}
