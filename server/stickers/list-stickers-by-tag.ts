import { and, count, desc, eq, sql } from "drizzle-orm";
import type { StickerPage } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { stickerTags } from "../db/schema.ts";
import { stickerItemsByIds } from "./sticker-items.ts";
import { COMMUNITY_TAG } from "./tags.ts";

export type StickerSort = "id" | "popular";

/**
 * One page of a tag's public stickers (spec §7 GET /api/square/pageByTag): popular = tag 1 by
 * hot score, latest = tag 1 by id (newest first), explore = tag 2. Without sortBy, the community tag
 * sorts by popularity and other tags newest first. Each order is one range of a partial index on
 * sticker_tags (schema.ts), read index-only up to the page, so depth costs little.
 */
export async function listStickersByTag(
  db: Db,
  o: { tagId: number; page: number; size: number; sortBy?: StickerSort | undefined },
): Promise<StickerPage> {
  const sortBy = o.sortBy ?? (o.tagId === COMMUNITY_TAG ? "popular" : "id");
  const inList = and(eq(stickerTags.tagId, o.tagId), sql`${stickerTags.isPublic}`);
  const order = sortBy === "popular" ? [desc(stickerTags.hotScore), desc(stickerTags.stickerId)] : [desc(stickerTags.stickerId)];
  const [pageRows, totals] = await Promise.all([
    db
      .select({ stickerId: stickerTags.stickerId })
      .from(stickerTags)
      .where(inList)
      .orderBy(...order)
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db.select({ total: count() }).from(stickerTags).where(inList),
  ]);
  return {
    list: await stickerItemsByIds(
      db,
      pageRows.map((row) => row.stickerId),
    ),
    total: totals[0]?.total ?? 0,
  };
}
