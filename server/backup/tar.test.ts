import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTar, type TarEntryToWrite, TarFormatError, writeTar } from "./tar.ts";

async function bytesOf(entries: TarEntryToWrite[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of writeTar(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Feeds `bytes` in chunks of `size`, as a file stream would. */
async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function readAll(bytes: Buffer, chunkSize = 700) {
  const read: { path: string; type: string; body: Buffer }[] = [];
  for await (const entry of readTar(chunked(bytes, chunkSize))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.body) parts.push(chunk);
    read.push({ path: entry.path, type: entry.type, body: Buffer.concat(parts) });
  }
  return read;
}

const longName = `files/${"a".repeat(120)}.png`;
const big = Buffer.alloc(200_003, 7);

async function* inPieces(bytes: Buffer): AsyncGenerator<Buffer> {
  yield bytes.subarray(0, 1000);
  yield bytes.subarray(1000);
}

const entries = (): TarEntryToWrite[] => [
  { path: "manifest.json", type: "file", size: 2, body: Buffer.from("{}") },
  { path: "database/pglite", type: "directory", size: 0 },
  { path: "database/pglite/empty", type: "file", size: 0, body: Buffer.alloc(0) },
  { path: longName, type: "file", size: big.length, body: inPieces(big) },
];

describe("the backup's tar format", () => {
  it("reads back every entry it wrote: folders, an empty file, a name past 100 bytes, a body of many blocks", async () => {
    const read = await readAll(await bytesOf(entries()));
    expect(read.map(({ path, type }) => ({ path, type }))).toEqual([
      { path: "manifest.json", type: "file" },
      { path: "database/pglite", type: "directory" },
      { path: "database/pglite/empty", type: "file" },
      { path: longName, type: "file" },
    ]);
    expect(read[0]!.body.toString()).toBe("{}");
    expect(read[2]!.body.length).toBe(0);
    expect(read[3]!.body.equals(big)).toBe(true);
  });

  it("skips the body of an entry the reader does not read", async () => {
    const paths: string[] = [];
    for await (const entry of readTar(chunked(await bytesOf(entries()), 4096))) paths.push(entry.path);
    expect(paths).toEqual(["manifest.json", "database/pglite", "database/pglite/empty", longName]);
  });

  it("refuses to write a file whose body is not the size it announced", async () => {
    const short: TarEntryToWrite = { path: "x", type: "file", size: 5, body: Buffer.from("abc") };
    await expect(bytesOf([short])).rejects.toThrow(/shrank/);
    const long: TarEntryToWrite = { path: "x", type: "file", size: 2, body: Buffer.from("abc") };
    await expect(bytesOf([long])).rejects.toThrow(/grew/);
  });

  it("calls an archive cut short, or with a damaged header, a TarFormatError", async () => {
    const whole = await bytesOf(entries());
    await expect(readAll(whole.subarray(0, whole.length - 2048 - 100_000))).rejects.toThrow(TarFormatError);
    const damaged = Buffer.from(whole);
    damaged[3] = 0x7a;
    await expect(readAll(damaged)).rejects.toThrow(/checksum/);
    await expect(readAll(Buffer.alloc(100))).rejects.toThrow(/cut short/);
  });

  it("refuses an entry a backup never holds (a symbolic link)", async () => {
    const tar = await bytesOf([{ path: "link", type: "file", size: 0 }]);
    // Make the first header a symbolic link (type "2") and fix its checksum.
    tar[156] = "2".charCodeAt(0);
    tar.fill(0x20, 148, 156);
    let sum = 0;
    for (let i = 0; i < 512; i += 1) sum += tar[i]!;
    tar.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "latin1");
    await expect(readAll(tar)).rejects.toThrow(/never holds/);
  });

  describe("with the system's tar, when there is one", () => {
    const hasTar = spawnSync("tar", ["--version"]).status === 0;
    let dir = "";
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), "sticker-tar-"));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it.runIf(hasTar)("is an archive tar lists, long name included (an operator can look inside)", async () => {
      const file = path.join(dir, "a.tar");
      await writeFile(file, await bytesOf(entries()));
      const listed = spawnSync("tar", ["-tf", file], { encoding: "utf8" });
      expect(listed.status).toBe(0);
      expect(listed.stdout.trim().split("\n")).toEqual(["manifest.json", "database/pglite/", "database/pglite/empty", longName]);
    });
  });
});
