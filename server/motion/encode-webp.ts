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

export function encodeWebp(motion: MotionFrames, settings: WebpSettings): Promise<Buffer> {
  const { size, frames, delays } = motion;
  return sharp(Buffer.concat(frames), { raw: { width: size, height: size * frames.length, channels: 4, pageHeight: size } })
    .webp({ quality: settings.quality, alphaQuality: settings.alphaQuality, effort: settings.effort, loop: 0, delay: delays })
    .toBuffer();
}
