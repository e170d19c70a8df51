import type { StickerPage } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { PreparedAnswer } from "../http/envelope.ts";
import type { PagesChange } from "../pages/page-changes.ts";
import { type ListQuery, listStickersByTag } from "./list-stickers-by-tag.ts";

interface Entry {
  expires: number;
  answer: Promise<PreparedAnswer<StickerPage>>;
  /** The answer, once its query has answered. */
  ready?: PreparedAnswer<StickerPage>;
  /** The stickers the page holds, once its query has answered. */
  shows?: Set<string>;
}

const MAX_ENTRIES = 1000;
const byDatabase = new WeakMap<Db, Map<string, Entry>>();

/**
 * Public lists are the same for every visitor, so each process keeps a page for a few seconds
 * (`PUBLIC_LIST_CACHE_SECONDS`, 0 = off). An entry expires that long after its query *started*, so a
 * sticker made public, privatised or deleted — through any process — shows up or disappears in every
 * process within that time (decision 0020). Concurrent asks for the same page share one query. Never
 * the only copy of anything: the database is. An entry keeps the API answer serialized, with its ETag
 * and compressed forms, so a hit costs no JSON or compression work (decision 0022).
 */
export function publicListAnswer(db: Db, query: ListQuery, ttlSeconds: number): Promise<PreparedAnswer<StickerPage>> {
  if (ttlSeconds <= 0) return listStickersByTag(db, query).then((page) => new PreparedAnswer(page));
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new Map();
    byDatabase.set(db, cache);
  }
  const key = keyOf(query);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.answer;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry: Entry = {
    expires: now + ttlSeconds * 1000,
    answer: listStickersByTag(db, query).then((page) => {
      entry.shows = new Set(page.list.map((item) => item.stickerInstId));
      entry.ready = new PreparedAnswer(page);
      return entry.ready;
    }),
  };
  cache.set(key, entry);
  entry.answer.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.answer;
}

const keyOf = (query: ListQuery) => `${query.tagId}:${query.sortBy ?? ""}:${query.page}:${query.size}`;

/** A page of a public list this process has ready and fresh, without asking (the memory lane, decision 0057). */
export function keptPublicList(db: Db, query: ListQuery): PreparedAnswer<StickerPage> | undefined {
  const entry = byDatabase.get(db)?.get(keyOf(query));
  return entry && entry.expires > Date.now() ? entry.ready : undefined;
}

/** One page of a public list for the server-rendered pages, through the same cache. */
export function listPublicStickers(db: Db, query: ListQuery, ttlSeconds: number): Promise<StickerPage> {
  if (ttlSeconds <= 0) return listStickersByTag(db, query);
  return publicListAnswer(db, query, ttlSeconds).then((answer) => answer.data);
}

/**
 * Drops this process's cached pages of `db` that hold a sticker that left the public lists, at once
 * (decision 0021): every page for "everything", else the pages showing one of the change's stickers
 * and the pages still being read (they may have read it before it left). A pack leaving changes no
 * sticker list.
 */
export function forgetPublicLists(db: Db, change: PagesChange): void {
  const cache = byDatabase.get(db);
  if (!cache) return;
  if (change === "everything") {
    byDatabase.delete(db);
    return;
  }
  if (change.stickers.length === 0) return;
  for (const [key, entry] of cache) {
    if (!entry.shows || change.stickers.some((id) => entry.shows?.has(id))) cache.delete(key);
  }
}
