import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { favorites, packs, stickers } from "../db/schema.ts";
import { shownTo, shownToEveryone } from "../stickers/shown-stickers.ts";

/** The database handle or an open transaction (pack changes run in one). */
export type DbOrTx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export type PackRow = typeof packs.$inferSelect;

/**
 * A sticker the viewer may see: public and not hidden by moderation, or their own (a visitor: the
 * former only; decision 0031). Pack views, exports and edits all read through this.
 */
export function stickerVisibleTo(viewerId: number | null): SQL {
  return shownTo(viewerId);
}

/**
 * The caller's pack, its row locked until the transaction ends: every change of a pack's stickers
 * runs behind this lock, so two at once can neither pass PACK_MAX_STICKERS nor share a position.
 * Someone else's pack is PACK_NOT_FOUND, the same as no pack (decision 0024).
 */
export async function lockOwnedPack(tx: DbOrTx, o: { packId: string; userId: number }): Promise<PackRow> {
  const [row] = await tx.select().from(packs).where(eq(packs.packId, o.packId)).for("update");
  if (!row || row.ownerId !== o.userId) throw new AppError("PACK_NOT_FOUND");
  return row;
}

export interface AddableSticker {
  id: number;
  stickerInstId: string;
  name: string;
  prompt: string;
  locale: string;
}

/**
 * The stickers a user may put in a pack, in the order asked, repeats dropped: their own (any
 * visibility) and others' public ones they have favourited. Any other id (unknown, another's private,
 * not favourited) is PACK_STICKER_NOT_FOUND for the whole request.
 */
export async function addableStickers(tx: DbOrTx, o: { userId: number; stickerInstIds: string[] }): Promise<AddableSticker[]> {
  const wanted = [...new Set(o.stickerInstIds)];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({
      id: stickers.id,
      stickerInstId: stickers.stickerInstId,
      name: stickers.name,
      prompt: stickers.prompt,
      locale: stickers.locale,
    })
    .from(stickers)
    .leftJoin(favorites, and(eq(favorites.stickerId, stickers.id), eq(favorites.userId, o.userId)))
    .where(
      and(
        inArray(stickers.stickerInstId, wanted),
        or(eq(stickers.ownerId, o.userId), and(shownToEveryone, sql`${favorites.stickerId} is not null`)),
      ),
    );
  const byInstId = new Map(rows.map((row) => [row.stickerInstId, row]));
  return wanted.map((stickerInstId) => {
    const row = byInstId.get(stickerInstId);
    if (!row) throw new AppError("PACK_STICKER_NOT_FOUND");
    return row;
  });
}
