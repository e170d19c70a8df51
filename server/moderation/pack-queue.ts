import { and, asc, count, countDistinct, eq, inArray, isNull, min, ne } from "drizzle-orm";
import type { PackQueueItem } from "#common/moderation.ts";
import type { Db } from "../db/client.ts";
import { packReports, packs, users } from "../db/schema.ts";
import { emailForStaff, type Staff } from "./staff.ts";

/**
 * The desk's pack queue (decision 0035): every pack with open reports — public, private or hidden —
 * oldest first report first, with its reasons counted and the reporters' notes; owners' addresses as
 * `emailForStaff`.
 */
export async function pagePackQueue(
  db: Db,
  viewer: Pick<Staff, "role">,
  o: { page: number; size: number },
): Promise<{ list: PackQueueItem[]; total: number }> {
  const open = isNull(packReports.resolvedAt);
  const [ids, [total]] = await Promise.all([
    db
      .select({ packId: packReports.packId, first: min(packReports.createdAt) })
      .from(packReports)
      .where(open)
      .groupBy(packReports.packId)
      .orderBy(asc(min(packReports.createdAt)), asc(packReports.packId))
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db
      .select({ n: countDistinct(packReports.packId) })
      .from(packReports)
      .where(open),
  ]);
  if (ids.length === 0) return { list: [], total: total?.n ?? 0 };
  const packIds = ids.map((row) => row.packId);
  const [rows, reasons, notes] = await Promise.all([
    db
      .select({
        id: packs.id,
        packId: packs.packId,
        name: packs.name,
        visibility: packs.visibility,
        hiddenAt: packs.hiddenAt,
        ownerId: users.id,
        ownerEmail: users.email,
        ownerRole: users.role,
        ownerBannedAt: users.bannedAt,
      })
      .from(packs)
      .innerJoin(users, eq(users.id, packs.ownerId))
      .where(inArray(packs.id, packIds)),
    db
      .select({ packId: packReports.packId, reason: packReports.reason, n: count() })
      .from(packReports)
      .where(and(open, inArray(packReports.packId, packIds)))
      .groupBy(packReports.packId, packReports.reason)
      .orderBy(asc(packReports.reason)),
    db
      .select({
        packId: packReports.packId,
        reason: packReports.reason,
        note: packReports.note,
        createdAt: packReports.createdAt,
      })
      .from(packReports)
      .where(and(open, inArray(packReports.packId, packIds), ne(packReports.note, "")))
      .orderBy(asc(packReports.createdAt)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const list = ids.flatMap(({ packId, first }): PackQueueItem[] => {
    const row = byId.get(packId);
    if (!row) return [];
    return [
      {
        packId: row.packId,
        name: row.name,
        visibility: row.visibility,
        hidden: row.hiddenAt !== null,
        owner: {
          userId: row.ownerId,
          email: emailForStaff(viewer, row.ownerEmail ?? ""),
          role: row.ownerRole,
          banned: row.ownerBannedAt !== null,
        },
        firstReportAt: (first ?? new Date(0)).toISOString(),
        reasons: reasons.filter((r) => r.packId === packId).map((r) => ({ reason: r.reason, count: r.n })),
        notes: notes
          .filter((n) => n.packId === packId)
          .map((n) => ({ reason: n.reason, note: n.note, createdAt: n.createdAt.toISOString() })),
      },
    ];
  });
  return { list, total: total?.n ?? 0 };
}
