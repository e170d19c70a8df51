import { beforeAll, describe, expect, it } from "vitest";
import { checkWhatsAppAnimatedSticker } from "./check-whatsapp-animated-sticker.ts";
import { makeAnimatedWebp, makeStillWebp, padWebp, withFrameDuration } from "./test-files.ts";

const rules = (bytes: Buffer) => checkWhatsAppAnimatedSticker(bytes).map((breach) => breach.rule);

describe("the WhatsApp animated sticker check", () => {
  let sticker: Buffer;
  beforeAll(async () => {
    sticker = await makeAnimatedWebp();
  });

  it("passes a 512×512 animated WebP of three 100 ms frames whose first frame fills the canvas", () => {
    expect(checkWhatsAppAnimatedSticker(sticker)).toEqual([]);
  });

  it("passes a file of exactly 500 KiB (512,000 bytes) and breaks only the byte rule at 512,001 and 512,002", () => {
    const exact = padWebp(sticker, 512_000);
    expect(exact.length).toBe(512_000);
    expect(checkWhatsAppAnimatedSticker(exact)).toEqual([]);
    // A RIFF is even-sized, so one byte more is one byte after its end, which players ignore and the file still counts.
    const oneOver = Buffer.concat([exact, Buffer.alloc(1)]);
    expect(checkWhatsAppAnimatedSticker(oneOver)).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 512_000, actual: 512_001 }),
    ]);
    expect(checkWhatsAppAnimatedSticker(padWebp(sticker, 512_002))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 512_000, actual: 512_002 }),
    ]);
  });

  it("passes a frame of 8 ms and breaks the frame duration rule with one of 7 ms", () => {
    expect(checkWhatsAppAnimatedSticker(withFrameDuration(sticker, 1, 8))).toEqual([]);
    expect(checkWhatsAppAnimatedSticker(withFrameDuration(sticker, 1, 7))).toEqual([
      expect.objectContaining({ rule: "frameDuration", limit: 8, actual: 7 }),
    ]);
  });

  it("passes an animation of 10,000 ms in all and breaks the duration rule at 10,001 ms", () => {
    const tenSeconds = withFrameDuration(withFrameDuration(withFrameDuration(sticker, 0, 3334), 1, 3333), 2, 3333);
    expect(checkWhatsAppAnimatedSticker(tenSeconds)).toEqual([]);
    expect(checkWhatsAppAnimatedSticker(withFrameDuration(tenSeconds, 2, 3334))).toEqual([
      expect.objectContaining({ rule: "duration", limit: 10_000, actual: 10_001 }),
    ]);
  });

  it("breaks the edge rule with a 511×512 or a 513×512 canvas", async () => {
    for (const width of [511, 513]) {
      const breaches = checkWhatsAppAnimatedSticker(await makeAnimatedWebp({ width, height: 512 }));
      expect(breaches).toEqual([expect.objectContaining({ rule: "edge", limit: "512×512", actual: `${width}×512` })]);
    }
  });

  it("breaks the first frame rule when the first frame covers only part of the canvas", async () => {
    const partial = await makeAnimatedWebp({ partialFirstFrame: true });
    expect(checkWhatsAppAnimatedSticker(partial)).toEqual([
      expect.objectContaining({ rule: "firstFrame", actual: "256×512 at 0,0" }),
    ]);
  });

  it("breaks the animated rule with a still WebP", async () => {
    expect(rules(await makeStillWebp())).toEqual(["animated"]);
  });

  it("answers format breaches, without throwing, for bytes that are no WebP or a cut-short one", () => {
    expect(rules(Buffer.from("definitely not a picture"))).toEqual(["format"]);
    expect(rules(sticker.subarray(0, sticker.length - 100))).toContain("format");
  });
});
