import { asc, count, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { stickers } from "../db/schema.ts";
import { shownToEveryone } from "./shown-stickers.ts";

// Hidden stickers stay out of the sitemap (decision 0031).
const isPublic = shownToEveryone;

/** How many stickers the sitemap lists (public ones). */
export async function countPublicStickers(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(stickers).where(isPublic);
  return row?.total ?? 0;
}

/** A slice of the public stickers in id order, for one sitemap file. */
export async function listPublicStickerIdsForSitemap(
  db: Db,
  o: { offset: number; limit: number },
): Promise<{ stickerInstId: string; name: string; createdAt: Date }[]> {
  // Ids first from the partial index, then the rows: skipping to a deep offset reads no rows.
  const ids = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(isPublic)
    .orderBy(asc(stickers.id))
    .limit(o.limit)
    .offset(o.offset);
  if (ids.length === 0) return [];
  return db
    .select({ stickerInstId: stickers.stickerInstId, name: stickers.name, createdAt: stickers.createdAt })
    .from(stickers)
    .where(
      inArray(
        stickers.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(asc(stickers.id));
}
