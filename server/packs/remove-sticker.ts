import { and, eq, gt, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers } from "../db/schema.ts";
import { lockOwnedPack } from "./pack-access.ts";
import { packDetail } from "./pack-view.ts";

/**
 * `POST /api/pack/removeSticker`: the owner takes a sticker out; the ones after it move up one place
 * (positions stay 0..n-1) and a pack whose cover it was falls back to its first sticker.
 */
export async function removeStickerFromPack(
  db: Db,
  o: { userId: number; packId: string; stickerInstId: string },
): Promise<PackDetail> {
  const pack = await db.transaction(async (tx) => {
    const row = await lockOwnedPack(tx, o);
    const [sticker] = await tx.select({ id: stickers.id }).from(stickers).where(eq(stickers.stickerInstId, o.stickerInstId));
    const [removed] = sticker
      ? await tx
          .delete(packStickers)
          .where(and(eq(packStickers.packId, row.id), eq(packStickers.stickerId, sticker.id)))
          .returning({ position: packStickers.position })
      : [];
    if (!sticker || !removed) throw new AppError("PACK_STICKER_NOT_FOUND");
    await tx
      .update(packStickers)
      .set({ position: sql`${packStickers.position} - 1` })
      .where(and(eq(packStickers.packId, row.id), gt(packStickers.position, removed.position)));
    const [updated] = await tx
      .update(packs)
      .set({ coverStickerId: row.coverStickerId === sticker.id ? null : row.coverStickerId, updatedAt: new Date() })
      .where(eq(packs.id, row.id))
      .returning();
    return updated ?? row;
  });
  return packDetail(db, pack, o.userId);
}
