import { and, count, eq, max } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { PACK_MAX_STICKERS } from "#common/packs.ts";
import { packStickers, packs } from "../db/schema.ts";
import type { DbOrTx } from "./pack-access.ts";

/**
 * Puts one sticker at the end of a pack inside the caller's transaction and returns its position (a
 * pack made in one go appends each finished sticker with its mood's emoji). It takes the pack's row
 * lock first, like every change of a pack's stickers, so the place is never shared and the pack never
 * passes PACK_MAX_STICKERS (PACK_FULL). A sticker already in the pack keeps its place. The caller
 * checks who may add what (docs/decisions/0024-sticker-packs.md).
 */
export async function appendToPack(tx: DbOrTx, packRowId: number, stickerId: number, emoji: string[]): Promise<number> {
  const [pack] = await tx.select({ id: packs.id }).from(packs).where(eq(packs.id, packRowId)).for("update");
  if (!pack) throw new AppError("PACK_NOT_FOUND");
  const [already] = await tx
    .select({ position: packStickers.position })
    .from(packStickers)
    .where(and(eq(packStickers.packId, packRowId), eq(packStickers.stickerId, stickerId)));
  if (already) return already.position;
  const [held] = await tx
    .select({ n: count(), last: max(packStickers.position) })
    .from(packStickers)
    .where(eq(packStickers.packId, packRowId));
  if ((held?.n ?? 0) >= PACK_MAX_STICKERS) throw new AppError("PACK_FULL");
  const position = (held?.last ?? -1) + 1;
  await tx.insert(packStickers).values({ packId: packRowId, stickerId, position, emoji });
  await tx.update(packs).set({ updatedAt: new Date() }).where(eq(packs.id, packRowId));
  return position;
}
