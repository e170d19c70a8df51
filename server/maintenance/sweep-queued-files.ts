/**
 * Stored files queued for removal in `files_to_delete` (decision 0037): a deleted account's pictures,
 * uploads, avatar and pack archives. The deletion removes its own right after it commits; whatever that
 * left (storage unreachable, a process stopped half-way) stays queued and the sweep removes it, so a
 * file of a deleted account is never forgotten in storage.
 */
import { asc, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { filesToDelete } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";

/** Queued keys read at once, and removed from storage side by side. */
const BATCH = 200;
const SIDE_BY_SIDE = 8;

export interface QueuedFilesSweep {
  removed: number;
  /** Files storage refused to remove this time; they stay queued. */
  failed: number;
}

/** Removes the queued files (only `keys` when given), then their queue rows; a failing file stays queued. */
export async function sweepQueuedFiles(
  storage: Storage,
  db: Db,
  o: { keys?: readonly string[]; signal?: AbortSignal } = {},
): Promise<QueuedFilesSweep> {
  const result: QueuedFilesSweep = { removed: 0, failed: 0 };
  const failed = new Set<string>();
  for (;;) {
    if (o.signal?.aborted) break;
    const batch = o.keys
      ? o.keys.slice(result.removed + result.failed, result.removed + result.failed + BATCH)
      : (
          await db
            .select({ key: filesToDelete.key })
            .from(filesToDelete)
            .orderBy(asc(filesToDelete.queuedAt), asc(filesToDelete.key))
            .limit(BATCH + failed.size)
        )
          .map((row) => row.key)
          .filter((key) => !failed.has(key))
          .slice(0, BATCH);
    if (batch.length === 0) break;
    const removed: string[] = [];
    for (let at = 0; at < batch.length; at += SIDE_BY_SIDE) {
      await Promise.all(
        batch.slice(at, at + SIDE_BY_SIDE).map(async (key) => {
          try {
            await storage.delete(key);
            removed.push(key);
          } catch {
            failed.add(key);
          }
        }),
      );
    }
    if (removed.length > 0) await db.delete(filesToDelete).where(inArray(filesToDelete.key, removed));
    result.removed += removed.length;
    result.failed = failed.size;
    if (!o.keys && batch.length < BATCH) break;
  }
  return result;
}
