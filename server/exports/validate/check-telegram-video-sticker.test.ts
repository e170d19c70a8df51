import { beforeAll, describe, expect, it } from "vitest";
import { checkTelegramVideoSticker } from "./check-telegram-video-sticker.ts";
import { makeWebm, padWebm, type WebmOptions, withoutBlockAdditions, withUnknownClusterSizes } from "./test-files.ts";

const rules = (bytes: Buffer) => checkTelegramVideoSticker(bytes).map((breach) => breach.rule);

/** Encodes on both cores at once: every file here is its own FFmpeg run. */
async function makeAll<K extends string>(options: Record<K, WebmOptions>): Promise<Record<K, Buffer>> {
  const entries = Object.entries(options) as [K, WebmOptions][];
  const files = {} as Record<K, Buffer>;
  for (let i = 0; i < entries.length; i += 2)
    await Promise.all(entries.slice(i, i + 2).map(async ([name, option]) => (files[name] = await makeWebm(option))));
  return files;
}

describe("the Telegram video sticker check", () => {
  let files: Record<"sticker" | "wide" | "vp8" | "opaque" | "tooWide" | "long" | "fast" | "audio" | "live", Buffer>;
  beforeAll(async () => {
    files = await makeAll({
      sticker: {},
      // A 512×64 strip is a valid shape and quick to encode: each file below breaks one rule only (513×512 aside).
      wide: { width: 512, height: 64, seconds: 1 },
      vp8: { codec: "libvpx", height: 64, seconds: 1 },
      opaque: { pixelFormat: "yuv420p", height: 64, seconds: 1 },
      tooWide: { width: 513, height: 512, seconds: 0.5 },
      long: { height: 64, seconds: 3.1 },
      fast: { fps: 31, height: 64, seconds: 1 },
      audio: { audio: true, height: 64, seconds: 1 },
      live: { live: true, height: 64 },
    });
  });

  it("passes a 512×512 VP9 WebM with alpha, 3 s at 30 fps, no audio", () => {
    expect(checkTelegramVideoSticker(files.sticker)).toEqual([]);
  });

  it("passes a 512×64 one (one side 512, the other less)", () => {
    expect(checkTelegramVideoSticker(files.wide)).toEqual([]);
  });

  it("breaks the codec rule with VP8 instead of VP9", () => {
    expect(checkTelegramVideoSticker(files.vp8)).toEqual([
      expect.objectContaining({ rule: "codec", limit: "V_VP9", actual: "V_VP8" }),
    ]);
  });

  it("breaks the alpha rule with VP9 in yuv420p (no alpha plane)", () => {
    expect(rules(files.opaque)).toEqual(["alpha"]);
  });

  it("breaks the alpha rule when the track says AlphaMode 1 but no block carries BlockAdditions", () => {
    expect(checkTelegramVideoSticker(withoutBlockAdditions(files.sticker))).toEqual([
      expect.objectContaining({ rule: "alpha", actual: "no BlockAdditions" }),
    ]);
  });

  it("breaks the edge rule at 513×512", () => {
    expect(checkTelegramVideoSticker(files.tooWide)).toEqual([expect.objectContaining({ rule: "edge", actual: "513×512" })]);
  });

  it("breaks the duration rule at 3.1 s", () => {
    expect(checkTelegramVideoSticker(files.long)).toEqual([
      expect.objectContaining({ rule: "duration", limit: 3000, actual: 3100 }),
    ]);
  });

  it("breaks the fps rule at 31 fps", () => {
    expect(checkTelegramVideoSticker(files.fast)).toEqual([expect.objectContaining({ rule: "fps", limit: 30, actual: 31 })]);
  });

  it("passes a file of exactly 256 KiB (262,144 bytes) and breaks only the byte rule at 262,145", () => {
    expect(checkTelegramVideoSticker(padWebm(files.sticker, 262_144))).toEqual([]);
    expect(checkTelegramVideoSticker(padWebm(files.sticker, 262_145))).toEqual([
      expect.objectContaining({ rule: "bytes", limit: 262_144, actual: 262_145 }),
    ]);
  });

  it("breaks the audio rule with an Opus track beside the video", () => {
    expect(checkTelegramVideoSticker(files.audio)).toEqual([
      expect.objectContaining({ rule: "audio", actual: "video V_VP9, audio A_OPUS" }),
    ]);
  });

  it("passes the same sticker muxed live: unknown-size Segment and Clusters, no declared Duration", () => {
    expect(checkTelegramVideoSticker(withUnknownClusterSizes(files.live))).toEqual([]);
  });

  it("answers format breaches, without throwing, for bytes that are no WebM or a cut-short one", () => {
    expect(rules(Buffer.from("definitely not a video"))).toEqual(["format"]);
    expect(rules(files.sticker.subarray(0, files.sticker.length / 2))).toContain("format");
  });
});
