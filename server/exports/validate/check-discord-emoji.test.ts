import { describe, expect, it } from "vitest";
import { checkDiscordEmoji } from "./check-discord-emoji.ts";
import { makeAnimatedWebp, makeGif, makeJpeg, makePng, makeStillWebp, padGif } from "./test-files.ts";

describe("the Discord emoji check", () => {
  it("passes a 128×128 PNG, JPEG, still or animated WebP, and animated GIF", async () => {
    expect(checkDiscordEmoji(await makePng(128, 128))).toEqual([]);
    expect(checkDiscordEmoji(await makeJpeg(128, 128))).toEqual([]);
    expect(checkDiscordEmoji(await makeStillWebp(128, 128))).toEqual([]);
    expect(checkDiscordEmoji(await makeAnimatedWebp({ width: 128, height: 128 }))).toEqual([]);
    expect(checkDiscordEmoji(await makeGif({ width: 128, height: 128 }))).toEqual([]);
  });

  it("counts 256 KiB as Discord's docs do: 262,144 bytes pass, 262,145 break the byte rule", async () => {
    const gif = await makeGif({ width: 128, height: 128 });
    expect(checkDiscordEmoji(padGif(gif, 262_144))).toEqual([]);
    expect(checkDiscordEmoji(padGif(gif, 262_145))).toEqual([expect.objectContaining({ rule: "bytes", limit: 262_144 })]);
  });

  it("breaks the edge rule with a 320 px sticker", async () => {
    expect(checkDiscordEmoji(await makePng(320, 320))).toEqual([expect.objectContaining({ rule: "edge", limit: "128×128" })]);
  });
});
