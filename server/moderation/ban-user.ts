import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { reports, sessions, stickers, users } from "../db/schema.ts";
import { announcePublicStickersChanged, publicStickersChangedHere } from "../pages/page-changes.ts";
import { logModerationAction } from "./audit-log.ts";
import { type DbOrTx, mayActOn, type Staff } from "./staff.ts";

/** The target user, its row locked (sign-in reads it FOR SHARE, so it waits for the ban to commit). */
async function lockTarget(tx: DbOrTx, actor: Staff, userId: number) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, bannedAt: users.bannedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  if (!mayActOn(actor, { userId: row.id, role: row.role })) throw new AppError("NO_PERMISSION");
  return row;
}

/**
 * `POST /api/admin/ban` (decision 0031), in one transaction: the user is marked banned, every session
 * of theirs ends (their next call is AUTH_ERROR), each of their stickers still in the gallery is
 * hidden with reason 'ban' and the open reports on them are resolved; the action is logged and every
 * process drops its cached public pages. Sign-in and new tasks then answer ACCOUNT_BANNED.
 */
export async function banUser(db: Db, actor: Staff, o: { userId: number; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, o.userId);
    if (target.bannedAt !== null) return;
    const now = new Date();
    await tx.update(users).set({ bannedAt: now }).where(eq(users.id, target.id));
    await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.userId, target.id), isNull(sessions.endedAt)));
    const hidden = await tx
      .update(stickers)
      .set({ hiddenAt: now, hiddenReason: "ban" })
      .where(and(eq(stickers.ownerId, target.id), isNull(stickers.hiddenAt)))
      .returning({ id: stickers.id });
    for (const sticker of hidden) {
      await tx
        .update(reports)
        .set({ resolvedAt: now, resolvedBy: actor.userId })
        .where(and(eq(reports.stickerId, sticker.id), isNull(reports.resolvedAt)));
    }
    await logModerationAction(tx, { actorId: actor.userId, action: "ban", targetUserId: target.id, note: o.note });
    await announcePublicStickersChanged(tx);
  });
  publicStickersChangedHere(db);
}

/**
 * `POST /api/admin/unban`: the user may sign in again, and the stickers the ban hid come back (those a
 * moderator hid for their own sake stay hidden).
 */
export async function unbanUser(db: Db, actor: Staff, o: { userId: number; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, o.userId);
    if (target.bannedAt === null) return;
    await tx.update(users).set({ bannedAt: null }).where(eq(users.id, target.id));
    await tx
      .update(stickers)
      .set({ hiddenAt: null, hiddenReason: null })
      .where(and(eq(stickers.ownerId, target.id), eq(stickers.hiddenReason, "ban")));
    await logModerationAction(tx, { actorId: actor.userId, action: "unban", targetUserId: target.id, note: o.note });
  });
}
