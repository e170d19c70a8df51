import { beforeAll, describe, expect, it } from "vitest";
import { readWebm } from "./read-webm.ts";
import { makeWebm, withoutBlockAdditions, withUnknownClusterSizes } from "./test-files.ts";

describe("readWebm", () => {
  let sticker: Buffer;
  let live: Buffer;
  let withAudio: Buffer;
  beforeAll(async () => {
    [sticker, live, withAudio] = await Promise.all([
      makeWebm({ width: 96, height: 64, seconds: 2, fps: 25 }),
      makeWebm({ width: 96, height: 64, seconds: 2, fps: 25, live: true }),
    ]).then(async (files) => [...files, await makeWebm({ width: 64, height: 64, seconds: 1, audio: true })]);
  });

  it("reads the DocType, the duration both ways, the track, the frames, the frame rate and the alpha plane", () => {
    expect(readWebm(sticker)).toEqual({
      docType: "webm",
      timecodeScaleNs: 1_000_000,
      declaredDurationMs: 2000,
      blocksDurationMs: 2000,
      durationMs: 2000,
      tracks: [
        {
          number: 1,
          type: "video",
          codecId: "V_VP9",
          pixelWidth: 96,
          pixelHeight: 64,
          alphaMode: 1,
          defaultDurationNs: 40_000_000,
        },
      ],
      videoFrames: 50,
      fps: 25,
      hasBlockAdditions: true,
      byteLength: sticker.length,
      problems: [],
    });
  });

  it("reads a live-muxed file (unknown-size Segment and Clusters, no Duration) from its blocks", () => {
    const webm = readWebm(withUnknownClusterSizes(live));
    expect(webm).toMatchObject({ declaredDurationMs: null, blocksDurationMs: 2000, durationMs: 2000, videoFrames: 50, fps: 25 });
    expect(webm.problems).toEqual([]);
  });

  it("reads the audio track beside the video and counts only the video's frames", () => {
    const webm = readWebm(withAudio);
    expect(webm.tracks.map((track) => [track.type, track.codecId])).toEqual([
      ["video", "V_VP9"],
      ["audio", "A_OPUS"],
    ]);
    expect(webm.videoFrames).toBe(30);
  });

  it("tells a file whose blocks carry no BlockAdditions", () => {
    expect(readWebm(withoutBlockAdditions(sticker))).toMatchObject({ hasBlockAdditions: false, videoFrames: 50, problems: [] });
  });
});
