import { describe, expect, it } from "vitest";
import { readJpeg } from "./read-jpeg.ts";
import { makeJpeg, padJpeg } from "./test-files.ts";

describe("readJpeg", () => {
  it("reads the size from the start-of-frame segment of a baseline JPEG", async () => {
    expect(readJpeg(await makeJpeg(130, 70))).toMatchObject({ width: 130, height: 70, problems: [] });
  });

  it("walks past comment segments of any length and counts every byte", async () => {
    const padded = padJpeg(await makeJpeg(64, 64), 200_000);
    expect(readJpeg(padded)).toEqual({ width: 64, height: 64, byteLength: 200_000, problems: [] });
  });

  it("reports a JPEG cut before its end-of-image marker, and bytes that are no JPEG", async () => {
    const jpeg = await makeJpeg(64, 64);
    expect(readJpeg(jpeg.subarray(0, jpeg.length - 1)).problems).toContain("no end-of-image marker");
    expect(readJpeg(Buffer.from("GIF89a")).problems).toEqual(["not a JPEG file"]);
  });
});
