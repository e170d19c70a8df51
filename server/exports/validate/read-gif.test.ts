import { describe, expect, it } from "vitest";
import { readGif } from "./read-gif.ts";
import { makeGif } from "./test-files.ts";

describe("readGif", () => {
  it("reads the screen, every frame's delay and the NETSCAPE2.0 loop count", async () => {
    const gif = readGif(await makeGif({ width: 40, height: 30, delaysMs: [100, 250, 50] }));
    expect(gif).toMatchObject({ width: 40, height: 30, loop: 0, problems: [] });
    expect(gif.frames.map((frame) => frame.delayMs)).toEqual([100, 250, 50]);
  });

  it("reports a GIF cut before its trailer", async () => {
    const gif = await makeGif({ width: 40, height: 30 });
    expect(readGif(gif.subarray(0, gif.length - 1)).problems).toEqual(["the file ends before the GIF trailer"]);
  });
});
