import { asc, count, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { packs } from "../db/schema.ts";
import { listedPack } from "./list-packs.ts";

/** How many packs the sitemap lists: public ones with at least one public sticker. */
export async function countListedPacks(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(packs).where(listedPack(db));
  return row?.total ?? 0;
}

/** A slice of the listed packs in id order, for one sitemap file. */
export async function listPacksForSitemap(
  db: Db,
  o: { offset: number; limit: number },
): Promise<{ packId: string; name: string; updatedAt: Date }[]> {
  const ids = await db
    .select({ id: packs.id })
    .from(packs)
    .where(listedPack(db))
    .orderBy(asc(packs.id))
    .limit(o.limit)
    .offset(o.offset);
  if (ids.length === 0) return [];
  return db
    .select({ packId: packs.packId, name: packs.name, updatedAt: packs.updatedAt })
    .from(packs)
    .where(
      inArray(
        packs.id,
        ids.map((row) => row.id),
      ),
    )
    .orderBy(asc(packs.id));
}
