import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readWebp } from "./read-webp.ts";
import { makeAnimatedWebp, makeStillWebp, padWebp } from "./test-files.ts";

describe("readWebp", () => {
  it("reads an animated WebP's canvas, loop count and every frame's place, duration, blending and disposal", async () => {
    const webp = readWebp(await makeAnimatedWebp({ width: 64, height: 48, delaysMs: [40, 250, 1000] }));
    expect(webp).toMatchObject({ width: 64, height: 48, animated: true, loopCount: 0, problems: [] });
    expect(webp.frames.map((frame) => frame.durationMs)).toEqual([40, 250, 1000]);
    expect(webp.frames[0]).toEqual({ x: 0, y: 0, width: 64, height: 48, durationMs: 40, blend: "none", dispose: "none" });
  });

  it("reads a first frame cropped to its visible part as a partial frame", async () => {
    const webp = readWebp(await makeAnimatedWebp({ width: 64, height: 64, partialFirstFrame: true }));
    expect(webp.frames[0]).toMatchObject({ x: 0, y: 0, width: 32, height: 64 });
  });

  it("reads a lossy still (VP8) and a lossless still with alpha (VP8L) as one frame of the full canvas", async () => {
    const lossy = readWebp(await makeStillWebp(100, 60));
    expect(lossy).toMatchObject({ width: 100, height: 60, animated: false, loopCount: null, problems: [] });
    expect(lossy.frames).toEqual([{ x: 0, y: 0, width: 100, height: 60, durationMs: 0, blend: "none", dispose: "none" }]);
    const transparent = await sharp({
      create: { width: 33, height: 17, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .webp({ lossless: true })
      .toBuffer();
    expect(readWebp(transparent)).toMatchObject({ width: 33, height: 17, hasAlpha: true, problems: [] });
  });

  it("skips unknown chunks, ignores bytes after the RIFF's end and counts every byte of the file", async () => {
    const padded = Buffer.concat([padWebp(await makeAnimatedWebp({ width: 64, height: 64 }), 10_000), Buffer.alloc(3)]);
    expect(readWebp(padded)).toMatchObject({ width: 64, frames: [{}, {}, {}], byteLength: 10_003, problems: [] });
  });
});
