/**
 * Whether a PNG may be a WhatsApp pack's tray icon (rules.ts, WhatsApp): a still 96×96 PNG within
 * its byte limit. Every breach of the file, none when it passes.
 */
import { type Breach, bytesBreach, formatBreaches } from "./breach.ts";
import { readPng } from "./read-png.ts";
import { WHATSAPP_TRAY_EDGE_PX, WHATSAPP_TRAY_MAX_BYTES } from "./rules.ts";

const WHAT = "WhatsApp tray icon";

export function checkWhatsAppTray(bytes: Uint8Array): Breach[] {
  const png = readPng(bytes);
  const breaches = bytesBreach(png.byteLength, WHATSAPP_TRAY_MAX_BYTES, WHAT);
  if (png.problems.length > 0) return [...formatBreaches("PNG", png.problems), ...breaches];
  const edge = WHATSAPP_TRAY_EDGE_PX;
  if (png.width !== edge || png.height !== edge)
    breaches.push({
      rule: "edge",
      limit: `${edge}×${edge}`,
      actual: `${png.width}×${png.height}`,
      detail: `${WHAT} is ${png.width}×${png.height}, not ${edge}×${edge}`,
    });
  if (png.animated)
    breaches.push({ rule: "animated", limit: "still", actual: "animated", detail: `${WHAT} is an APNG, not a still PNG` });
  return breaches;
}
