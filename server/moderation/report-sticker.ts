import { and, countDistinct, eq, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { REPORT_HIDE_THRESHOLD, type ReportReason } from "#common/moderation.ts";
import type { Db } from "../db/client.ts";
import { reports, stickers, users } from "../db/schema.ts";
import { changePublicContent } from "../pages/page-changes.ts";
import { logModerationAction } from "./audit-log.ts";
import { hasStanding, notTheOwner, ownerPersonOf, personOfUser } from "./counted-people.ts";

export interface ReportResult {
  stickerInstId: string;
  /** True when this report was the one that hid the sticker pending review. */
  hidden: boolean;
}

/**
 * `POST /api/sticker/report` (decision 0031): one report per user per sticker (ALREADY_REPORTED),
 * never of one's own sticker (OWN_STICKER_REPORT), only of a sticker the reporter can see. Every report
 * is stored; the one that brings the open reports of distinct people (decision 0035: mailboxes, never
 * the owner's, only accounts with standing) to REPORT_HIDE_THRESHOLD hides the sticker pending review,
 * in the same transaction behind the sticker's row lock: parallel reports queue on the lock, so exactly
 * one of them hides it and logs it.
 */
export async function reportSticker(
  db: Db,
  o: { userId: number; stickerInstId: string; reason: ReportReason; note: string },
): Promise<ReportResult> {
  const hidden = await changePublicContent(db, async (tx) => {
    const [sticker] = await tx
      .select({ id: stickers.id, ownerId: stickers.ownerId, visibility: stickers.visibility, hiddenAt: stickers.hiddenAt })
      .from(stickers)
      .where(eq(stickers.stickerInstId, o.stickerInstId))
      .for("update");
    if (!sticker) throw new AppError("NOT_FOUND");
    if (sticker.ownerId === o.userId) throw new AppError("OWN_STICKER_REPORT");
    // A sticker the reporter cannot see (private, or already hidden) is not there for them.
    if (sticker.visibility !== "public" || sticker.hiddenAt !== null) throw new AppError("NOT_FOUND");
    const inserted = await tx
      .insert(reports)
      .values({ stickerId: sticker.id, reporterId: o.userId, reason: o.reason, note: o.note.trim() })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted.length === 0) throw new AppError("ALREADY_REPORTED");
    // People, not accounts (decision 0035): one per mailbox, the owner's mailbox never, and only
    // reporters with standing (a banned one has none: their open reports were resolved by the ban,
    // and this holds for any filed meanwhile).
    const owner = await ownerPersonOf(tx, sticker.ownerId);
    const [open] = await tx
      .select({ people: countDistinct(personOfUser) })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(eq(reports.stickerId, sticker.id), isNull(reports.resolvedAt), hasStanding(new Date()), notTheOwner(owner)));
    const people = open?.people ?? 0;
    if (people < REPORT_HIDE_THRESHOLD) return { value: false, change: null };
    await tx.update(stickers).set({ hiddenAt: new Date(), hiddenReason: "reports" }).where(eq(stickers.id, sticker.id));
    await logModerationAction(tx, {
      actorId: o.userId,
      action: "hiddenByReports",
      stickerId: sticker.id,
      targetUserId: sticker.ownerId,
      note: `reported by ${people} people`,
    });
    return { value: true, change: { stickers: [o.stickerInstId], packs: [] } };
  });
  return { stickerInstId: o.stickerInstId, hidden };
}
