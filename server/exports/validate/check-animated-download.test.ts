import { describe, expect, it } from "vitest";
import { checkAnimatedDownload } from "./check-animated-download.ts";
import { makeAnimatedWebp, makeApng, makeGif, makePng, makeStillWebp } from "./test-files.ts";

describe("the animated download check", () => {
  it("passes an animated WebP, a GIF and an APNG of 512×512, and smaller ones", async () => {
    expect(checkAnimatedDownload(await makeAnimatedWebp(), "webp")).toEqual([]);
    expect(checkAnimatedDownload(await makeGif(), "gif")).toEqual([]);
    expect(checkAnimatedDownload(await makeApng(), "apng")).toEqual([]);
    expect(checkAnimatedDownload(await makeGif({ width: 300, height: 200 }), "gif")).toEqual([]);
  });

  it("breaks the edge rule at 513×512 in each format", async () => {
    const files = {
      webp: await makeAnimatedWebp({ width: 513, height: 512 }),
      gif: await makeGif({ width: 513, height: 512 }),
      apng: await makeApng({ width: 513, height: 512 }),
    };
    for (const [format, bytes] of Object.entries(files))
      expect(checkAnimatedDownload(bytes, format as keyof typeof files)).toEqual([
        expect.objectContaining({ rule: "edge", actual: "513×512" }),
      ]);
  });

  it("breaks the animated rule with a still WebP, a one-frame GIF and a plain PNG", async () => {
    const animated = expect.objectContaining({ rule: "animated", limit: 2, actual: 1 });
    expect(checkAnimatedDownload(await makeStillWebp(), "webp")).toEqual([animated]);
    expect(checkAnimatedDownload(await makeGif({ delaysMs: [100] }), "gif")).toEqual([animated]);
    expect(checkAnimatedDownload(await makePng(), "apng")).toEqual([expect.objectContaining({ rule: "animated", actual: 0 })]);
  });

  it("answers a format breach when the bytes are not the format asked for", async () => {
    expect(checkAnimatedDownload(await makeGif(), "webp")).toEqual([expect.objectContaining({ rule: "format", limit: "WebP" })]);
    expect(checkAnimatedDownload(await makeAnimatedWebp(), "gif")).toEqual([
      expect.objectContaining({ rule: "format", limit: "GIF" }),
    ]);
  });
});
