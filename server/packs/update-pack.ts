import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { PackDetail } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, stickers } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { lockOwnedPack, stickerVisibleTo } from "./pack-access.ts";
import { packName } from "./pack-rules.ts";
import { packDetail } from "./pack-view.ts";

/**
 * `POST /api/pack/update`: the owner renames a pack, makes it public or private, or chooses its cover
 * (a sticker in it they see; null = the first). A pack made private leaves every process's shared
 * pages at once, as a sticker made private does (decision 0021).
 */
export async function updatePack(
  db: Db,
  o: { userId: number; packId: string; name?: string; visibility?: Visibility; coverStickerInstId?: string | null },
): Promise<PackDetail> {
  const name = o.name === undefined ? undefined : packName(o.name);
  const after = await changePublicContent(db, async (tx) => {
    const row = await lockOwnedPack(tx, o);
    let coverStickerId = row.coverStickerId;
    if (o.coverStickerInstId === null) coverStickerId = null;
    else if (o.coverStickerInstId !== undefined) {
      const [member] = await tx
        .select({ id: stickers.id })
        .from(packStickers)
        .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
        .where(
          and(eq(packStickers.packId, row.id), eq(stickers.stickerInstId, o.coverStickerInstId), stickerVisibleTo(o.userId)),
        );
      if (!member) throw new AppError("PACK_STICKER_NOT_FOUND");
      coverStickerId = member.id;
    }
    const [updated] = await tx
      .update(packs)
      .set({
        ...(name === undefined ? {} : { name }),
        ...(o.visibility === undefined ? {} : { visibility: o.visibility }),
        coverStickerId,
        updatedAt: new Date(),
      })
      .where(eq(packs.id, row.id))
      .returning();
    const left = row.visibility === "public" && updated?.visibility === "private";
    return { value: updated ?? row, change: left ? { stickers: [], packs: [row.packId] } : null };
  });
  return packDetail(db, after, o.userId);
}
