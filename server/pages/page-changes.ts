import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../log.ts";
import { forgetPublicLists } from "../stickers/public-list-cache.ts";

/** The PostgreSQL channel on which any process says "a sticker left the public pages" (decision 0021). */
export const PAGES_CHANGED_CHANNEL = "sticker_studio_pages_changed";

/**
 * What left the public pages: the public ids of stickers (`stickerInstId`) and packs (`packId`) that
 * went — or whose pages now read differently, as a pack's when its owner changes their display name
 * (decision 0036) — so each process drops only the pages and lists that show one of them; or
 * `"everything"` when the change is too wide to name (a ban) or notifications may have been lost (a
 * reconnection).
 */
export type PagesChange = { stickers: readonly string[]; packs: readonly string[] } | "everything";

/** A public id as stickers and packs have them: what a change names, and all a page is searched for. */
const PUBLIC_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A NOTIFY payload must stay under 8000 bytes: a longer list is sent as "everything". */
const PAYLOAD_MOST_BYTES = 7000;

/** The payload of a change on the channel: "" means everything. */
export function changePayload(change: PagesChange): string {
  if (change === "everything") return "";
  const payload = JSON.stringify({ stickers: change.stickers, packs: change.packs });
  return payload.length > PAYLOAD_MOST_BYTES ? "" : payload;
}

/** The change a payload names; anything that is not a well-formed list of ids is everything. */
export function changeOfPayload(payload: string | undefined): PagesChange {
  if (!payload) return "everything";
  try {
    const parsed = JSON.parse(payload) as { stickers?: unknown; packs?: unknown };
    const ids = (list: unknown) =>
      Array.isArray(list) && list.every((id) => typeof id === "string" && PUBLIC_ID.test(id)) ? (list as string[]) : null;
    const stickers = ids(parsed.stickers);
    const packs = ids(parsed.packs);
    return stickers && packs ? { stickers, packs } : "everything";
  } catch {
    return "everything";
  }
}

/** The ids a change names (empty for everything). */
export function idsOfChange(change: PagesChange): string[] {
  return change === "everything" ? [] : [...change.stickers, ...change.packs];
}

const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 30_000;

const forgetters = new WeakMap<Db, Set<(change: PagesChange) => void>>();
const postgresListeners = new WeakMap<Db, () => void>();
const firstListen = new WeakMap<Db, Promise<void>>();

function forgetLocally(db: Db, change: PagesChange) {
  forgetPublicLists(db, change);
  for (const forget of forgetters.get(db) ?? []) forget(change);
}

/** A transaction on the app's database, as `db.transaction` hands it to its work. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a change of public content answers (`value`) and what it took off the public pages (`change`; null: nothing). */
export interface PublicContentChange<T> {
  value: T;
  change: PagesChange | null;
}

/**
 * The one way to change what the public pages show (decision 0021): `work` runs in one transaction
 * and returns what left the public pages — a sticker or pack made private, hidden or deleted, a
 * pack whose owner's name changed, a ban — or `change: null` when nothing did (a repeated call
 * changes nothing and drops nothing). The change is announced inside the transaction (NOTIFY is
 * transactional: every other process hears it on commit and never for a rollback, and if it cannot
 * be queued the change fails with it instead of being applied unannounced); once the transaction has
 * committed, this process drops the pages and public lists that show it (after the commit, so no
 * render can read the old rows after the drop and keep them). Answers `value`.
 */
export async function changePublicContent<T>(db: Db, work: (tx: Tx) => Promise<PublicContentChange<T>>): Promise<T> {
  const done = await db.transaction(async (tx) => {
    const result = await work(tx);
    if (result.change) await announce(tx, result.change);
    return result;
  });
  if (done.change) forgetLocally(db, done.change);
  return done.value;
}

/** Queues the change's notification in the transaction `tx` (delivered when it commits). */
async function announce(tx: Pick<Db, "execute">, change: PagesChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${PAGES_CHANGED_CHANNEL}, ${changePayload(change)})`);
}

/**
 * Runs `forget` with the change whenever a sticker or pack leaves the public pages, through this
 * process or (PostgreSQL) any other on the same database. Returns the unsubscribe function.
 */
export function onPagesChanged(
  database: Pick<Database, "db" | "pool">,
  forget: (change: PagesChange) => void,
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
        (change) => forgetLocally(db, change),
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
 * channel, reconnecting with back-off when it is lost; each (re)connection forgets everything,
 * since notifications sent while it was away are lost. The entries' TTL stays the bound meanwhile.
 * It ends when the pool ends (the database is closing).
 */
function listenOnPostgres(
  url: string,
  pool: pg.Pool,
  onChange: (change: PagesChange) => void,
  log: Logger,
  onListening: () => void,
): () => void {
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
      if (message.channel === PAGES_CHANGED_CHANNEL) onChange(changeOfPayload(message.payload));
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${PAGES_CHANGED_CHANNEL}`);
      delay = RETRY_FIRST_MS;
      onChange("everything");
      onListening();
    } catch (error) {
      lost(next, error);
    }
  }

  void connect();
  return stop;
}
