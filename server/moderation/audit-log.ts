import { count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ModerationAction, ModerationLogEntry } from "#common/moderation.ts";
import type { Db } from "../db/client.ts";
import { moderationActions, packs, stickers, users } from "../db/schema.ts";
import { type DbOrTx, emailForStaff, type Staff } from "./staff.ts";

/** One line of the audit log, inside the transaction of the action it records (decision 0031). */
export async function logModerationAction(
  tx: DbOrTx,
  o: {
    actorId: number;
    action: ModerationAction;
    stickerId?: number | null;
    packId?: number | null;
    targetUserId?: number | null;
    note?: string;
  },
): Promise<void> {
  await tx.insert(moderationActions).values({
    actorId: o.actorId,
    action: o.action,
    stickerId: o.stickerId ?? null,
    packId: o.packId ?? null,
    targetUserId: o.targetUserId ?? null,
    note: o.note ?? "",
  });
}

/** The audit log, newest first (the desk's log page and `GET /api/admin/actions`); addresses as `emailForStaff`. */
export async function pageModerationActions(
  db: Db,
  viewer: Pick<Staff, "role">,
  o: { page: number; size: number },
): Promise<{ list: ModerationLogEntry[]; total: number }> {
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: moderationActions.id,
        action: moderationActions.action,
        actorId: moderationActions.actorId,
        actorEmail: actor.email,
        stickerInstId: stickers.stickerInstId,
        packId: packs.packId,
        targetUserId: moderationActions.targetUserId,
        targetEmail: target.email,
        note: moderationActions.note,
        createdAt: moderationActions.createdAt,
      })
      .from(moderationActions)
      .innerJoin(actor, eq(actor.id, moderationActions.actorId))
      .leftJoin(target, eq(target.id, moderationActions.targetUserId))
      .leftJoin(stickers, eq(stickers.id, moderationActions.stickerId))
      .leftJoin(packs, eq(packs.id, moderationActions.packId))
      .orderBy(desc(moderationActions.id))
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db.select({ n: count() }).from(moderationActions),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor: { userId: row.actorId, email: emailForStaff(viewer, row.actorEmail ?? "") },
      stickerInstId: row.stickerInstId ?? null,
      packId: row.packId ?? null,
      target:
        row.targetUserId === null ? null : { userId: row.targetUserId, email: emailForStaff(viewer, row.targetEmail ?? "") },
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
