import { beforeAll, describe, expect, it } from "vitest";
import { checkTelegramSetThumbnail, checkTelegramVideoSetThumbnail } from "./check-telegram-set-thumbnail.ts";
import { makePng, makeStillWebp, makeWebm, padWebm, padWebp } from "./test-files.ts";

describe("the Telegram set thumbnail checks", () => {
  let video: Buffer;
  beforeAll(async () => {
    video = await makeWebm({ width: 100, height: 100, seconds: 1 });
  });

  it("pass a still 100×100 WebP or PNG, and a 100×100 WebM", async () => {
    expect(checkTelegramSetThumbnail(await makeStillWebp(100, 100))).toEqual([]);
    expect(checkTelegramSetThumbnail(await makePng(100, 100))).toEqual([]);
    expect(checkTelegramVideoSetThumbnail(video)).toEqual([]);
  });

  it("count TDLib's limits: a still thumbnail 131,072 bytes, a video one 32,768", async () => {
    const webp = await makeStillWebp(100, 100);
    expect(checkTelegramSetThumbnail(padWebp(webp, 131_072))).toEqual([]);
    expect(checkTelegramSetThumbnail(padWebp(webp, 131_074))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 131_072 }),
    ]);
    expect(checkTelegramVideoSetThumbnail(padWebm(video, 32_768))).toEqual([]);
    expect(checkTelegramVideoSetThumbnail(padWebm(video, 32_769))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 32_768 }),
    ]);
  });

  it("break the edge rule with a 96×96 tray-sized picture", async () => {
    expect(checkTelegramSetThumbnail(await makePng(96, 96))).toEqual([
      expect.objectContaining({ rule: "edge", actual: "96×96" }),
    ]);
  });
});
