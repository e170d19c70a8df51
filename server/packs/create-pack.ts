import type { PackDetail } from "#common/packs.ts";
import type { Visibility } from "#common/tasks.ts";
import { holdLiveAccount } from "../accounts/live-account.ts";
import type { Db } from "../db/client.ts";
import { packs } from "../db/schema.ts";
import { addToLockedPack, packEmojiFor } from "./add-stickers.ts";
import type { DbOrTx, PackRow } from "./pack-access.ts";
import { newPackId, packName } from "./pack-rules.ts";
import { packDetail } from "./pack-view.ts";

/**
 * A new, empty pack of `ownerId` inside the caller's transaction (a pack made in one go creates its
 * pack with its tasks). The name is checked here: PACK_NAME_INVALID. A deleted owner gets AUTH_ERROR
 * (a request that raced the deletion, decision 0037).
 */
export async function insertPack(
  tx: DbOrTx,
  o: { ownerId: number; name: string; visibility?: Visibility; locale: string; clientUploadId?: string | undefined },
): Promise<PackRow> {
  await holdLiveAccount(tx, o.ownerId);
  const [row] = await tx
    .insert(packs)
    .values({
      packId: newPackId(),
      ownerId: o.ownerId,
      name: packName(o.name),
      visibility: o.visibility ?? "private",
      locale: o.locale,
      clientUploadId: o.clientUploadId ?? null,
    })
    .returning();
  if (!row) throw new Error("no pack row");
  return row;
}

/** `POST /api/pack/create`: a new pack, private unless asked, with the given stickers (all or nothing). */
export async function createPack(
  db: Db,
  o: { userId: number; name: string; visibility?: Visibility; stickerInstIds?: string[]; locale: string },
): Promise<PackDetail> {
  const emojiFor = await packEmojiFor(db, o.stickerInstIds ?? []);
  const pack = await db.transaction(async (tx) => {
    const row = await insertPack(tx, {
      ownerId: o.userId,
      name: o.name,
      locale: o.locale,
      ...(o.visibility ? { visibility: o.visibility } : {}),
    });
    // Nobody else knows the new pack's id yet, so this lock never waits.
    if (o.stickerInstIds?.length)
      await addToLockedPack(tx, row, { userId: o.userId, stickerInstIds: o.stickerInstIds, emojiFor });
    return row;
  });
  return packDetail(db, pack, o.userId);
}
