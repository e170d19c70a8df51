import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stickerImageKeys } from "../generation/variants.ts";
import { createLocalStorage } from "../storage/local-storage.ts";
import type { Storage } from "../storage/storage.ts";
import { createSmallThumbnails } from "./small-thumbnails.ts";

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
});
