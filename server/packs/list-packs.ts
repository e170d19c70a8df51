import { and, count, desc, eq, exists, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { PackPage } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers, users } from "../db/schema.ts";
import { shownToEveryone } from "../stickers/shown-stickers.ts";
import { packSummaries } from "./pack-view.ts";

/** Ids of a page first, then their rows: a deep page reads no rows it skips (decision 0022). */
async function rowsOf(db: Db, ids: { id: number }[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(packs)
    .where(
      inArray(
        packs.id,
        ids.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((row) => byId.get(row.id) ?? []);
}

/** One page of the packs `where` picks, newest first, as `viewerId` (null: a visitor) sees them. */
async function packPage(
  db: Db,
  where: SQL | undefined,
  viewerId: number | null,
  o: { page: number; size: number },
): Promise<PackPage> {
  const [ids, [total]] = await Promise.all([
    db
      .select({ id: packs.id })
      .from(packs)
      .where(where)
      .orderBy(desc(packs.id))
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db.select({ n: count() }).from(packs).where(where),
  ]);
  return { list: await packSummaries(db, await rowsOf(db, ids), viewerId), total: total?.n ?? 0 };
}

/** `GET /api/pack/mine`: the caller's packs, newest first, private and empty ones included. */
export function pageMyPacks(db: Db, o: { userId: number; page: number; size: number }): Promise<PackPage> {
  return packPage(db, eq(packs.ownerId, o.userId), o.userId, o);
}

/**
 * A pack whose owner is not banned: a banned user's public packs leave the gallery with them, and
 * their unban brings them back (decision 0031).
 */
export const packOwnerNotBanned: SQL = sql`not exists (select 1 from ${users} where ${users.id} = ${packs.ownerId} and ${users.bannedAt} is not null)`;

/**
 * A public pack no moderator hid (decision 0035), of a user who is not banned, with at least one public
 * sticker: what the packs tab and the sitemap list.
 */
export function listedPack(db: Db) {
  return and(
    eq(packs.visibility, "public"),
    isNull(packs.hiddenAt),
    packOwnerNotBanned,
    exists(
      db
        .select({ one: sql`1` })
        .from(packStickers)
        .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
        .where(and(eq(packStickers.packId, packs.id), shownToEveryone)),
    ),
  );
}

/** `GET /api/pack/page`: public packs with a sticker a visitor may see, newest first, as a visitor sees them. */
export function pagePublicPacks(db: Db, o: { page: number; size: number }): Promise<PackPage> {
  return packPage(db, listedPack(db), null, o);
}
