import { and, eq, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { packReports, packs, users } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { logModerationAction } from "./audit-log.ts";
import { type DbOrTx, mayActOn, type Staff } from "./staff.ts";

/** The pack, its row locked, after checking the actor may act on its owner (decision 0031's rules). */
async function lockModeratedPack(tx: DbOrTx, actor: Staff, packId: string) {
  const [row] = await tx
    .select({
      id: packs.id,
      packId: packs.packId,
      ownerId: packs.ownerId,
      visibility: packs.visibility,
      hiddenAt: packs.hiddenAt,
    })
    .from(packs)
    .where(eq(packs.packId, packId))
    .for("update");
  if (!row) throw new AppError("PACK_NOT_FOUND");
  const [owner] = await tx.select({ role: users.role, bannedAt: users.bannedAt }).from(users).where(eq(users.id, row.ownerId));
  if (!mayActOn(actor, { userId: row.ownerId, role: owner?.role ?? null })) throw new AppError("NO_PERMISSION");
  return { ...row, ownerBanned: owner?.bannedAt != null };
}

async function resolveOpenPackReports(tx: DbOrTx, o: { packId: number; actorId: number; now: Date }): Promise<void> {
  await tx
    .update(packReports)
    .set({ resolvedAt: o.now, resolvedBy: o.actorId })
    .where(and(eq(packReports.packId, o.packId), isNull(packReports.resolvedAt)));
}

/**
 * `POST /api/admin/hidePack` (decision 0035): the pack leaves the gallery (page, packs list, sitemap,
 * exports) for everyone but its owner and staff; its stickers stay as they are. Its open reports are
 * resolved, the action logged, and every process drops its cached pages of the pack.
 */
export async function hidePack(db: Db, actor: Staff, o: { packId: string; note: string }): Promise<void> {
  await changePublicContent(db, async (tx) => {
    const row = await lockModeratedPack(tx, actor, o.packId);
    const now = new Date();
    await resolveOpenPackReports(tx, { packId: row.id, actorId: actor.userId, now });
    if (row.hiddenAt === null) await tx.update(packs).set({ hiddenAt: now }).where(eq(packs.id, row.id));
    await logModerationAction(tx, {
      actorId: actor.userId,
      action: "hidePack",
      packId: row.id,
      targetUserId: row.ownerId,
      note: o.note,
    });
    const left = row.hiddenAt === null && row.visibility === "public";
    return { value: undefined, change: left ? { stickers: [], packs: [row.packId] } : null };
  });
}

/**
 * `POST /api/admin/restorePack`: back in the gallery as public or private as its owner left it, open
 * reports resolved. While its owner is banned nothing of theirs comes back (ACCOUNT_BANNED).
 */
export async function restorePack(db: Db, actor: Staff, o: { packId: string; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockModeratedPack(tx, actor, o.packId);
    if (row.ownerBanned) throw new AppError("ACCOUNT_BANNED");
    const now = new Date();
    await resolveOpenPackReports(tx, { packId: row.id, actorId: actor.userId, now });
    await tx.update(packs).set({ hiddenAt: null }).where(eq(packs.id, row.id));
    await logModerationAction(tx, {
      actorId: actor.userId,
      action: "restorePack",
      packId: row.id,
      targetUserId: row.ownerId,
      note: o.note,
    });
  });
}
