/**
 * Animated GIF with sharp, for places without WebP: a shared palette of at most `colours`, binary
 * transparency (GIF has no other), frames diffed against the one before.
 */
import sharp from "sharp";
import type { MotionFrames } from "./render-frames.ts";

export interface GifSettings {
  colours: number;
  dither: number;
}

export function encodeGif(motion: MotionFrames, settings: GifSettings): Promise<Buffer> {
  const { size, frames, delays } = motion;
  return sharp(Buffer.concat(frames), { raw: { width: size, height: size * frames.length, channels: 4, pageHeight: size } })
    .gif({ colours: settings.colours, dither: settings.dither, effort: 1, loop: 0, delay: delays, interFrameMaxError: 4 })
    .toBuffer();
}
