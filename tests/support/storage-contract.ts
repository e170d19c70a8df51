import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Storage } from "#server/storage/storage.ts";

/** Keys unique to one run, so a store shared between tests (or runs) never sees an old file. */
function freshKey(extension: "png" | "webp" | "avif" | "jpg" = "png") {
  return `t${randomBytes(12).toString("hex")}.${extension}`;
}

const INVALID_KEYS = ["../escape.png", "a/b.png", ".hidden.png", "Upper.png", "note.txt", "", `${"a".repeat(129)}.png`];

/** The behaviour every `Storage` must have; each implementation's test file runs it. */
export function describeStorageContract(name: string, makeStorage: () => Storage | Promise<Storage>) {
  describe(`${name} storage contract`, () => {
    let storage: Storage;
    beforeAll(async () => {
      storage = await makeStorage();
    });

    it("gives back the stored bytes and content type", async () => {
      const png = freshKey("png");
      const webp = freshKey("webp");
      const pngBody = randomBytes(1000);
      const webpBody = randomBytes(777);
      await storage.put(png, pngBody, "image/png");
      await storage.put(webp, webpBody, "image/webp");

      const gotPng = await storage.get(png);
      const gotWebp = await storage.get(webp);
      expect(gotPng?.contentType).toBe("image/png");
      expect(gotPng?.body.equals(pngBody)).toBe(true);
      expect(gotWebp?.contentType).toBe("image/webp");
      expect(gotWebp?.body.equals(webpBody)).toBe(true);
    });

    it("knows which keys it holds", async () => {
      const key = freshKey("avif");
      expect(await storage.has(key)).toBe(false);
      await storage.put(key, randomBytes(10), "image/avif");
      expect(await storage.has(key)).toBe(true);
      expect(await storage.has(freshKey("avif"))).toBe(false);
    });

    it("answers null for a key never stored", async () => {
      expect(await storage.get(freshKey("jpg"))).toBeNull();
    });

    it("refuses to store under an invalid key and never finds one", async () => {
      for (const key of INVALID_KEYS) {
        await expect(storage.put(key, randomBytes(10), "image/png"), key).rejects.toThrow(/invalid storage key/);
        expect(await storage.get(key), key).toBeNull();
        expect(await storage.has(key), key).toBe(false);
      }
    });

    it("takes the same key twice without harm", async () => {
      const key = freshKey();
      const body = randomBytes(500);
      await storage.put(key, body, "image/png");
      await storage.put(key, body, "image/png");
      const got = await storage.get(key);
      expect(got?.body.equals(body)).toBe(true);
      expect(got?.contentType).toBe("image/png");
    });

    it("takes the same key from eight writers at the same moment (identical pictures of parallel tasks)", async () => {
      const key = freshKey();
      const body = randomBytes(4096);
      await Promise.all(Array.from({ length: 8 }, () => storage.put(key, body, "image/png")));
      expect((await storage.get(key))?.body.equals(body)).toBe(true);
    });

    it("lists the keys under a prefix with their size and time of last write, and nothing else", async () => {
      const prefix = `t${randomBytes(8).toString("hex")}`;
      const before = Date.now();
      await storage.put(`${prefix}a.png`, randomBytes(300), "image/png");
      await storage.put(`${prefix}b.zip`, randomBytes(1200), "application/zip");
      await storage.put(freshKey(), randomBytes(10), "image/png");
      const listed: { key: string; size: number; modifiedAt: Date }[] = [];
      for await (const entry of storage.list(prefix)) listed.push(entry);
      listed.sort((a, b) => a.key.localeCompare(b.key));
      expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
        { key: `${prefix}a.png`, size: 300 },
        { key: `${prefix}b.zip`, size: 1200 },
      ]);
      for (const entry of listed) {
        // Second-precision clocks (S3's LastModified) round down.
        expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2000);
        expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
      }
    });

    it("deletes a key, takes a key that is not there, and refuses an invalid key", async () => {
      const key = freshKey("webp");
      await storage.put(key, randomBytes(50), "image/webp");
      await storage.delete(key);
      expect(await storage.has(key)).toBe(false);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key);
      await storage.delete(freshKey());
      for (const invalid of INVALID_KEYS) await expect(storage.delete(invalid), invalid).rejects.toThrow(/invalid storage key/);
    });

    it("round-trips a 2 MB file", async () => {
      const key = freshKey();
      const body = randomBytes(2 * 1024 * 1024);
      await storage.put(key, body, "image/png");
      const got = await storage.get(key);
      expect(got?.body.length).toBe(body.length);
      expect(got?.body.equals(body)).toBe(true);
    });
  });
}
