import { beforeAll, describe, expect, it } from "vitest";
import { readGif } from "./read-gif.ts";
import { readJpeg } from "./read-jpeg.ts";
import { readPng } from "./read-png.ts";
import { readWebm } from "./read-webm.ts";
import { readWebp } from "./read-webp.ts";
import { makeAnimatedWebp, makeApng, makeGif, makeJpeg, makeWebm } from "./test-files.ts";

/** A small deterministic generator, so a failure can be replayed. */
function randomBytes(seed: number, length: number): Buffer {
  let state = seed;
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe("the parsers on garbage", () => {
  const samples: [string, (bytes: Uint8Array) => { problems: string[] }, Buffer][] = [];
  beforeAll(async () => {
    const [webp, webm, gif, apng, jpeg] = await Promise.all([
      makeAnimatedWebp({ width: 32, height: 32 }),
      makeWebm({ width: 32, height: 32, seconds: 0.5 }),
      makeGif({ width: 32, height: 32 }),
      makeApng({ width: 32, height: 32, frames: 2 }),
      makeJpeg(32, 32),
    ]);
    samples.push(
      ["readWebp", readWebp, webp],
      ["readWebm", readWebm, webm],
      ["readGif", readGif, gif],
      ["readPng", readPng, apng],
      ["readJpeg", readJpeg, jpeg],
    );
  });

  it("report every cut-short copy of a valid file as a problem, never throwing", () => {
    for (const [name, read, file] of samples) {
      expect(read(file).problems, name).toEqual([]);
      for (let length = 0; length < file.length; length++)
        expect(read(file.subarray(0, length)).problems.length, `${name} cut to ${length} bytes`).toBeGreaterThan(0);
    }
  });

  it("never throw on a valid file with bytes overwritten at random, nor on random bytes", () => {
    for (const [name, read, file] of samples) {
      for (let seed = 1; seed <= 300; seed++) {
        const damaged = Buffer.from(file);
        const noise = randomBytes(seed, 8);
        for (let i = 0; i < 4; i++) damaged[(noise.readUInt16LE(i * 2) * seed) % damaged.length] = noise[i] ?? 0;
        expect(() => read(damaged), `${name} damaged with seed ${seed}`).not.toThrow();
        expect(() => read(randomBytes(seed, seed * 7)), `${name} on random bytes ${seed}`).not.toThrow();
      }
    }
  });
});
