import { describe, expect, it } from "vitest";
import { checkSignalSticker } from "./check-signal-sticker.ts";
import { makeApng, makeGif, makePng, makeStillWebp, padPng, withApngFrameDelay } from "./test-files.ts";

describe("the Signal sticker check", () => {
  it("passes a 512×512 PNG, WebP and APNG", async () => {
    expect(checkSignalSticker(await makePng(512, 512))).toEqual([]);
    expect(checkSignalSticker(await makeStillWebp(512, 512))).toEqual([]);
    expect(checkSignalSticker(await makeApng({ width: 512, height: 512 }))).toEqual([]);
  });

  it("counts 300 KiB as Signal Desktop does: 307,200 bytes pass, 307,201 break the byte rule", async () => {
    const png = await makePng(512, 512);
    expect(checkSignalSticker(padPng(png, 307_200))).toEqual([]);
    expect(checkSignalSticker(padPng(png, 307_201))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 307_200, actual: 307_201 }),
    ]);
  });

  it("passes an APNG of 3,000 ms and breaks the duration rule at 3,001 ms", async () => {
    const apng = withApngFrameDelay(withApngFrameDelay(await makeApng({ width: 512, height: 512, frames: 2 }), 0, 1500), 1, 1500);
    expect(checkSignalSticker(apng)).toEqual([]);
    expect(checkSignalSticker(withApngFrameDelay(apng, 1, 1501))).toEqual([
      expect.objectContaining({ rule: "duration", limit: 3000, actual: 3001 }),
    ]);
  });

  it("breaks the format rule with a GIF and the edge rule with a 256 px PNG", async () => {
    expect(checkSignalSticker(await makeGif()).map((breach) => breach.rule)).toEqual(["format"]);
    expect(checkSignalSticker(await makePng(256, 256))).toEqual([expect.objectContaining({ rule: "edge", actual: "256×256" })]);
  });
});
