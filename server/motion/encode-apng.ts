/**
 * APNG (Signal and Discord, later) through FFmpeg's APNG encoder, which crops each frame to what changed.
 * Fewer colours come from quantising the whole strip once with sharp's palette PNG, so every frame
 * shares its colours and compresses better.
 */
import { crc32 } from "node:zlib";
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
  const apng = await runFfmpeg(
    [
      ...["-f", "rawvideo", "-pix_fmt", "rgba", "-s", `${size}x${size}`, "-r", String(fps), "-i", "-"],
      ...["-plays", "0", "-pred", "none", "-f", "apng", "-"],
    ],
    input,
  );
  return withFrameCount(apng);
}

/**
 * FFmpeg writing to a pipe cannot seek back to fill in the animation's frame count, so its acTL says
 * 4294967295 frames; browsers then stop or refuse it. The count is the file's fcTL chunks: written in
 * place, with the chunk's CRC made again.
 */
export function withFrameCount(apng: Buffer): Buffer {
  let frames = 0;
  let acTL = -1;
  for (let at = 8; at + 12 <= apng.length; ) {
    const length = apng.readUInt32BE(at);
    const type = apng.toString("latin1", at + 4, at + 8);
    if (type === "acTL") acTL = at;
    else if (type === "fcTL") frames += 1;
    at += 12 + length;
  }
  if (acTL < 0 || frames === 0) return apng;
  const fixed = Buffer.from(apng);
  fixed.writeUInt32BE(frames, acTL + 8);
  fixed.writeUInt32BE(crc32(fixed.subarray(acTL + 4, acTL + 8 + 8)), acTL + 8 + 8);
  return fixed;
}
