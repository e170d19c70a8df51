import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { stickerTags } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { EXPLORE_TAG } from "../stickers/tags.ts";
import { logModerationAction } from "./audit-log.ts";
import { lockModeratedSticker } from "./hide-sticker.ts";
import type { Staff } from "./staff.ts";

/**
 * `POST /api/admin/pick`: an editor puts a public sticker in explore (tag 2, decision 0031). A private
 * or hidden one is NOT_FOUND: explore shows only what everyone may see; a banned user's is
 * ACCOUNT_BANNED (decision 0031).
 */
export async function pickForExplore(db: Db, actor: Staff, o: { stickerInstId: string; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockModeratedSticker(tx, actor, o.stickerInstId);
    if (row.ownerBanned) throw new AppError("ACCOUNT_BANNED");
    if (row.visibility !== "public" || row.hiddenAt !== null) throw new AppError("NOT_FOUND");
    await tx.insert(stickerTags).values({ stickerId: row.id, tagId: EXPLORE_TAG }).onConflictDoNothing();
    await logModerationAction(tx, {
      actorId: actor.userId,
      action: "pick",
      stickerId: row.id,
      targetUserId: row.ownerId,
      note: o.note,
    });
  });
}

/**
 * `POST /api/admin/unpick`: out of explore. The logged 'unpick' also keeps explore's rule from bringing
 * it back (`joinExploreByRule`): an editor's "no" outranks the favourites.
 */
export async function unpickFromExplore(db: Db, actor: Staff, o: { stickerInstId: string; note: string }): Promise<void> {
  await changePublicContent(db, async (tx) => {
    const row = await lockModeratedSticker(tx, actor, o.stickerInstId);
    const removed = await tx
      .delete(stickerTags)
      .where(and(eq(stickerTags.stickerId, row.id), eq(stickerTags.tagId, EXPLORE_TAG)))
      .returning({ id: stickerTags.stickerId });
    await logModerationAction(tx, {
      actorId: actor.userId,
      action: "unpick",
      stickerId: row.id,
      targetUserId: row.ownerId,
      note: o.note,
    });
    return { value: undefined, change: removed.length > 0 ? { stickers: [o.stickerInstId], packs: [] } : null };
  });
}
