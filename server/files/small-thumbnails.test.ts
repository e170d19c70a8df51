import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as generation from "../generation/index.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { createLocalStorage } from "../storage/local-storage.ts";
import type { Storage } from "../storage/storage.ts";
import { createSmallThumbnails, FAILURE_MEMORY_MS, FAILURES_REMEMBERED } from "./small-thumbnails.ts";

// The real encoder, watched: each call is one decoding of a stored PNG.
vi.mock("../generation/index.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../generation/index.ts")>();
  return { ...real, smallThumbnail: vi.fn(real.smallThumbnail) };
});
const decodes = vi.mocked(generation.smallThumbnail);

describe("small thumbnails of older pictures (decision 0023)", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "small-thumbnails-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("makes at most two at once however many different pictures are asked for together, and makes each of them", async () => {
    const local = createLocalStorage(folder);
    const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: "#f80" } })
      .png()
      .toBuffer();
    const picIds = Array.from({ length: 8 }, () => randomBytes(16).toString("hex"));
    for (const picId of picIds) await local.put(stickerImageKeys(picId).png, png, "image/png");

    // Counts the PNG reads under way: each making reads its picture's PNG first.
    let reading = 0;
    let mostAtOnce = 0;
    const storage: Storage = {
      ...local,
      async get(key) {
        if (!key.endsWith(".png")) return local.get(key);
        reading += 1;
        mostAtOnce = Math.max(mostAtOnce, reading);
        await new Promise((resolve) => setTimeout(resolve, 20));
        reading -= 1;
        return local.get(key);
      },
    };
    const thumbnails = createSmallThumbnails(storage);
    const made = await Promise.all(picIds.map((picId) => thumbnails.load(stickerImageKeys(picId).small)));

    expect(mostAtOnce).toBe(2);
    for (const [index, file] of made.entries()) {
      expect(file?.contentType).toBe("image/webp");
      expect(await sharp(file!.body).metadata()).toMatchObject({ format: "webp", width: 160, height: 160 });
      expect((await local.get(stickerImageKeys(picIds[index]!).small))?.body.equals(file!.body)).toBe(true);
    }
  });

  describe("a stored PNG that cannot be decoded", () => {
    beforeEach(() => {
      decodes.mockClear();
    });

    async function corruptPicture(storage: Storage): Promise<string> {
      const picId = randomBytes(16).toString("hex");
      await storage.put(stickerImageKeys(picId).png, randomBytes(4000), "image/png");
      return picId;
    }

    function clock() {
      let now = 1_000_000;
      return {
        now: () => now,
        advance: (ms: number) => {
          now += ms;
        },
      };
    }

    it("is decoded once: a second request answers INTERNAL_ERROR again without decoding it, until FAILURE_MEMORY_MS have passed", async () => {
      const storage = createLocalStorage(folder);
      const picId = await corruptPicture(storage);
      const time = clock();
      const thumbnails = createSmallThumbnails(storage, { now: time.now });
      const key = stickerImageKeys(picId).small;

      await expect(thumbnails.load(key)).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
      expect(decodes).toHaveBeenCalledTimes(1);
      await expect(thumbnails.load(key)).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
      time.advance(FAILURE_MEMORY_MS - 1);
      await expect(thumbnails.load(key)).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
      expect(decodes).toHaveBeenCalledTimes(1);
      expect(await storage.get(key)).toBeNull();

      time.advance(1);
      await expect(thumbnails.load(key)).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
      expect(decodes).toHaveBeenCalledTimes(2);
    });

    it("is made once it has been stored again correctly after its failure was forgotten, and other pictures are not held back by it", async () => {
      const storage = createLocalStorage(folder);
      const picId = await corruptPicture(storage);
      const time = clock();
      const thumbnails = createSmallThumbnails(storage, { now: time.now });
      const key = stickerImageKeys(picId).small;
      await expect(thumbnails.load(key)).rejects.toMatchObject({ code: "INTERNAL_ERROR" });

      const good = randomBytes(16).toString("hex");
      const png = await sharp({ create: { width: 512, height: 512, channels: 4, background: "#0af" } })
        .png()
        .toBuffer();
      await storage.put(stickerImageKeys(good).png, png, "image/png");
      expect((await thumbnails.load(stickerImageKeys(good).small))?.contentType).toBe("image/webp");

      await storage.put(stickerImageKeys(picId).png, png, "image/png");
      time.advance(FAILURE_MEMORY_MS);
      expect((await thumbnails.load(key))?.contentType).toBe("image/webp");
      expect(decodes).toHaveBeenCalledTimes(3);
    });

    it("remembers at most `failuresRemembered` pictures (FAILURES_REMEMBERED by default), the least recently asked forgotten first", async () => {
      expect(FAILURES_REMEMBERED).toBe(4096);
      const storage = createLocalStorage(folder);
      const thumbnails = createSmallThumbnails(storage, { failuresRemembered: 3 });
      const keys = await Promise.all(
        Array.from({ length: 4 }, async () => stickerImageKeys(await corruptPicture(storage)).small),
      );
      const [first, second, third, fourth] = keys as [string, string, string, string];
      for (const key of [first, second, third]) await expect(thumbnails.load(key)).rejects.toThrow();
      // Asking for the first again makes the second the least recently asked.
      await expect(thumbnails.load(first)).rejects.toThrow();
      expect(decodes).toHaveBeenCalledTimes(3);
      await expect(thumbnails.load(fourth)).rejects.toThrow();
      expect(decodes).toHaveBeenCalledTimes(4);

      for (const key of [first, third, fourth]) await expect(thumbnails.load(key)).rejects.toThrow();
      expect(decodes).toHaveBeenCalledTimes(4);
      await expect(thumbnails.load(second)).rejects.toThrow();
      expect(decodes).toHaveBeenCalledTimes(5);
    });
  });
});
