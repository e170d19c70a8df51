import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { reports, stickers, users } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { logModerationAction } from "./audit-log.ts";
import { type DbOrTx, mayActOn, type Staff } from "./staff.ts";

/** The sticker, its row locked, after checking the actor may act on its owner (decision 0031). */
export async function lockModeratedSticker(tx: DbOrTx, actor: Staff, stickerInstId: string) {
  const [row] = await tx
    .select({
      id: stickers.id,
      ownerId: stickers.ownerId,
      visibility: stickers.visibility,
      hiddenAt: stickers.hiddenAt,
      hiddenReason: stickers.hiddenReason,
    })
    .from(stickers)
    .where(eq(stickers.stickerInstId, stickerInstId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  let ownerBanned = false;
  if (row.ownerId !== null) {
    const [owner] = await tx.select({ role: users.role, bannedAt: users.bannedAt }).from(users).where(eq(users.id, row.ownerId));
    if (!mayActOn(actor, { userId: row.ownerId, role: owner?.role ?? null })) throw new AppError("NO_PERMISSION");
    ownerBanned = owner?.bannedAt != null;
  }
  return { ...row, ownerBanned };
}

/** A moderator's decision closes the sticker's open reports (they no longer count, nor show in the queue). */
export async function resolveOpenReports(tx: DbOrTx, o: { stickerId: number; actorId: number; now: Date }): Promise<void> {
  await tx
    .update(reports)
    .set({ resolvedAt: o.now, resolvedBy: o.actorId })
    .where(and(eq(reports.stickerId, o.stickerId), isNull(reports.resolvedAt)));
}

/**
 * `POST /api/admin/hide`: a moderator keeps the sticker out of the gallery (reason 'moderator'); its
 * open reports are resolved, the action logged, and every process drops its cached public pages.
 */
export async function hideSticker(db: Db, actor: Staff, o: { stickerInstId: string; note: string }): Promise<void> {
  await changePublicContent(db, async (tx) => {
    const row = await lockModeratedSticker(tx, actor, o.stickerInstId);
    const now = new Date();
    await resolveOpenReports(tx, { stickerId: row.id, actorId: actor.userId, now });
    await tx.update(stickers).set({ hiddenAt: now, hiddenReason: "moderator" }).where(eq(stickers.id, row.id));
    await logModerationAction(tx, {
      actorId: actor.userId,
      action: "hide",
      stickerId: row.id,
      targetUserId: row.ownerId,
      note: o.note,
    });
    return { value: undefined, change: row.hiddenAt === null ? { stickers: [o.stickerInstId], packs: [] } : null };
  });
}

/**
 * `POST /api/admin/restore`: back in the gallery (as public or private as its owner left it), open
 * reports resolved. While its owner is banned nothing of theirs comes back (ACCOUNT_BANNED), whatever
 * hid it first — a sticker hidden for reports before the ban included (decision 0031); the unban
 * brings back what the ban hid.
 */
export async function restoreSticker(db: Db, actor: Staff, o: { stickerInstId: string; note: string }): Promise<void> {
  await changePublicContent(db, async (tx) => {
    const row = await lockModeratedSticker(tx, actor, o.stickerInstId);
    if (row.ownerBanned || row.hiddenReason === "ban") throw new AppError("ACCOUNT_BANNED");
    const now = new Date();
    await resolveOpenReports(tx, { stickerId: row.id, actorId: actor.userId, now });
    await tx.update(stickers).set({ hiddenAt: null, hiddenReason: null }).where(eq(stickers.id, row.id));
    await logModerationAction(tx, {
      actorId: actor.userId,
      action: "restore",
      stickerId: row.id,
      targetUserId: row.ownerId,
      note: o.note,
    });
    return { value: undefined, change: row.hiddenAt !== null ? { stickers: [o.stickerInstId], packs: [] } : null };
  });
}
