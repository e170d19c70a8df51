/**
 * Uploaded photos no task uses (decision 0034). A photo is stored before its task is written, so a
 * submit refused after that (points spent meanwhile, the in-flight cap, a failed insert) leaves it
 * behind. Once it is older than the age limit and no task names it, it is removed. A task is written
 * within a second of its photo, so an upload a day old that no task names never will be; the one
 * exception, the same photo submitted again at the very moment its orphan copy is removed, makes that
 * task fail with its refund (run-task: the uploaded picture is gone).
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { tasks } from "../db/schema.ts";
import type { Storage, StoredEntry } from "../storage/storage.ts";
import type { SweepCount } from "./sweep-exports.ts";

/** Every upload's key starts with this (`upload-{sha256}.png`, submit-task.ts and make-pack.ts). */
export const UPLOAD_PREFIX = "upload-";
/** Keys looked up in the database at once. */
const BATCH = 500;

export async function sweepOrphanUploads(
  storage: Storage,
  db: Db,
  olderThan: Date,
  signal?: AbortSignal,
): Promise<SweepCount & { removedKeys: string[] }> {
  const result = { removed: 0, removedBytes: 0, removedKeys: [] as string[] };
  let batch: StoredEntry[] = [];
  const flush = async () => {
    const keys = batch.map((entry) => entry.key);
    const used = new Set(
      (await db.selectDistinct({ key: tasks.inputKey }).from(tasks).where(inArray(tasks.inputKey, keys))).map((row) => row.key),
    );
    for (const entry of batch) {
      if (used.has(entry.key) || signal?.aborted) continue;
      await storage.delete(entry.key);
      result.removed += 1;
      result.removedBytes += entry.size;
      result.removedKeys.push(entry.key);
    }
    batch = [];
  };
  for await (const entry of storage.list(UPLOAD_PREFIX)) {
    if (signal?.aborted) break;
    if (entry.modifiedAt >= olderThan) continue;
    batch.push(entry);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return result;
}
