import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { StickerPage } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { stickerTags } from "../db/schema.ts";
import { stickerItemsByIds } from "./sticker-items.ts";
import { COMMUNITY_TAG } from "./tags.ts";

export type StickerSort = "id" | "popular";

export interface ListQuery {
  tagId: number;
  page: number;
  size: number;
  sortBy?: StickerSort | undefined;
}

/** How deep pages and totals are found (decision 0022); tests shrink them to exercise anchors on small lists. */
export interface PageAnchorOptions {
  /** Every `anchorEvery`-th key of a list is kept; a deep page seeks to the nearest one, then skips fewer than this. */
  anchorEvery: number;
  /** Up to this many stickers a list's total is counted exactly per call; above it the anchor scan's count is answered. */
  exactTotalUpTo: number;
  /** A snapshot older than this is refreshed in the background while the old one keeps answering. */
  anchorTtlMs: number;
  /**
   * The anchor scan's statement timeout (`SET LOCAL statement_timeout`; PostgreSQL enforces it, PGlite
   * accepts it but has no timer to enforce it). A scan past it fails, so a hanging query cannot hold
   * the list's one refresh forever. Default REFRESH_TIMEOUT_MS.
   */
  refreshTimeoutMs?: number;
  /** After a failed background refresh, the stale snapshot answers this long before one is tried again. Default REFRESH_RETRY_AFTER_MS. */
  refreshRetryAfterMs?: number;
  now: () => number;
}

/** A scan of a million takes about a second (decision 0022): 30 s is far past any healthy one. */
export const REFRESH_TIMEOUT_MS = 30_000;
export const REFRESH_RETRY_AFTER_MS = 30_000;

export const DEFAULT_ANCHOR_OPTIONS: PageAnchorOptions = {
  anchorEvery: 200,
  exactTotalUpTo: 5000,
  anchorTtlMs: 60_000,
  refreshTimeoutMs: REFRESH_TIMEOUT_MS,
  refreshRetryAfterMs: REFRESH_RETRY_AFTER_MS,
  now: Date.now,
};

/** A key of the list's order: the sticker id, and its hot score for popular. */
interface Anchor {
  hotScore: number;
  stickerId: number;
}

interface AnchorSnapshot {
  takenAt: number;
  /** anchors[i] is the key of the ((i + 1) * anchorEvery)-th sticker of the list. */
  anchors: Anchor[];
  total: number;
}

interface AnchorSlot {
  snapshot: AnchorSnapshot | null;
  refreshing: Promise<AnchorSnapshot> | null;
  /** When the last refresh failed (timed out or errored), null after one succeeds. */
  failedAt: number | null;
}

const slotsByDatabase = new WeakMap<Db, Map<string, AnchorSlot>>();
/** Lists (tag × order) whose anchors one process keeps; the oldest slot goes first past it. */
export const MAX_ANCHORED_LISTS = 256;

/**
 * One page of a tag's public stickers (spec §7 GET /api/square/pageByTag): popular = tag 1 by
 * hot score, latest = tag 1 by id (newest first), explore = tag 2. Without sortBy, the community tag
 * sorts by popularity and other tags newest first. Each order is one range of a partial index on
 * sticker_tags (schema.ts), read index-only (decision 0005). A page below the first anchor is read
 * exactly with a short OFFSET; a deeper page seeks from the nearest page anchor and skips fewer than
 * `anchorEvery` entries; the total is an exact capped count on small lists and the anchor scan's count
 * on large ones — so a call costs about the same at any depth and any size (decision 0022).
 */
export async function listStickersByTag(
  db: Db,
  o: ListQuery,
  options: PageAnchorOptions = DEFAULT_ANCHOR_OPTIONS,
): Promise<StickerPage> {
  const popular = (o.sortBy ?? (o.tagId === COMMUNITY_TAG ? "popular" : "id")) === "popular";
  const offset = (o.page - 1) * o.size;
  const key = `${o.tagId}:${popular ? "popular" : "id"}:${options.anchorEvery}`;
  const slot = slotOf(db, key);
  const takeSnapshot = () => refreshAnchors(db, slot, o.tagId, popular, options);

  const anchorIndex = Math.floor(offset / options.anchorEvery);
  let snapshot = currentSnapshot(slot, options, takeSnapshot);
  if (anchorIndex > 0) snapshot ??= await takeSnapshot();

  let from: Anchor | null = null;
  let skip = offset;
  const at = Math.min(anchorIndex, snapshot?.anchors.length ?? 0);
  if (at > 0) {
    from = snapshot?.anchors[at - 1] ?? null;
    skip = offset - at * options.anchorEvery;
  }
  const after: SQL[] = [];
  if (from) {
    after.push(
      popular
        ? sql`(${stickerTags.hotScore}, ${stickerTags.stickerId}) < (${from.hotScore}::float8, ${from.stickerId}::bigint)`
        : sql`${stickerTags.stickerId} < ${from.stickerId}::bigint`,
    );
  }
  const [pageRows, total] = await Promise.all([
    db
      .select({ stickerId: stickerTags.stickerId })
      .from(stickerTags)
      .where(and(eq(stickerTags.tagId, o.tagId), sql`${stickerTags.isPublic}`, ...after))
      .orderBy(...(popular ? [desc(stickerTags.hotScore), desc(stickerTags.stickerId)] : [desc(stickerTags.stickerId)]))
      .limit(o.size)
      .offset(skip),
    // A large list's snapshot answers the total; a small list is counted exactly, capped.
    snapshot && snapshot.total > options.exactTotalUpTo
      ? snapshot.total
      : cappedCount(db, o.tagId, options.exactTotalUpTo + 1).then(async (counted) =>
          counted <= options.exactTotalUpTo ? counted : (snapshot ?? (await takeSnapshot())).total,
        ),
  ]);
  return {
    list: await stickerItemsByIds(
      db,
      pageRows.map((row) => row.stickerId),
    ),
    total,
  };
}

function slotOf(db: Db, key: string): AnchorSlot {
  let slots = slotsByDatabase.get(db);
  if (!slots) {
    slots = new Map();
    slotsByDatabase.set(db, slots);
  }
  let slot = slots.get(key);
  if (!slot) {
    // Any tag id can be asked for: keep the lists seen last, not one slot per id ever asked.
    if (slots.size >= MAX_ANCHORED_LISTS) {
      const oldest = slots.keys().next().value;
      if (oldest !== undefined) slots.delete(oldest);
    }
    slot = { snapshot: null, refreshing: null, failedAt: null };
    slots.set(key, slot);
  }
  return slot;
}

/** The snapshot to answer from; a stale one still answers while one refresh runs in the background. */
function currentSnapshot(slot: AnchorSlot, options: PageAnchorOptions, takeSnapshot: () => Promise<AnchorSnapshot>) {
  const snapshot = slot.snapshot;
  const now = options.now();
  const retryAfter = options.refreshRetryAfterMs ?? REFRESH_RETRY_AFTER_MS;
  if (
    snapshot &&
    now - snapshot.takenAt >= options.anchorTtlMs &&
    !slot.refreshing &&
    (slot.failedAt === null || now - slot.failedAt >= retryAfter)
  ) {
    // A failed background refresh keeps the old snapshot; the first stale call after retryAfter tries again.
    takeSnapshot().catch(() => undefined);
  }
  return snapshot;
}

/**
 * One scan at a time per list and process (single-flight): the anchors and the total, read index-only,
 * in one transaction under a statement timeout. Whether it succeeds, fails or times out, the slot is
 * free again when it ends; a failure is noted so background refreshes wait before trying again.
 */
function refreshAnchors(db: Db, slot: AnchorSlot, tagId: number, popular: boolean, options: PageAnchorOptions) {
  if (slot.refreshing) return slot.refreshing;
  const takenAt = options.now();
  const every = options.anchorEvery;
  const timeoutMs = options.refreshTimeoutMs ?? REFRESH_TIMEOUT_MS;
  const scan = async (tx: Pick<Db, "execute" | "select">): Promise<AnchorSnapshot> => {
    // set_config(…, true) is SET LOCAL: it ends with the transaction, so the pooled connection goes back as it was.
    await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
    const order = popular ? sql`hot_score desc, sticker_id desc` : sql`sticker_id desc`;
    const anchorRows = await tx.execute(sql`
      select hot_score, sticker_id from (
        select hot_score, sticker_id, row_number() over (order by ${order}) as n
        from sticker_tags where tag_id = ${tagId} and is_public
      ) numbered
      where n % ${every} = 0
      order by n`);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stickerTags)
      .where(and(eq(stickerTags.tagId, tagId), sql`${stickerTags.isPublic}`));
    return {
      takenAt,
      anchors: (anchorRows.rows as { hot_score: number | string; sticker_id: number | string }[]).map((row) => ({
        hotScore: Number(row.hot_score),
        stickerId: Number(row.sticker_id),
      })),
      total: Number(counted?.n ?? 0),
    };
  };
  const refreshing = db
    .transaction(scan)
    .then(
      (snapshot) => {
        slot.snapshot = snapshot;
        slot.failedAt = null;
        return snapshot;
      },
      (error: unknown) => {
        slot.failedAt = options.now();
        throw error;
      },
    )
    .finally(() => {
      slot.refreshing = null;
    });
  slot.refreshing = refreshing;
  return refreshing;
}

/** How many public stickers a tag has, counting no further than `limit`. */
async function cappedCount(db: Db, tagId: number, limit: number): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(stickerTags)
    .where(and(eq(stickerTags.tagId, tagId), sql`${stickerTags.isPublic}`))
    .limit(limit)
    .as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

/** Lists whose anchor slots this process keeps for `db` (tests). */
export function anchoredListCount(db: Db): number {
  return slotsByDatabase.get(db)?.size ?? 0;
}

/** Waits for the anchor scans under way for `db` (tests). */
export async function settlePageAnchors(db: Db): Promise<void> {
  const slots = slotsByDatabase.get(db);
  if (!slots) return;
  await Promise.all([...slots.values()].map((slot) => slot.refreshing?.catch(() => undefined)));
}
