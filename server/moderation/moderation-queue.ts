import { and, asc, count, countDistinct, eq, inArray, isNull, min, ne, sql } from "drizzle-orm";
import type { BannedUser, QueueItem } from "#common/moderation.ts";
import type { Db } from "../db/client.ts";
import { pictures, reports, stickers, users } from "../db/schema.ts";
import { emailForStaff, type Staff } from "./staff.ts";

/**
 * The desk's queue (decision 0031): every sticker with open reports, hidden by them or not yet, the
 * oldest first report first, with its reasons counted and the reporters' notes — private ones too (its
 * owner made it private after the reports: staff still see it, decision 0035). Owners' addresses are
 * masked for moderators (`emailForStaff`).
 */
export async function pageModerationQueue(
  db: Db,
  viewer: Pick<Staff, "role">,
  o: { page: number; size: number },
): Promise<{ list: QueueItem[]; total: number }> {
  const open = isNull(reports.resolvedAt);
  const [ids, [total]] = await Promise.all([
    db
      .select({ stickerId: reports.stickerId, first: min(reports.createdAt) })
      .from(reports)
      .where(open)
      .groupBy(reports.stickerId)
      .orderBy(asc(min(reports.createdAt)), asc(reports.stickerId))
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db
      .select({ n: countDistinct(reports.stickerId) })
      .from(reports)
      .where(open),
  ]);
  if (ids.length === 0) return { list: [], total: total?.n ?? 0 };
  const stickerIds = ids.map((row) => row.stickerId);
  const [rows, reasons, notes] = await Promise.all([
    db
      .select({
        id: stickers.id,
        stickerInstId: stickers.stickerInstId,
        name: stickers.name,
        prompt: stickers.prompt,
        thumbKey: pictures.thumbKey,
        visibility: stickers.visibility,
        hiddenReason: stickers.hiddenReason,
        inExplore: sql<boolean>`exists (select 1 from sticker_tags t where t.sticker_id = ${stickers.id} and t.tag_id = 2)`,
        ownerId: users.id,
        ownerEmail: users.email,
        ownerRole: users.role,
        ownerBannedAt: users.bannedAt,
      })
      .from(stickers)
      .innerJoin(pictures, eq(pictures.id, stickers.picId))
      .leftJoin(users, eq(users.id, stickers.ownerId))
      .where(inArray(stickers.id, stickerIds)),
    db
      .select({ stickerId: reports.stickerId, reason: reports.reason, n: count() })
      .from(reports)
      .where(and(open, inArray(reports.stickerId, stickerIds)))
      .groupBy(reports.stickerId, reports.reason)
      .orderBy(asc(reports.reason)),
    db
      .select({ stickerId: reports.stickerId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt })
      .from(reports)
      .where(and(open, inArray(reports.stickerId, stickerIds), ne(reports.note, "")))
      .orderBy(asc(reports.createdAt)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const list = ids.flatMap(({ stickerId, first }) => {
    const row = byId.get(stickerId);
    if (!row) return [];
    return [
      {
        stickerInstId: row.stickerInstId,
        name: row.name,
        prompt: row.prompt,
        thumbUrl: `/files/${row.thumbKey}`,
        visibility: row.visibility,
        hiddenReason: row.hiddenReason,
        inExplore: Boolean(row.inExplore),
        owner:
          row.ownerId === null
            ? null
            : {
                userId: row.ownerId,
                email: emailForStaff(viewer, row.ownerEmail ?? ""),
                role: row.ownerRole,
                banned: row.ownerBannedAt !== null,
              },
        firstReportAt: (first ?? new Date(0)).toISOString(),
        reasons: reasons.filter((r) => r.stickerId === stickerId).map((r) => ({ reason: r.reason, count: r.n })),
        notes: notes
          .filter((n) => n.stickerId === stickerId)
          .map((n) => ({ reason: n.reason, note: n.note, createdAt: n.createdAt.toISOString() })),
      },
    ];
  });
  return { list, total: total?.n ?? 0 };
}

/** Banned users, the most recent first (the desk lists them for unbanning); addresses as `emailForStaff`. */
export async function listBannedUsers(db: Db, viewer: Pick<Staff, "role">, o: { limit: number }): Promise<BannedUser[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, bannedAt: users.bannedAt })
    .from(users)
    .where(sql`${users.bannedAt} is not null`)
    .orderBy(sql`${users.bannedAt} desc`)
    .limit(o.limit);
  return rows.map((row) => ({
    userId: row.userId,
    email: emailForStaff(viewer, row.email ?? ""),
    bannedAt: (row.bannedAt ?? new Date(0)).toISOString(),
  }));
}
