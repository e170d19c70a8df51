import { beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "#common/errors.ts";
import { encodeWebp } from "./encode-webp.ts";
import { thumbLadder } from "./file-ladders.ts";
import { fitSize } from "./fit-size.ts";
import { framesCache } from "./make-motion-files.ts";
import { type PreparedSticker, prepareSticker } from "./prepare-sticker.ts";
import type { MotionFrames } from "./render-frames.ts";
import { drawnLayers } from "./sample-layers.ts";

let framesAt: (fps: number) => MotionFrames;

beforeAll(async () => {
  const sticker: PreparedSticker = await prepareSticker(await drawnLayers({ caption: false }), 96);
  framesAt = framesCache(sticker, "wiggle");
});

describe("the size-fitting search", () => {
  it("takes the best settings when they fit, in one try", async () => {
    const { report } = await fitSize({ limit: 10_000_000, candidates: thumbLadder(), framesAt, encode: encodeWebp });
    expect(report).toMatchObject({ tries: 1, fps: 15, quality: "q80/a70" });
  });

  it("tries smaller settings under a tighter limit, and fits", async () => {
    const best = await fitSize({ limit: 10_000_000, candidates: thumbLadder(), framesAt, encode: encodeWebp });
    const limit = Math.round(best.report.bytes * 0.7);
    const { file, report } = await fitSize({ limit, candidates: thumbLadder(), framesAt, encode: encodeWebp });
    expect(report.tries).toBeGreaterThan(1);
    expect(file.length).toBeLessThanOrEqual(limit);
    expect(report.bytes).toBe(file.length);
  });

  it("answers MOTION_TOO_LARGE when nothing fits a tiny limit, after trying the smallest settings", async () => {
    const tries: number[] = [];
    const error = await fitSize({
      limit: 500,
      candidates: thumbLadder(),
      framesAt,
      encode: (frames, settings) => {
        tries.push(frames.fps);
        return encodeWebp(frames, settings);
      },
    }).catch((e: unknown) => e);
    expect(isAppError(error, "MOTION_TOO_LARGE")).toBe(true);
    expect(tries.length).toBeGreaterThan(1);
    expect(tries.at(-1)).toBe(8);
  });

  it("keeps the smallest try of a soft target instead of failing", async () => {
    const { file, report } = await fitSize({ limit: 500, candidates: thumbLadder(), framesAt, encode: encodeWebp, soft: true });
    expect(file.length).toBeGreaterThan(500);
    expect(report.bytes).toBe(file.length);
  });
});
