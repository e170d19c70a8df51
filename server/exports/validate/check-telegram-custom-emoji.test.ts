import { beforeAll, describe, expect, it } from "vitest";
import { checkTelegramCustomEmoji, checkTelegramVideoEmoji } from "./check-telegram-custom-emoji.ts";
import { makePng, makeStillWebp, makeWebm, padPng, padWebm } from "./test-files.ts";

describe("the Telegram custom emoji checks", () => {
  let video: Buffer;
  beforeAll(async () => {
    video = await makeWebm({ width: 100, height: 100, seconds: 1 });
  });

  it("pass a still 100×100 PNG or WebP, and a 100×100 VP9 WebM with alpha", async () => {
    expect(checkTelegramCustomEmoji(await makePng(100, 100))).toEqual([]);
    expect(checkTelegramCustomEmoji(await makeStillWebp(100, 100))).toEqual([]);
    expect(checkTelegramVideoEmoji(video)).toEqual([]);
  });

  it("break the edge rule with a 512 px sticker: an emoji is exactly 100×100", async () => {
    expect(checkTelegramCustomEmoji(await makePng(512, 512))).toEqual([
      expect.objectContaining({ rule: "edge", limit: "100×100", actual: "512×512" }),
    ]);
  });

  it("count TDLib's limits: a still emoji 131,072 bytes, a video emoji 65,536", async () => {
    const png = await makePng(100, 100);
    expect(checkTelegramCustomEmoji(padPng(png, 131_072))).toEqual([]);
    expect(checkTelegramCustomEmoji(padPng(png, 131_073))).toEqual([expect.objectContaining({ rule: "bytes", limit: 131_072 })]);
    expect(checkTelegramVideoEmoji(padWebm(video, 65_536))).toEqual([]);
    expect(checkTelegramVideoEmoji(padWebm(video, 65_537))).toEqual([expect.objectContaining({ rule: "bytes", limit: 65_536 })]);
  });

  it("answer a format breach for a WebM offered as a still emoji, and for a PNG offered as a video one", async () => {
    expect(checkTelegramCustomEmoji(video).map((breach) => breach.rule)).toEqual(["format"]);
    expect(checkTelegramVideoEmoji(await makePng(100, 100)).map((breach) => breach.rule)).toEqual(["format"]);
  });
});
