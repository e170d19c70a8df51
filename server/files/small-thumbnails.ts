/**
 * The 160 px WebP of a picture stored before that variant existed (decision 0023): made from the
 * stored 512 px PNG on its first request, kept in storage under its own key, and served from there
 * afterwards, as the downloads are (server/downloads/derived-files.ts). Access is decided before this
 * runs, by the same rule as the picture's other files.
 */

import { smallThumbnail, stickerImageKeys } from "../generation/variants.ts";
import type { Storage, StoredFile } from "../storage/storage.ts";
import { createDecodePool } from "../uploads/decode-pool.ts";

const SMALL_KEY = /^([a-f0-9]{32})-160\.webp$/;

/** Thumbnails made at once by one process, and how many more may wait; past that, BUSY (decision 0015). */
const MAKING_AT_ONCE = 2;
const MAKING_QUEUE = 100;

export interface SmallThumbnails {
  /** The stored file, or, for a missing small thumbnail whose PNG is stored, the one made now. */
  load(key: string): Promise<StoredFile | null>;
}

export function createSmallThumbnails(storage: Storage): SmallThumbnails {
  // Requests for the same picture while its thumbnail is being made wait for that one making.
  const making = new Map<string, Promise<StoredFile | null>>();
  // Requests for many different older pictures share a small pool, so they cannot take every CPU.
  const pool = createDecodePool({ concurrency: MAKING_AT_ONCE, queue: MAKING_QUEUE });
  return {
    async load(key) {
      const stored = await storage.get(key);
      if (stored) return stored;
      const picId = SMALL_KEY.exec(key)?.[1];
      if (!picId) return null;
      let pending = making.get(key);
      if (!pending) {
        pending = pool
          .run(async () => {
            const png = await storage.get(stickerImageKeys(picId).png);
            if (!png) return null;
            const body = await smallThumbnail(png.body);
            await storage.put(key, body, "image/webp");
            return { body, contentType: "image/webp" };
          })
          .finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}
