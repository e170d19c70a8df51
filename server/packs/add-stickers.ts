import { and, count, eq, inArray, max } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { DEFAULT_LANGUAGE } from "#common/languages.ts";
import type { PackDetail } from "#common/packs.ts";
import { PACK_MAX_STICKERS } from "#common/packs.ts";
import { AUTOMATIC_EMOJI } from "#common/sticker-labels.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs } from "../db/schema.ts";
import { labelsByInstId } from "../stickers/labels/read-labels.ts";
import { addableStickers, type DbOrTx, lockOwnedPack, type PackRow } from "./pack-access.ts";
import { packDetail } from "./pack-view.ts";

/**
 * Appends stickers to a pack whose row the caller has locked, in the order given, each with its labels'
 * emoji (`emojiFor`, read before the lock); ones already in it are skipped. All or nothing: a sticker the user may not add is
 * PACK_STICKER_NOT_FOUND, passing PACK_MAX_STICKERS is PACK_FULL (decision 0024).
 */
export async function addToLockedPack(
  tx: DbOrTx,
  pack: PackRow,
  o: { userId: number; stickerInstIds: string[]; emojiFor: ReadonlyMap<string, string[]> },
): Promise<void> {
  const wanted = await addableStickers(tx, o);
  if (wanted.length === 0) return;
  const present = await tx
    .select({ stickerId: packStickers.stickerId })
    .from(packStickers)
    .where(
      and(
        eq(packStickers.packId, pack.id),
        inArray(
          packStickers.stickerId,
          wanted.map((sticker) => sticker.id),
        ),
      ),
    );
  const skip = new Set(present.map((row) => row.stickerId));
  const fresh = wanted.filter((sticker) => !skip.has(sticker.id));
  if (fresh.length === 0) return;
  // After the last place even if a gap was left (a sticker deleted with its places).
  const [held] = await tx
    .select({ n: count(), last: max(packStickers.position) })
    .from(packStickers)
    .where(eq(packStickers.packId, pack.id));
  if ((held?.n ?? 0) + fresh.length > PACK_MAX_STICKERS) throw new AppError("PACK_FULL");
  const start = (held?.last ?? -1) + 1;
  await tx.insert(packStickers).values(
    fresh.map((sticker, i) => ({
      packId: pack.id,
      stickerId: sticker.id,
      position: start + i,
      // A sticker the read did not see (made since) stands for the emoji any sticker has without labels.
      emoji: o.emojiFor.get(sticker.stickerInstId) ?? [AUTOMATIC_EMOJI],
    })),
  );
  await tx.update(packs).set({ updatedAt: new Date() }).where(eq(packs.id, pack.id));
}

/**
 * The emoji each of these stickers joins a pack with: its labels' (decision 0042), the owner's own or
 * the automatic ones, by public id. Read before the pack's lock is taken, so the lock is held only for
 * the writes.
 */
export async function packEmojiFor(db: Db, stickerInstIds: string[]): Promise<Map<string, string[]>> {
  // Emoji are the same in every language; the language only names keywords and alt texts.
  const labels = await labelsByInstId(db, stickerInstIds, DEFAULT_LANGUAGE);
  return new Map([...labels].map(([stickerInstId, found]) => [stickerInstId, found.emoji]));
}

/** `POST /api/pack/addStickers`: the owner appends stickers (own ones, or favourited public ones). */
export async function addStickersToPack(
  db: Db,
  o: { userId: number; packId: string; stickerInstIds: string[] },
): Promise<PackDetail> {
  const emojiFor = await packEmojiFor(db, o.stickerInstIds);
  const pack = await db.transaction(async (tx) => {
    const row = await lockOwnedPack(tx, o);
    await addToLockedPack(tx, row, { ...o, emojiFor });
    return row;
  });
  return packDetail(db, pack, o.userId);
}
