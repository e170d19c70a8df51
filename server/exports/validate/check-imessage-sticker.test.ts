import { describe, expect, it } from "vitest";
import { checkIMessageSticker } from "./check-imessage-sticker.ts";
import { makeApng, makeGif, makeJpeg, makePng, makeStillWebp, padPng } from "./test-files.ts";

describe("the iMessage sticker check", () => {
  it("passes a square PNG, APNG, GIF or JPEG at each grid size: 300, 408 and 618 px", async () => {
    expect(checkIMessageSticker(await makePng(300, 300))).toEqual([]);
    expect(checkIMessageSticker(await makeApng({ width: 408, height: 408 }))).toEqual([]);
    expect(checkIMessageSticker(await makeGif({ width: 618, height: 618 }))).toEqual([]);
    expect(checkIMessageSticker(await makeJpeg(408, 408))).toEqual([]);
  });

  it("breaks the edge rule between grid sizes", async () => {
    expect(checkIMessageSticker(await makePng(400, 400))).toEqual([
      expect.objectContaining({ rule: "edge", limit: "square, 300, 408, 618 px", actual: "400×400" }),
    ]);
  });

  it("wants less than 500 KB in thousands: 499,999 bytes pass, 500,000 break the byte rule", async () => {
    const png = await makePng(408, 408);
    expect(checkIMessageSticker(padPng(png, 499_999))).toEqual([]);
    expect(checkIMessageSticker(padPng(png, 500_000))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 499_999, actual: 500_000 }),
    ]);
  });

  it("breaks the format rule with a WebP", async () => {
    expect(checkIMessageSticker(await makeStillWebp(408, 408)).map((breach) => breach.rule)).toEqual(["format"]);
  });
});
