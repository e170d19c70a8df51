/**
 * Analytics events and page error reports are kept EVENT_RETENTION_DAYS (decision 0034): older rows
 * are deleted in batches, so no single statement holds a large table for long.
 */
import { inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { clientErrors, events } from "../db/schema.ts";

const BATCH = 10_000;

export interface EventSweep {
  events: number;
  clientErrors: number;
}

/** Runs `deleteBatch` (rows deleted, at most BATCH) until a batch comes back short. */
async function inBatches(deleteBatch: () => Promise<number>, signal?: AbortSignal): Promise<number> {
  let total = 0;
  for (;;) {
    if (signal?.aborted) return total;
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

export async function sweepOldEvents(db: Db, olderThan: Date, signal?: AbortSignal): Promise<EventSweep> {
  const oldEvents = () => db.select({ id: events.id }).from(events).where(lt(events.createdAt, olderThan)).limit(BATCH);
  const oldErrors = () =>
    db.select({ id: clientErrors.id }).from(clientErrors).where(lt(clientErrors.createdAt, olderThan)).limit(BATCH);
  return {
    events: await inBatches(
      async () => (await db.delete(events).where(inArray(events.id, oldEvents())).returning({ id: events.id })).length,
      signal,
    ),
    clientErrors: await inBatches(
      async () =>
        (await db.delete(clientErrors).where(inArray(clientErrors.id, oldErrors())).returning({ id: clientErrors.id })).length,
      signal,
    ),
  };
}
