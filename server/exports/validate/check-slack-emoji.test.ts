import { describe, expect, it } from "vitest";
import { checkSlackEmoji } from "./check-slack-emoji.ts";
import { makeGif, makeJpeg, makePng, makeStillWebp, padJpeg } from "./test-files.ts";

describe("the Slack emoji check", () => {
  it("passes a square PNG, GIF or JPEG of 128 px or less", async () => {
    expect(checkSlackEmoji(await makePng(128, 128))).toEqual([]);
    expect(checkSlackEmoji(await makeGif({ width: 64, height: 64 }))).toEqual([]);
    expect(checkSlackEmoji(await makeJpeg(128, 128))).toEqual([]);
  });

  it("counts 128 KB in thousands, the stricter reading: 128,000 bytes pass, 128,001 break the byte rule", async () => {
    const jpeg = await makeJpeg(128, 128);
    expect(checkSlackEmoji(padJpeg(jpeg, 128_000))).toEqual([]);
    expect(checkSlackEmoji(padJpeg(jpeg, 128_001))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 128_000, actual: 128_001 }),
    ]);
  });

  it("breaks the edge rule when the picture is not square, and the format rule with a WebP", async () => {
    expect(checkSlackEmoji(await makePng(128, 127))).toEqual([expect.objectContaining({ rule: "edge", actual: "128×127" })]);
    expect(checkSlackEmoji(await makeStillWebp(128, 128)).map((breach) => breach.rule)).toEqual(["format"]);
  });
});
