import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers } from "../db/schema.ts";
import { lockOwnedPack, stickerVisibleTo } from "./pack-access.ts";
import { packEmoji } from "./pack-rules.ts";
import { packDetail } from "./pack-view.ts";

/** `POST /api/pack/setEmoji`: the owner sets the 1 to 3 emoji a sticker stands for (PACK_EMOJI_INVALID). */
export async function setPackEmoji(
  db: Db,
  o: { userId: number; packId: string; stickerInstId: string; emoji: string[] },
): Promise<PackDetail> {
  const emoji = packEmoji(o.emoji);
  const pack = await db.transaction(async (tx) => {
    const row = await lockOwnedPack(tx, o);
    const [sticker] = await tx
      .select({ id: stickers.id })
      .from(stickers)
      .where(and(eq(stickers.stickerInstId, o.stickerInstId), stickerVisibleTo(o.userId)));
    const [changed] = sticker
      ? await tx
          .update(packStickers)
          .set({ emoji })
          .where(and(eq(packStickers.packId, row.id), eq(packStickers.stickerId, sticker.id)))
          .returning({ stickerId: packStickers.stickerId })
      : [];
    if (!changed) throw new AppError("PACK_STICKER_NOT_FOUND");
    const [updated] = await tx.update(packs).set({ updatedAt: new Date() }).where(eq(packs.id, row.id)).returning();
    return updated ?? row;
  });
  return packDetail(db, pack, o.userId);
}
