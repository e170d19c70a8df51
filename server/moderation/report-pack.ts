import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { ReportReason } from "#common/moderation.ts";
import type { Db } from "../db/client.ts";
import { packReports, packs, users } from "../db/schema.ts";

/**
 * `POST /api/pack/report` (decision 0035): a pack is reported with the sticker reasons and an optional
 * note, one report per user per pack (ALREADY_REPORTED), never one's own (OWN_PACK_REPORT), only a pack
 * the reporter can see (else PACK_NOT_FOUND, as for no pack). The report is stored for the desk's pack
 * queue; nothing is hidden automatically — a moderator decides.
 */
export async function reportPack(
  db: Db,
  o: { userId: number; packId: string; reason: ReportReason; note: string },
): Promise<{ packId: string }> {
  const [row] = await db
    .select({
      id: packs.id,
      ownerId: packs.ownerId,
      visibility: packs.visibility,
      hiddenAt: packs.hiddenAt,
      ownerBannedAt: users.bannedAt,
    })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.ownerId))
    .where(eq(packs.packId, o.packId));
  if (!row) throw new AppError("PACK_NOT_FOUND");
  if (row.ownerId === o.userId) throw new AppError("OWN_PACK_REPORT");
  if (row.visibility !== "public" || row.hiddenAt !== null || row.ownerBannedAt !== null) throw new AppError("PACK_NOT_FOUND");
  const inserted = await db
    .insert(packReports)
    .values({ packId: row.id, reporterId: o.userId, reason: o.reason, note: o.note.trim() })
    .onConflictDoNothing()
    .returning({ id: packReports.id });
  if (inserted.length === 0) throw new AppError("ALREADY_REPORTED");
  return { packId: o.packId };
}
