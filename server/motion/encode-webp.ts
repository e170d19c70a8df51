/**
 * Animated WebP with sharp: WhatsApp's animated sticker, the general animated download, and the
 * thumbnails. All frames go in as one tall raw strip (pageHeight), so libwebp diffs them itself.
 */
import sharp from "sharp";
import type { MotionFrames } from "./render-frames.ts";

export interface WebpSettings {
  quality: number;
  /** Below 100 the alpha plane is quantised: it is most of the bytes of a sticker's moving outline. */
  alphaQuality: number;
  effort: number;
}

/**
 * libwebp crops every frame to the part that is not transparent, the first one too, so a sticker's
 * first frame would cover only its middle: WhatsApp wants it to be the whole canvas (the still its
 * chat shows). Two corner pixels at alpha 1 of 255 — in every frame, so nothing changes between
 * frames — keep the first frame whole at no visible cost and a few bytes.
 */
function markCorners(strip: Buffer, size: number, count: number): Buffer {
  for (let frame = 0; frame < count; frame++) {
    for (const [x, y] of [
      [0, 0],
      [size - 1, size - 1],
    ] as const) {
      const at = ((frame * size + y) * size + x) * 4;
      if ((strip[at + 3] ?? 0) > 0) continue;
      strip.fill(255, at, at + 3);
      strip[at + 3] = 1;
    }
  }
  return strip;
}

export function encodeWebp(motion: MotionFrames, settings: WebpSettings): Promise<Buffer> {
  const { size, frames, delays } = motion;
  const strip = markCorners(Buffer.concat(frames), size, frames.length);
  return sharp(strip, { raw: { width: size, height: size * frames.length, channels: 4, pageHeight: size } })
    .webp({ quality: settings.quality, alphaQuality: settings.alphaQuality, effort: settings.effort, loop: 0, delay: delays })
    .toBuffer();
}
