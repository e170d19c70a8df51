import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { AppError, isAppError } from "#common/errors.ts";
import { FREE_PLAN_ID } from "#common/plans.ts";
import type { BillingContext } from "../billing/billing-context.ts";
import { subscribe } from "../billing/subscribe.ts";
import type { Db } from "../db/client.ts";
import { packReports, packs, reports, sessions, stickers, users } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
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
 * hidden with reason 'ban', and every open report on any of their stickers or packs — and every open
 * report they filed — is resolved; the action is logged and every process drops its cached public pages.
 * Sign-in and new tasks then answer ACCOUNT_BANNED. Once that has committed, a paid subscription is
 * cancelled at period end (`endSubscriptionOfBanned`).
 */
export async function banUser(app: BillingContext, actor: Staff, o: { userId: number; note: string }): Promise<void> {
  const db = app.database.db;
  // Its stickers are many: every process drops every shared page and list.
  const banned = await changePublicContent(db, async (tx) => {
    const target = await lockTarget(tx, actor, o.userId);
    if (target.bannedAt !== null) return { value: false, change: null };
    const now = new Date();
    await tx.update(users).set({ bannedAt: now }).where(eq(users.id, target.id));
    await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.userId, target.id), isNull(sessions.endedAt)));
    await tx
      .update(stickers)
      .set({ hiddenAt: now, hiddenReason: "ban" })
      .where(and(eq(stickers.ownerId, target.id), isNull(stickers.hiddenAt)));
    const theirs = tx.select({ id: stickers.id }).from(stickers).where(eq(stickers.ownerId, target.id));
    await tx
      .update(reports)
      .set({ resolvedAt: now, resolvedBy: actor.userId })
      .where(and(isNull(reports.resolvedAt), or(inArray(reports.stickerId, theirs), eq(reports.reporterId, target.id))));
    // So do the open reports on their packs and those they filed on others' (decision 0035).
    const theirPacks = tx.select({ id: packs.id }).from(packs).where(eq(packs.ownerId, target.id));
    await tx
      .update(packReports)
      .set({ resolvedAt: now, resolvedBy: actor.userId })
      .where(
        and(isNull(packReports.resolvedAt), or(inArray(packReports.packId, theirPacks), eq(packReports.reporterId, target.id))),
      );
    await logModerationAction(tx, { actorId: actor.userId, action: "ban", targetUserId: target.id, note: o.note });
    return { value: true, change: "everything" };
  });
  if (!banned) return;
  await endSubscriptionOfBanned(app, o.userId);
}

/**
 * A banned member is not charged again: their subscription is cancelled at period end through the
 * same path as choosing the free plan (`subscribe` with plan 0). It runs after the ban has committed
 * and never undoes it: a provider failure is logged for staff to finish by hand (decision 0031).
 */
async function endSubscriptionOfBanned(app: BillingContext, userId: number): Promise<void> {
  try {
    await subscribe(app, userId, { plan: FREE_PLAN_ID });
  } catch (error) {
    if (isAppError(error, "ALREADY_FREE")) return;
    app.log.error({ err: error, userId }, "banned user's subscription not cancelled: cancel it by hand");
  }
}

/**
 * `POST /api/admin/unban`: the user may sign in again, and the stickers the ban hid come back (those a
 * moderator hid for their own sake stay hidden). A subscription the ban cancelled stays cancelled.
 */
export async function unbanUser(app: BillingContext, actor: Staff, o: { userId: number; note: string }): Promise<void> {
  const db: Db = app.database.db;
  await changePublicContent(db, async (tx) => {
    const target = await lockTarget(tx, actor, o.userId);
    if (target.bannedAt === null) return { value: undefined, change: null };
    await tx.update(users).set({ bannedAt: null }).where(eq(users.id, target.id));
    await tx
      .update(stickers)
      .set({ hiddenAt: null, hiddenReason: null })
      .where(and(eq(stickers.ownerId, target.id), eq(stickers.hiddenReason, "ban")));
    await logModerationAction(tx, { actorId: actor.userId, action: "unban", targetUserId: target.id, note: o.note });
    return { value: undefined, change: "everything" };
  });
}
