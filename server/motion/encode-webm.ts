/**
 * Telegram's video sticker: VP9 with alpha in WebM (no audio, ≤ 3 s, ≤ 30 fps). The colour and the
 * alpha plane are encoded as two realtime VP9 streams side by side, then muxed by write-webm.ts (why:
 * see there).
 */
import type { MotionFrames } from "./render-frames.ts";
import { runFfmpeg } from "./run-ffmpeg.ts";
import { readIvf, writeWebm } from "./write-webm.ts";

export interface WebmSettings {
  /** VP9's constant quality for the colour, 0 (best) to 63. */
  crf: number;
  /** The same for the alpha plane, whose edges matter more than its flat areas. */
  alphaCrf: number;
}

function vp9Args(size: number, fps: number, pixelFormat: string, crf: number): string[] {
  return [
    ...["-f", "rawvideo", "-pix_fmt", pixelFormat, "-s", `${size}x${size}`, "-r", String(fps), "-i", "-"],
    ...["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", String(crf)],
    // Realtime speed, and no hidden alt-ref frames, so the two streams stay frame for frame.
    ...["-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1", "-threads", "2", "-lag-in-frames", "0", "-auto-alt-ref", "0"],
    ...["-g", "600", "-an", "-f", "ivf", "-"],
  ];
}

/** Colour frames with fully clear pixels turned white (the sticker's border colour, so edges do not darken), and the alpha planes. */
function splitPlanes(frames: Buffer[], size: number): { color: Buffer[]; alpha: Buffer[] } {
  const area = size * size;
  const chroma = Buffer.alloc(area / 2, 128);
  const color: Buffer[] = [];
  const alpha: Buffer[] = [];
  for (const frame of frames) {
    const rgb = Buffer.from(frame);
    const a = Buffer.alloc(area);
    for (let p = 0, i = 0; p < area; p++, i += 4) {
      const value = frame[i + 3]!;
      a[p] = value;
      if (value === 0) {
        rgb[i] = 255;
        rgb[i + 1] = 255;
        rgb[i + 2] = 255;
      }
    }
    color.push(rgb);
    alpha.push(a, chroma);
  }
  return { color, alpha };
}

export async function encodeWebm(motion: MotionFrames, settings: WebmSettings): Promise<Buffer> {
  const { size, fps } = motion;
  const planes = splitPlanes(motion.frames, size);
  const [colorIvf, alphaIvf] = await Promise.all([
    runFfmpeg(vp9Args(size, fps, "rgba", settings.crf), planes.color),
    runFfmpeg(vp9Args(size, fps, "yuv420p", settings.alphaCrf), planes.alpha),
  ]);
  const color = readIvf(colorIvf);
  const alpha = readIvf(alphaIvf);
  return writeWebm({ width: size, height: size, fps, color, alpha, delays: motion.delays });
}
