import { beforeAll, describe, expect, it } from "vitest";
import { MOTION_PRESETS, type MotionPreset } from "#common/motion.ts";
import type { StickerLayers } from "./layers.ts";
import { planFrame } from "./plan-motion.ts";
import { type PreparedSticker, prepareSticker } from "./prepare-sticker.ts";
import { renderFrame, renderFrames } from "./render-frames.ts";
import { drawnLayers } from "./sample-layers.ts";

const SIZE = 128;
const FPS = 10;

/** Mean absolute difference per channel between two RGBA frames, optionally inside a box. */
function difference(a: Buffer, b: Buffer, box?: { x0: number; y0: number; x1: number; y1: number }): number {
  const { x0, y0, x1, y1 } = box ?? { x0: 0, y0: 0, x1: SIZE, y1: SIZE };
  let sum = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * SIZE + x) * 4;
      for (let c = 0; c < 4; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
    }
  }
  return sum / ((x1 - x0) * (y1 - y0) * 4);
}

let layered: StickerLayers;
let plain: StickerLayers;
let withLayers: PreparedSticker;
let withoutLayers: PreparedSticker;

beforeAll(async () => {
  layered = await drawnLayers({ caption: true });
  plain = { whole: layered.whole };
  [withLayers, withoutLayers] = await Promise.all([prepareSticker(layered, SIZE), prepareSticker(plain, SIZE)]);
});

function presetsFor(sticker: PreparedSticker): MotionPreset[] {
  return MOTION_PRESETS.filter((preset) => preset !== "type" || sticker.caption !== null);
}

describe("the motion presets' frames", () => {
  it("start with the complete sticker exactly as still, for every preset, with and without layers", () => {
    for (const sticker of [withLayers, withoutLayers]) {
      for (const preset of presetsFor(sticker)) {
        const { frames } = renderFrames(sticker, preset, FPS);
        expect(frames[0]!.equals(sticker.whole), `${preset}, layers: ${sticker.caption !== null}`).toBe(true);
      }
    }
  });

  it("loop seamlessly: the step from the last frame back to the first is no bigger than the largest step between neighbours", () => {
    for (const sticker of [withLayers, withoutLayers]) {
      for (const preset of presetsFor(sticker)) {
        const { frames } = renderFrames(sticker, preset, FPS);
        let largest = 0;
        for (let i = 1; i < frames.length; i++) largest = Math.max(largest, difference(frames[i - 1]!, frames[i]!));
        const wrap = difference(frames.at(-1)!, frames[0]!);
        expect(wrap, preset).toBeLessThanOrEqual(largest);
      }
    }
  });

  it("move: every preset's frames differ from one another", () => {
    for (const sticker of [withLayers, withoutLayers]) {
      for (const preset of presetsFor(sticker)) {
        const { frames } = renderFrames(sticker, preset, FPS);
        const moved = Math.max(...frames.map((frame) => difference(frame, frames[0]!)));
        // Sparkle's stars are small: they move less of the canvas than the others.
        expect(moved, preset).toBeGreaterThan(preset === "sparkle" ? 0.2 : 1);
      }
    }
  });

  it("differ from preset to preset", () => {
    const times = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
    const looks = new Map(
      presetsFor(withLayers).map((preset) => [
        preset,
        times.map((t) => renderFrame(withLayers, planFrame(preset, withLayers.layout, t))),
      ]),
    );
    const presets = [...looks.keys()];
    for (const [i, a] of presets.entries()) {
      for (const b of presets.slice(i + 1)) {
        const apart = times.reduce((sum, _, k) => sum + difference(looks.get(a)![k]!, looks.get(b)![k]!), 0);
        expect(apart, `${a} vs ${b}`).toBeGreaterThan(1);
      }
    }
  });

  it("type the caption back in reading order while the subject stays as it was", () => {
    const caption = withLayers.caption!.box;
    const { frames } = renderFrames(withLayers, "type", FPS);
    const subjectRows = { x0: 0, y0: 0, x1: SIZE, y1: caption.y0 - 2 };
    // The caption goes and comes back…
    const captionChange = Math.max(...frames.map((frame) => difference(frame, frames[0]!, caption)));
    expect(captionChange).toBeGreaterThan(20);
    // …while the subject only idles: it never leaves its place.
    for (const frame of frames) expect(difference(frame, frames[0]!, subjectRows)).toBeLessThan(6);
    // Partway through the typing the left of the caption is back before its right.
    const middle = frames.find((_, i) => {
      const t = i / frames.length;
      return t > 0.45 && t < 0.65;
    })!;
    const half = Math.round((caption.x0 + caption.x1) / 2);
    const left = difference(middle, frames[0]!, { ...caption, x1: half });
    const right = difference(middle, frames[0]!, { ...caption, x0: half });
    expect(left).toBeLessThan(right);
  });

  it("type right-to-left captions from the right", async () => {
    const rtl = await prepareSticker({ ...layered, captionDirection: "rtl" }, SIZE);
    const caption = rtl.caption!.box;
    const { frames } = renderFrames(rtl, "type", FPS);
    const middle = frames.find((_, i) => i / frames.length > 0.45 && i / frames.length < 0.65)!;
    const half = Math.round((caption.x0 + caption.x1) / 2);
    expect(difference(middle, frames[0]!, { ...caption, x0: half })).toBeLessThan(
      difference(middle, frames[0]!, { ...caption, x1: half }),
    );
  });

  it("move a plain picture as a whole: its caption moves with the subject", () => {
    const caption = withLayers.caption!.box;
    const bounceAlone = renderFrames(withoutLayers, "bounce", FPS).frames;
    const bounceLayered = renderFrames(withLayers, "bounce", FPS).frames;
    const moved = (frames: Buffer[]) => Math.max(...frames.map((frame) => difference(frame, frames[0]!, caption)));
    expect(moved(bounceAlone)).toBeGreaterThan(2 * moved(bounceLayered));
  });

  it("keep the sparkle's stars inside the canvas and the sticker still beneath them", () => {
    const { frames } = renderFrames(withoutLayers, "sparkle", FPS);
    const box = withoutLayers.subject.box;
    const inner = { x0: box.x0 + 20, y0: box.y0 + 20, x1: box.x1 - 20, y1: box.y1 - 20 };
    for (const frame of frames) expect(difference(frame, frames[0]!, inner)).toBeLessThan(0.5);
    expect(Math.max(...frames.map((frame) => difference(frame, frames[0]!)))).toBeGreaterThan(0.2);
  });
});
