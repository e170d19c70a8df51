import { describe, expect, it } from "vitest";
import { checkDiscordSticker } from "./check-discord-sticker.ts";
import { makeApng, makeGif, makePng, makeStillWebp, padPng, withApngFrameDelay } from "./test-files.ts";

describe("the Discord server sticker check", () => {
  it("passes a 320×320 PNG, APNG and GIF", async () => {
    expect(checkDiscordSticker(await makePng(320, 320))).toEqual([]);
    expect(checkDiscordSticker(await makeApng({ width: 320, height: 320 }))).toEqual([]);
    expect(checkDiscordSticker(await makeGif({ width: 320, height: 320 }))).toEqual([]);
  });

  it("counts 512 KiB as Discord's docs do: 524,288 bytes pass, 524,289 break the byte rule", async () => {
    const png = await makePng(320, 320);
    expect(checkDiscordSticker(padPng(png, 524_288))).toEqual([]);
    expect(checkDiscordSticker(padPng(png, 524_289))).toEqual([expect.objectContaining({ rule: "bytes", limit: 524_288 })]);
  });

  it("breaks the duration rule past 5 seconds", async () => {
    const apng = withApngFrameDelay(await makeApng({ width: 320, height: 320, frames: 2 }), 0, 4901);
    expect(checkDiscordSticker(apng)).toEqual([expect.objectContaining({ rule: "duration", limit: 5000, actual: 5001 })]);
  });

  it("breaks the format rule with a WebP and the edge rule with a 512 px PNG", async () => {
    expect(checkDiscordSticker(await makeStillWebp(320, 320))).toEqual([
      expect.objectContaining({ rule: "format", limit: "PNG or APNG or GIF", actual: "WebP" }),
    ]);
    expect(checkDiscordSticker(await makePng(512, 512)).map((breach) => breach.rule)).toEqual(["edge"]);
  });
});
