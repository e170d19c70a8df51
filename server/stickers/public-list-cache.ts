import type { StickerPage } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { listStickersByTag } from "./list-stickers-by-tag.ts";

type ListQuery = Parameters<typeof listStickersByTag>[1];

interface Entry {
  expires: number;
  page: Promise<StickerPage>;
}

const MAX_ENTRIES = 1000;
const byDatabase = new WeakMap<Db, Map<string, Entry>>();

/**
 * Public lists are the same for every visitor, so each process keeps a page for a few seconds
 * (`PUBLIC_LIST_CACHE_SECONDS`, 0 = off). An entry expires that long after its query *started*, so a
 * sticker made public, privatised or deleted — through any process — shows up or disappears in every
 * process within that time (decision 0020). Concurrent asks for the same page share one query. Never
 * the only copy of anything: the database is.
 */
export function listPublicStickers(db: Db, query: ListQuery, ttlSeconds: number): Promise<StickerPage> {
  if (ttlSeconds <= 0) return listStickersByTag(db, query);
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new Map();
    byDatabase.set(db, cache);
  }
  const key = `${query.tagId}:${query.sortBy ?? ""}:${query.page}:${query.size}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.page;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const page = listStickersByTag(db, query);
  cache.set(key, { expires: now + ttlSeconds * 1000, page });
  page.catch(() => cache.delete(key));
  return page;
}

/** Drops this process's cached pages of `db` at once (a sticker left the public lists; decision 0021). */
export function forgetPublicLists(db: Db): void {
  byDatabase.delete(db);
}
