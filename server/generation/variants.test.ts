import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { Storage, StoredFile } from "../storage/storage.ts";
import { STORAGE_KEY_PATTERN } from "../storage/storage.ts";
import { createOfflineProvider } from "./offline-provider.ts";
import { storeStickerImages } from "./variants.ts";

function memoryStorage(): Storage & { files: Map<string, StoredFile> } {
  const files = new Map<string, StoredFile>();
  return {
    files,
    put: async (key, body, contentType) => {
      files.set(key, { body, contentType });
    },
    get: async (key) => files.get(key) ?? null,
    has: async (key) => files.has(key),
    async *list(prefix) {
      for (const [key, file] of files) if (key.startsWith(prefix)) yield { key, size: file.body.length, modifiedAt: new Date() };
    },
    delete: async (key) => {
      files.delete(key);
    },
  };
}

describe("storeStickerImages", () => {
  it("stores a 512 PNG, a 256 WebP thumbnail and a 160 WebP one under content-hashed keys", async () => {
    const { png } = await createOfflineProvider().textToSticker({ prompt: "pizza", style: "cartoon" });
    const storage = memoryStorage();
    const stored = await storeStickerImages(storage, png);
    expect(stored.id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored.png).toMatch(STORAGE_KEY_PATTERN);
    expect(stored.thumb).toMatch(STORAGE_KEY_PATTERN);
    const thumb = storage.files.get(stored.thumb);
    expect(thumb?.contentType).toBe("image/webp");
    const meta = await sharp(thumb?.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 256, 256]);
    expect(stored.small).toBe(`${stored.id}-160.webp`);
    const small = storage.files.get(stored.small);
    expect(small?.contentType).toBe("image/webp");
    const smallMeta = await sharp(small?.body).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height, smallMeta.hasAlpha]).toEqual(["webp", 160, 160, true]);
    expect(storage.files.get(stored.png)?.body.equals(png)).toBe(true);
    // Same content, same names.
    expect(await storeStickerImages(storage, png)).toEqual(stored);
  });

  it("normalises a foreign image to a 512 PNG before hashing", async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#f80" } })
      .jpeg()
      .toBuffer();
    const storage = memoryStorage();
    const stored = await storeStickerImages(storage, jpeg);
    const meta = await sharp(storage.files.get(stored.png)?.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", 512, 512, true]);
  });
});
