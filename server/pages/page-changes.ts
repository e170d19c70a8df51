import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../log.ts";
import { forgetPublicLists } from "../stickers/public-list-cache.ts";

/** The PostgreSQL channel on which any process says "a sticker left the public pages" (decision 0021). */
export const PAGES_CHANGED_CHANNEL = "sticker_studio_pages_changed";

const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 30_000;

const forgetters = new WeakMap<Db, Set<() => void>>();
const postgresListeners = new WeakMap<Db, () => void>();
const firstListen = new WeakMap<Db, Promise<void>>();

function forgetLocally(db: Db) {
  forgetPublicLists(db);
  for (const forget of forgetters.get(db) ?? []) forget();
}

/**
 * A sticker leaves the public pages (made private, hidden or deleted): call this inside the
 * transaction that makes the change. NOTIFY is transactional, so the notification is delivered to
 * every other process (`onPagesChanged`) when the change commits, and never if it rolls back; if it
 * cannot be queued, the change fails with it instead of being applied unannounced. Once the
 * transaction has committed, call `publicStickersChangedHere`.
 */
export async function announcePublicStickersChanged(tx: Pick<Db, "execute">): Promise<void> {
  await tx.execute(sql`select pg_notify(${PAGES_CHANGED_CHANNEL}, '')`);
}

/**
 * After the change announced by `announcePublicStickersChanged` has committed: this process drops
 * its shared pages and public lists at once (after the commit, so no render can read the old rows
 * after the drop and keep them).
 */
export function publicStickersChangedHere(db: Db): void {
  forgetLocally(db);
}

/**
 * Runs `forget` whenever a sticker leaves the public pages, through this process or (PostgreSQL)
 * any other on the same database. Returns the unsubscribe function.
 */
export function onPagesChanged(
  database: Pick<Database, "db" | "pool">,
  forget: () => void,
  postgres?: { url: string | undefined; log: Logger },
): () => void {
  let set = forgetters.get(database.db);
  if (!set) {
    set = new Set();
    forgetters.set(database.db, set);
  }
  set.add(forget);
  if (database.pool && postgres?.url && !postgresListeners.has(database.db)) {
    const db = database.db;
    let listening: () => void = () => undefined;
    firstListen.set(db, new Promise<void>((resolve) => (listening = resolve)));
    postgresListeners.set(
      db,
      listenOnPostgres(
        postgres.url,
        database.pool,
        () => forgetLocally(db),
        postgres.log,
        () => listening(),
      ),
    );
  }
  return () => set.delete(forget);
}

/**
 * Resolves once this process listens for other processes' changes on `db` (at once on PGlite). Its
 * first connection forgets what was kept before it listened, so tests that time entries wait for it.
 */
export function pageChangesListening(db: Db): Promise<void> {
  return firstListen.get(db) ?? Promise.resolve();
}

/**
 * One dedicated connection (not from the pool: a LISTEN belongs to its session) that LISTENs on the
 * channel, reconnecting with back-off when it is lost; each (re)connection also forgets everything,
 * since notifications sent while it was away are lost. The entries' TTL stays the bound meanwhile.
 * It ends when the pool ends (the database is closing).
 */
function listenOnPostgres(url: string, pool: pg.Pool, onChange: () => void, log: Logger, onListening: () => void): () => void {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  const watch = setInterval(() => {
    if (pool.ending) stop();
  }, 1000).unref();

  function stop() {
    stopped = true;
    clearInterval(watch);
    clearTimeout(retry);
    const open = client;
    client = null;
    open?.end().catch(() => undefined);
  }

  function lost(which: pg.Client, error?: unknown) {
    if (client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    if (stopped || pool.ending) return stop();
    log.warn({ err: error, retryInMs: delay }, "lost the page-change listener connection; reconnecting");
    retry = setTimeout(connect, delay).unref();
    delay = Math.min(delay * 2, RETRY_MOST_MS);
  }

  async function connect() {
    if (stopped || pool.ending) return stop();
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === PAGES_CHANGED_CHANNEL) onChange();
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${PAGES_CHANGED_CHANNEL}`);
      delay = RETRY_FIRST_MS;
      onChange();
      onListening();
    } catch (error) {
      lost(next, error);
    }
  }

  void connect();
  return stop;
}
