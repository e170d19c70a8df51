import { asc, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers } from "../db/schema.ts";
import { lockOwnedPack, stickerVisibleTo } from "./pack-access.ts";
import { packDetail } from "./pack-view.ts";

/**
 * `POST /api/pack/reorder`: the owner sends the whole new order. It must name exactly the stickers of
 * the pack they see, each once, else PACK_CHANGED (the page reloads the pack: another tab changed it).
 * Others' stickers made private since, which the owner no longer sees, keep their order after them.
 */
export async function reorderPack(db: Db, o: { userId: number; packId: string; stickerInstIds: string[] }): Promise<PackDetail> {
  const pack = await db.transaction(async (tx) => {
    const row = await lockOwnedPack(tx, o);
    const members = await tx
      .select({
        stickerId: packStickers.stickerId,
        stickerInstId: stickers.stickerInstId,
        seen: sql<boolean>`${stickerVisibleTo(o.userId)}`,
      })
      .from(packStickers)
      .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
      .where(eq(packStickers.packId, row.id))
      .orderBy(asc(packStickers.position));
    const seen = new Map(members.filter((member) => member.seen).map((member) => [member.stickerInstId, member.stickerId]));
    const asked = new Set(o.stickerInstIds);
    if (asked.size !== o.stickerInstIds.length || asked.size !== seen.size || o.stickerInstIds.some((id) => !seen.has(id))) {
      throw new AppError("PACK_CHANGED");
    }
    const order = [
      ...o.stickerInstIds.map((id) => seen.get(id) as number),
      ...members.filter((member) => !member.seen).map((member) => member.stickerId),
    ];
    if (order.length > 0) {
      const places = sql.join(
        order.map((stickerId, position) => sql`(${stickerId}::bigint, ${position}::integer)`),
        sql`, `,
      );
      await tx.execute(
        sql`update ${packStickers} set position = places.position from (values ${places}) as places(sticker_id, position) where ${packStickers.packId} = ${row.id} and ${packStickers.stickerId} = places.sticker_id`,
      );
    }
    // The owner's order stands: stickers still being made join at the end from now on (decision 0026).
    const now = new Date();
    const [updated] = await tx
      .update(packs)
      .set({ updatedAt: now, orderedByOwnerAt: sql`coalesce(${packs.orderedByOwnerAt}, ${now})` })
      .where(eq(packs.id, row.id))
      .returning();
    return updated ?? row;
  });
  return packDetail(db, pack, o.userId);
}
