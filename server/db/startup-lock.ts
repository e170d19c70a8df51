import type pg from "pg";

/**
 * Session-level PostgreSQL advisory locks that make first-start work happen once when many processes
 * start together on one database (decision 0020). Keys are fixed 64-bit numbers of our own.
 */
export const STARTUP_LOCKS = {
  /** Drizzle migrations and pg-boss's schema and queues. */
  schema: 7_160_520_001,
  /** The first-start seed (styles, prompts, tips, packs, the gallery's first screens). */
  seed: 7_160_520_002,
  /** The rest of the first-start gallery, drawn after the server listens (decision 0049). */
  seedGallery: 7_160_520_003,
} as const;

export type StartupLock = keyof typeof STARTUP_LOCKS;

/**
 * Runs `work` while holding the named lock on a dedicated connection of `pool`; other processes asking
 * for the same lock wait, then run their (now idempotent, finding the work done) `work`. Without a pool
 * (PGlite: one process owns the database) it just runs `work`. A connection lost while holding the lock
 * frees it, so a crashed process never blocks the others.
 */
export async function withStartupLock<T>(pool: pg.Pool | null, lock: StartupLock, work: () => Promise<T>): Promise<T> {
  if (!pool) return work();
  const key = STARTUP_LOCKS[lock];
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [key]);
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [key]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    // A connection whose unlock failed is destroyed, which ends its session and frees the lock.
    client.release(broken);
  }
}
