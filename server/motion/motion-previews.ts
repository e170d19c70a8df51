/**
 * The "Make it move" picker's previews (decision 0041): a small loop of one preset on one picture,
 * made in the motion pool on its first request (after the access check of `/files/:key`), kept in
 * storage under its motion key, and served from there afterwards. Making one is rate-limited per
 * address (DOWNLOAD_RATE_LIMIT_PER_MINUTE), and the pool answers BUSY past its queue.
 */
import { presetNeedsCaption } from "#common/motion.ts";
import type { AppContext } from "../context.ts";
import { createRateLimit } from "../rate-limit.ts";
import type { StoredFile } from "../storage/storage.ts";
import { parseMotionKey } from "./motion-keys.ts";
import { motionPoolOf } from "./motion-pool.ts";
import { loadLayers } from "./sticker-layers.ts";

export interface MotionPreviews {
  /** The stored preview, or the one made now; null for any other key, or a preset this picture cannot take. */
  load(key: string, clientAddress: string): Promise<StoredFile | null>;
}

export function createMotionPreviews(app: AppContext): MotionPreviews {
  const limit = createRateLimit(app.config, {
    name: "motion-preview",
    points: app.config.DOWNLOAD_RATE_LIMIT_PER_MINUTE,
    durationSeconds: 60,
  });
  // Requests for the same preview while it is being made wait for that one making.
  const making = new Map<string, Promise<StoredFile | null>>();
  return {
    async load(key, clientAddress) {
      const motion = parseMotionKey(key);
      if (motion?.file !== "preview") return null;
      const stored = await app.storage.get(key);
      if (stored) return stored;
      let pending = making.get(key);
      if (!pending) {
        await limit.consume(clientAddress);
        pending = (async () => {
          const layers = await loadLayers(app, motion.picId);
          if (presetNeedsCaption(motion.preset) && !layers.caption) return null;
          const body = await motionPoolOf(app).makePreview(layers, motion.preset);
          await app.storage.put(key, body, "image/webp");
          return { body, contentType: "image/webp" };
        })().finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}
