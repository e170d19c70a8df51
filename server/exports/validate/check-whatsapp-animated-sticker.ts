/**
 * Whether an animated WebP may be offered to WhatsApp as an animated sticker (rules.ts, WhatsApp):
 * every breach of the file, none when it passes.
 */
import { type Breach, bytesBreach, formatBreaches } from "./breach.ts";
import { readWebp } from "./read-webp.ts";
import {
  WHATSAPP_ANIMATED_STICKER_MAX_BYTES,
  WHATSAPP_ANIMATION_MAX_MS,
  WHATSAPP_FIRST_FRAME,
  WHATSAPP_FRAME_MIN_MS,
  WHATSAPP_STICKER_EDGE_PX,
} from "./rules.ts";

const WHAT = "WhatsApp animated sticker";

export function checkWhatsAppAnimatedSticker(bytes: Uint8Array): Breach[] {
  const webp = readWebp(bytes);
  const breaches = bytesBreach(webp.byteLength, WHATSAPP_ANIMATED_STICKER_MAX_BYTES, WHAT);
  if (webp.problems.length > 0) return [...formatBreaches("WebP", webp.problems), ...breaches];

  const edge = WHATSAPP_STICKER_EDGE_PX;
  if (webp.width !== edge || webp.height !== edge)
    breaches.push({
      rule: "edge",
      limit: `${edge}×${edge}`,
      actual: `${webp.width}×${webp.height}`,
      detail: `${WHAT} canvas is ${webp.width}×${webp.height}, not ${edge}×${edge}`,
    });
  if (!webp.animated) {
    breaches.push({ rule: "animated", limit: "animated", actual: "still", detail: `${WHAT} is a still WebP` });
    return breaches;
  }

  const short = webp.frames.map((frame, index) => ({ index, ms: frame.durationMs })).filter((f) => f.ms < WHATSAPP_FRAME_MIN_MS);
  const shortest = short.reduce<{ index: number; ms: number } | null>((min, f) => (min && min.ms <= f.ms ? min : f), null);
  if (shortest)
    breaches.push({
      rule: "frameDuration",
      limit: WHATSAPP_FRAME_MIN_MS,
      actual: shortest.ms,
      detail: `${WHAT}: ${short.length} frame(s) under ${WHATSAPP_FRAME_MIN_MS} ms, frame ${shortest.index} lasts ${shortest.ms} ms`,
    });

  const totalMs = webp.frames.reduce((sum, frame) => sum + frame.durationMs, 0);
  if (totalMs > WHATSAPP_ANIMATION_MAX_MS)
    breaches.push({
      rule: "duration",
      limit: WHATSAPP_ANIMATION_MAX_MS,
      actual: totalMs,
      detail: `${WHAT} plays for ${totalMs} ms, over ${WHATSAPP_ANIMATION_MAX_MS} ms`,
    });

  const first = webp.frames[0];
  if (first && (first.x !== 0 || first.y !== 0 || first.width !== webp.width || first.height !== webp.height))
    breaches.push({
      rule: "firstFrame",
      limit: WHATSAPP_FIRST_FRAME,
      actual: `${first.width}×${first.height} at ${first.x},${first.y}`,
      detail: `${WHAT}'s first frame covers ${first.width}×${first.height} at ${first.x},${first.y} of a ${webp.width}×${webp.height} canvas`,
    });
  return breaches;
}
