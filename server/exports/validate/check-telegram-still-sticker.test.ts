import { describe, expect, it } from "vitest";
import { checkTelegramStillSticker } from "./check-telegram-still-sticker.ts";
import { makeAnimatedWebp, makeGif, makePng, makeStillWebp, padPng } from "./test-files.ts";

const rules = async (bytes: Promise<Buffer>) => checkTelegramStillSticker(await bytes).map((breach) => breach.rule);

describe("the Telegram still sticker check", () => {
  it("passes a PNG or a WebP with one side 512 px and the other 512 or less", async () => {
    expect(await rules(makePng(512, 512))).toEqual([]);
    expect(await rules(makeStillWebp(512, 300))).toEqual([]);
    expect(await rules(makePng(200, 512))).toEqual([]);
  });

  it("breaks the edge rule when no side is 512 or one is past it", async () => {
    expect(checkTelegramStillSticker(await makePng(511, 511))).toEqual([
      expect.objectContaining({ rule: "edge", limit: "one side 512, the other ≤ 512", actual: "511×511" }),
    ]);
    expect(await rules(makeStillWebp(512, 513))).toEqual(["edge"]);
  });

  it("counts 512 KB as TDLib does: 524,288 bytes pass, 524,289 break the byte rule", async () => {
    const png = await makePng(512, 512);
    expect(checkTelegramStillSticker(padPng(png, 524_288))).toEqual([]);
    expect(checkTelegramStillSticker(padPng(png, 524_289))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 524_288, actual: 524_289 }),
    ]);
  });

  it("breaks the format rule with a GIF and the still rule with an animated WebP", async () => {
    expect(checkTelegramStillSticker(await makeGif({ delaysMs: [100] }))).toEqual([
      expect.objectContaining({ rule: "format", limit: "PNG or WebP", actual: "GIF" }),
    ]);
    expect(await rules(makeAnimatedWebp())).toEqual(["animated"]);
  });
});
