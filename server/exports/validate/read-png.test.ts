import { describe, expect, it } from "vitest";
import { readPng } from "./read-png.ts";
import { makeApng, makePng } from "./test-files.ts";

describe("readPng", () => {
  it("reads a still PNG's size, colour type and alpha, and no frames", async () => {
    expect(readPng(await makePng(96, 80))).toMatchObject({
      width: 96,
      height: 80,
      colourType: 6,
      hasAlpha: true,
      animated: false,
      declaredFrames: 1,
      frames: [],
      problems: [],
    });
  });

  it("reads an APNG's frame count, play count and every frame's delay", async () => {
    const apng = readPng(await makeApng({ width: 48, height: 32, frames: 4 }));
    expect(apng).toMatchObject({ width: 48, height: 32, animated: true, declaredFrames: 4, plays: 0, problems: [] });
    expect(apng.frames.map((frame) => frame.delayMs)).toEqual([100, 100, 100, 100]);
  });
});
