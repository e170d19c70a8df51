import { describe, expect, it } from "vitest";
import { readPicture } from "./read-picture.ts";
import { makeAnimatedWebp, makeApng, makeGif, makeJpeg, makePng, makeStillWebp, withApngFrameDelay } from "./test-files.ts";

describe("readPicture", () => {
  it("tells each format by its leading bytes, with its size, frames and one pass's duration", async () => {
    expect(readPicture(await makePng(40, 30))).toMatchObject({
      format: "PNG",
      width: 40,
      height: 30,
      animated: false,
      frames: 1,
      durationMs: 0,
    });
    expect(readPicture(await makeStillWebp(40, 30))).toMatchObject({
      format: "WebP",
      width: 40,
      animated: false,
      frames: 1,
      durationMs: 0,
    });
    expect(readPicture(await makeAnimatedWebp({ width: 40, height: 30, delaysMs: [100, 200, 300] }))).toMatchObject({
      format: "WebP",
      animated: true,
      frames: 3,
      durationMs: 600,
    });
    expect(readPicture(await makeGif({ width: 40, height: 30, delaysMs: [100, 250] }))).toMatchObject({
      format: "GIF",
      animated: true,
      frames: 2,
      durationMs: 350,
    });
    expect(readPicture(await makeJpeg(40, 30))).toMatchObject({ format: "JPEG", width: 40, height: 30, frames: 1, problems: [] });
  });

  it("reads an APNG's frame delays, as patched", async () => {
    const apng = withApngFrameDelay(await makeApng({ width: 40, height: 30, frames: 3 }), 1, 1234);
    expect(readPicture(apng)).toMatchObject({
      format: "APNG",
      animated: true,
      frames: 3,
      durationMs: 100 + 1234 + 100,
      problems: [],
    });
  });

  it("answers a problem, without throwing, for bytes of no known format", () => {
    expect(readPicture(Buffer.from("%PDF-1.7"))).toMatchObject({ format: null, problems: ["not a PNG, WebP, GIF or JPEG file"] });
    expect(readPicture(Buffer.alloc(0)).problems).toHaveLength(1);
  });
});
