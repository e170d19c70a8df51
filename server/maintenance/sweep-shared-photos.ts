/**
 * Photos shared in from a phone's share sheet (decision 0046) are kept SHARED_PHOTO_MAX_AGE_MS; past
 * that no page may load them (their id carries its time), and this sweep removes them.
 */
import { SHARED_PHOTO_PREFIX } from "../share/shared-photos.ts";
import type { Storage } from "../storage/storage.ts";
import type { SweepCount } from "./sweep-exports.ts";

export async function sweepSharedPhotos(storage: Storage, olderThan: Date, signal?: AbortSignal): Promise<SweepCount> {
  const result = { removed: 0, removedBytes: 0 };
  for await (const entry of storage.list(SHARED_PHOTO_PREFIX)) {
    if (signal?.aborted) break;
    if (entry.modifiedAt >= olderThan) continue;
    await storage.delete(entry.key);
    result.removed += 1;
    result.removedBytes += entry.size;
  }
  return result;
}
