import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { AppError, isAppError } from "#common/errors.ts";
import type { StickerLayers } from "./layers.ts";
import { createMotionPool, type MotionPool } from "./motion-pool.ts";
import { drawnLayers } from "./sample-layers.ts";

let pool: MotionPool | null = null;

afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe("the motion pool", () => {
  it("animates in child processes, at most `concurrency` at once, and answers BUSY past its queue", async () => {
    pool = createMotionPool({ concurrency: 1, queue: 1 });
    const layers: StickerLayers = await drawnLayers({ caption: true });
    const first = pool.makeFiles(layers, "wiggle", ["small"]);
    const second = pool.makeFiles(layers, "pop", ["small"]);
    expect(pool.running).toBe(1);
    expect(pool.waiting).toBe(1);
    const third = await pool.makeFiles(layers, "spin", ["small"]).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect(isAppError(third, "BUSY")).toBe(true);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, pool!.running);
    }, 5);
    const made = await Promise.all([first, second]);
    clearInterval(watch);
    expect(most).toBeLessThanOrEqual(1);
    for (const files of made) expect((await sharp(files.small).metadata()).format).toBe("webp");
    expect(pool.running).toBe(0);
  });

  it("lets a picker's nine previews wait where a sticker's files would be BUSY: four places for each", async () => {
    pool = createMotionPool({ concurrency: 1, queue: 2 });
    const layers = await drawnLayers({ caption: true });
    const presets = ["wiggle", "bounce", "pulse", "shake", "float", "spin", "sparkle", "pop", "type"] as const;
    const previews = presets.map((preset) => pool!.makePreview(layers, preset).catch((e: unknown) => e));
    const answers = await Promise.all(previews);
    // One running and eight waiting: all nine made.
    expect(answers.filter((answer) => Buffer.isBuffer(answer))).toHaveLength(9);
    const tenMore = await Promise.all(
      [...presets, "wiggle" as const].map((preset) => pool!.makePreview(layers, preset).catch((e: unknown) => e)),
    );
    // 1 + 2 × 4 = 9 admitted, the tenth BUSY.
    expect(tenMore.filter((answer) => isAppError(answer, "BUSY"))).toHaveLength(1);
  });

  it("runs two at once with a concurrency of 2, and brings the worker's errors back as their codes", async () => {
    pool = createMotionPool({ concurrency: 2, queue: 0 });
    const layers = await drawnLayers({ caption: false });
    const a = pool.makePreview(layers, "float");
    const b = pool.makePreview(layers, "type").catch((e: unknown) => e);
    expect(pool.running).toBe(2);
    await expect(a).resolves.toBeInstanceOf(Buffer);
    expect(isAppError(await b, "MOTION_PRESET_UNAVAILABLE")).toBe(true);
  });

  it("makes the full set of files off the caller's thread", async () => {
    pool = createMotionPool({ concurrency: 1, queue: 0 });
    const files = await pool.makeFiles(await drawnLayers({ caption: true }), "sparkle");
    expect(Buffer.isBuffer(files.webp)).toBe(true);
    expect(files.report.webm.bytes).toBe(files.webm.length);
  });
});
