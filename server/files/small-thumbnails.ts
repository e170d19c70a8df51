/**
 * The 160 px WebP of a picture stored before that variant existed (decision 0023): made from the
 * stored 512 px PNG on its first request, kept in storage under its own key, and served from there
 * afterwards, as the downloads are (server/downloads/derived-files.ts). Access is decided before this
 * runs, by the same rule as the picture's other files. A PNG that cannot be made into one (a corrupt
 * stored file) is remembered for FAILURE_MEMORY_MS, so its requests are answered without decoding it
 * again each time.
 */

import { AppError } from "#common/errors.ts";
import { smallThumbnail, stickerImageKeys } from "../generation/index.ts";
import type { Storage, StoredFile } from "../storage/storage.ts";
import { createDecodePool } from "../uploads/decode-pool.ts";

const SMALL_KEY = /^([a-f0-9]{32})-160\.webp$/;

/** Thumbnails made at once by one process, and how many more may wait; past that, BUSY (decision 0015). */
const MAKING_AT_ONCE = 2;
const MAKING_QUEUE = 100;

/** How long a failed making is remembered, and for how many pictures at most (least recently asked out first). */
export const FAILURE_MEMORY_MS = 10 * 60_000;
export const FAILURES_REMEMBERED = 4096;

export interface SmallThumbnails {
  /**
   * The stored file, or, for a missing small thumbnail whose PNG is stored, the one made now. A PNG
   * that could not be decoded throws INTERNAL_ERROR, and keeps throwing it without being read again
   * for FAILURE_MEMORY_MS.
   */
  load(key: string): Promise<StoredFile | null>;
}

export interface SmallThumbnailOptions {
  now?: () => number;
  /** Tests shrink it to see the oldest failure forgotten. */
  failuresRemembered?: number;
}

export function createSmallThumbnails(storage: Storage, options: SmallThumbnailOptions = {}): SmallThumbnails {
  const now = options.now ?? Date.now;
  const failuresRemembered = options.failuresRemembered ?? FAILURES_REMEMBERED;
  // Requests for the same picture while its thumbnail is being made wait for that one making.
  const making = new Map<string, Promise<StoredFile | null>>();
  // Requests for many different older pictures share a small pool, so they cannot take every CPU.
  const pool = createDecodePool({ concurrency: MAKING_AT_ONCE, queue: MAKING_QUEUE });
  // Keys whose PNG failed to decode, with when; a Map in least-recently-asked order, so bounded.
  const failed = new Map<string, number>();

  function failedRecently(key: string): boolean {
    const at = failed.get(key);
    if (at === undefined) return false;
    failed.delete(key);
    if (now() - at >= FAILURE_MEMORY_MS) return false;
    failed.set(key, at);
    return true;
  }

  function rememberFailure(key: string) {
    failed.delete(key);
    failed.set(key, now());
    if (failed.size > failuresRemembered) {
      const oldest = failed.keys().next().value;
      if (oldest !== undefined) failed.delete(oldest);
    }
  }

  return {
    async load(key) {
      const stored = await storage.get(key);
      if (stored) return stored;
      const picId = SMALL_KEY.exec(key)?.[1];
      if (!picId) return null;
      if (failedRecently(key)) throw new AppError("INTERNAL_ERROR", "this picture's small thumbnail failed to be made recently");
      let pending = making.get(key);
      if (!pending) {
        pending = pool
          .run(async () => {
            const png = await storage.get(stickerImageKeys(picId).png);
            if (!png) return null;
            let body: Buffer;
            try {
              body = await smallThumbnail(png.body);
            } catch (error) {
              // Only the decoding is remembered: a full pool (BUSY) or a storage error may pass.
              rememberFailure(key);
              throw new AppError("INTERNAL_ERROR", "the stored picture could not be made into a small thumbnail", {
                cause: error,
              });
            }
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
