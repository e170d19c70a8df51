import { and, desc, eq, ne } from "drizzle-orm";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { AppError } from "#common/errors.ts";
import type { StickerListItem } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { stickers } from "../db/schema.ts";
import { shownTo, shownToEveryone } from "./shown-stickers.ts";
import { stickerItemsByIds } from "./sticker-items.ts";

/**
 * Stickers to show under a sticker (spec §7 /api/sticker/recommendation): public stickers of the same
 * style first, then the most popular ones; never the sticker itself; at most `limit` (spec §9: 24).
 * Each half is one range of a partial index on stickers (schema.ts). The sticker itself must be one
 * the viewer may see: someone else's private or hidden sticker is NOT_FOUND, as an unknown id is
 * (decision 0033).
 */
export async function recommendStickers(
  db: Db,
  o: { stickerInstId: string; viewerId: number | null; limit?: number },
): Promise<StickerListItem[]> {
  const limit = o.limit ?? LIST_PAGE_SIZE;
  const [current] = await db
    .select({ id: stickers.id, styleId: stickers.styleId })
    .from(stickers)
    .where(and(eq(stickers.stickerInstId, o.stickerInstId), shownTo(o.viewerId)))
    .limit(1);
  if (!current) throw new AppError("NOT_FOUND");
  const publicOthers = and(shownToEveryone, ne(stickers.id, current.id));
  const byPopularity = [desc(stickers.hotScore), desc(stickers.id)];
  const [sameStyle, popular] = await Promise.all([
    current.styleId === null
      ? []
      : db
          .select({ id: stickers.id })
          .from(stickers)
          .where(and(publicOthers, eq(stickers.styleId, current.styleId)))
          .orderBy(...byPopularity)
          .limit(limit),
    db
      .select({ id: stickers.id })
      .from(stickers)
      .where(publicOthers)
      .orderBy(...byPopularity)
      .limit(limit),
  ]);
  const ids = [...new Set([...sameStyle, ...popular].map((row) => row.id))].slice(0, limit);
  return stickerItemsByIds(db, ids);
}
