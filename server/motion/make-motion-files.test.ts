import { spawnSync } from "node:child_process";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "#common/errors.ts";
import type { StickerLayers } from "./layers.ts";
import { type MotionFiles, makeMotionFiles } from "./make-motion-files.ts";
import { makeMotionPreview } from "./make-motion-preview.ts";
import { ffmpegBinary } from "./run-ffmpeg.ts";
import { drawnLayers } from "./sample-layers.ts";

let layers: StickerLayers;
let files: MotionFiles;

beforeAll(async () => {
  layers = await drawnLayers({ caption: true });
  files = await makeMotionFiles(layers, "bounce");
}, 60_000);

describe("a sticker's motion files", () => {
  it("are animated WebPs of 512, 256 and 160 px within their limits, every frame at least 8 ms", async () => {
    for (const [kind, side, limit] of [
      ["webp", 512, 500_000],
      ["thumb", 256, 120_000],
      ["small", 160, 60_000],
    ] as const) {
      const meta = await sharp(files[kind], { animated: true }).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(side);
      expect(meta.pageHeight).toBe(side);
      expect(meta.pages).toBe(files.report[kind].frames);
      expect(meta.loop).toBe(0);
      expect(Math.min(...meta.delay!)).toBeGreaterThanOrEqual(8);
      expect(meta.delay!.reduce((sum, d) => sum + d, 0)).toBeLessThanOrEqual(10_000);
      expect(files[kind].length).toBeLessThanOrEqual(limit);
      expect(files.report[kind].bytes).toBe(files[kind].length);
    }
  });

  it("start, in the WebP, with the complete sticker", async () => {
    const first = await sharp(files.webp, { page: 0 }).raw().toBuffer();
    const still = await sharp(layers.whole).ensureAlpha().raw().toBuffer();
    // Lossy, so near, not equal: compared premultiplied, as a clear pixel's colour means nothing.
    let difference = 0;
    for (let i = 0; i < still.length; i += 4) {
      for (let c = 0; c < 3; c++)
        difference += Math.abs((first[i + c]! * first[i + 3]!) / 255 - (still[i + c]! * still[i + 3]!) / 255);
      difference += Math.abs(first[i + 3]! - still[i + 3]!);
    }
    expect(difference / still.length).toBeLessThan(3);
  });

  it("include Telegram's WebM: VP9 with alpha, 512 px, at most 3 s and 30 fps, no audio, within 256,000 bytes", () => {
    expect(files.webm.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    expect(files.webm.length).toBeLessThanOrEqual(256_000);
    const probe = spawnSync(ffmpegBinary(), ["-hide_banner", "-i", "pipe:0"], { input: files.webm });
    const info = probe.stderr.toString();
    expect(info).toMatch(/Video: vp9/);
    expect(info).toMatch(/512x512/);
    expect(info).toMatch(/alpha_mode\s*: 1/);
    expect(info).not.toMatch(/Audio:/);
    const [, seconds] = /Duration: 00:00:(\d+\.\d+)/.exec(info)!;
    expect(Number(seconds)).toBeLessThanOrEqual(3);
    expect(files.report.webm.fps).toBeLessThanOrEqual(30);
  });

  it("include a GIF within 2,000,000 bytes and an APNG", async () => {
    const gif = await sharp(files.gif, { animated: true }).metadata();
    expect(gif.format).toBe("gif");
    expect(gif.width).toBe(512);
    // The GIF encoder merges frames that did not change, adding up their delays.
    expect(gif.pages).toBeLessThanOrEqual(files.report.gif.frames);
    expect(gif.delay!.reduce((sum, d) => sum + d, 0)).toBeGreaterThan(1_900);
    expect(files.gif.length).toBeLessThanOrEqual(2_000_000);
    expect(files.apng.subarray(1, 4).toString()).toBe("PNG");
    expect(files.apng.includes(Buffer.from("acTL"))).toBe(true);
    expect(files.report.apng.bytes).toBe(files.apng.length);
  });

  it("refuse 'type' for a plain picture, which has no caption layer", async () => {
    const error = await makeMotionFiles({ whole: layers.whole }, "type").catch((e: unknown) => e);
    expect(isAppError(error, "MOTION_PRESET_UNAVAILABLE")).toBe(true);
  });

  it("answer MOTION_TOO_LARGE when a file cannot be made to fit", async () => {
    const error = await makeMotionFiles(layers, "pulse", { limits: { webm: 2_000 } }).catch((e: unknown) => e);
    expect(isAppError(error, "MOTION_TOO_LARGE")).toBe(true);
  });
});

describe("the motion preview", () => {
  it("is a small animated WebP, quick to make", async () => {
    const started = performance.now();
    const preview = await makeMotionPreview(layers, "wiggle");
    const ms = performance.now() - started;
    const meta = await sharp(preview, { animated: true }).metadata();
    expect(meta.width).toBe(192);
    expect(meta.pages).toBeGreaterThan(10);
    expect(preview.length).toBeLessThanOrEqual(80_000);
    // Generous for a loaded test machine; the bench measures the real figure.
    expect(ms).toBeLessThan(2_000);
  });
});
