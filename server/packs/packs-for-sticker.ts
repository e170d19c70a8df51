import { and, count, desc, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers } from "../db/schema.ts";
import { stickerVisibleTo } from "./pack-access.ts";

/** The most packs the "Add to pack" menu lists (recently changed first). */
const MENU_PACKS = 200;

export interface PackChoice {
  packId: string;
  name: string;
  contains: boolean;
  stickerCount: number;
}

/**
 * `GET /api/pack/forSticker`: the caller's packs for the "Add to pack" menu of a sticker they see,
 * whether each holds it, and each one's count as the owner sees it.
 */
export async function packsForSticker(db: Db, o: { userId: number; stickerInstId: string }): Promise<{ list: PackChoice[] }> {
  const [sticker] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(eq(stickers.stickerInstId, o.stickerInstId), stickerVisibleTo(o.userId)));
  if (!sticker) throw new AppError("PACK_STICKER_NOT_FOUND");
  const mine = await db
    .select({ id: packs.id, packId: packs.packId, name: packs.name })
    .from(packs)
    .where(eq(packs.ownerId, o.userId))
    .orderBy(desc(packs.updatedAt), desc(packs.id))
    .limit(MENU_PACKS);
  if (mine.length === 0) return { list: [] };
  const counts = await db
    .select({
      packId: packStickers.packId,
      n: count(),
      contains: sql<boolean>`bool_or(${packStickers.stickerId} = ${sticker.id})`,
    })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .where(and(eq(packs.ownerId, o.userId), stickerVisibleTo(o.userId)))
    .innerJoin(packs, eq(packs.id, packStickers.packId))
    .groupBy(packStickers.packId);
  const byPack = new Map(counts.map((row) => [row.packId, row]));
  return {
    list: mine.map((pack) => ({
      packId: pack.packId,
      name: pack.name,
      contains: byPack.get(pack.id)?.contains === true,
      stickerCount: byPack.get(pack.id)?.n ?? 0,
    })),
  };
}
