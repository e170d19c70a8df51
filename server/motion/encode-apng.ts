/**
 * APNG (Signal and Discord, later) through FFmpeg's APNG encoder, which crops each frame to what changed.
 * Fewer colours come from quantising the whole strip once with sharp's palette PNG, so every frame
 * shares its colours and compresses better.
 */
import sharp from "sharp";
import type { MotionFrames } from "./render-frames.ts";
import { runFfmpeg } from "./run-ffmpeg.ts";

export interface ApngSettings {
  /** 0: full colour; otherwise the palette's size. */
  colours: number;
}

export async function encodeApng(motion: MotionFrames, settings: ApngSettings): Promise<Buffer> {
  const { size, frames, fps } = motion;
  let input: Buffer | Buffer[] = frames;
  if (settings.colours > 0) {
    const strip = await sharp(Buffer.concat(frames), { raw: { width: size, height: size * frames.length, channels: 4 } })
      .png({ palette: true, colours: settings.colours, dither: 0, effort: 1 })
      .toBuffer();
    input = await sharp(strip).ensureAlpha().raw().toBuffer();
  }
  return runFfmpeg(
    [
      ...["-f", "rawvideo", "-pix_fmt", "rgba", "-s", `${size}x${size}`, "-r", String(fps), "-i", "-"],
      ...["-plays", "0", "-pred", "none", "-f", "apng", "-"],
    ],
    input,
  );
}
