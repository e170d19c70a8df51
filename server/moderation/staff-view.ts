import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { packReports, stickers } from "../db/schema.ts";
import { type DbOrTx, staffRoleOf } from "./staff.ts";

/**
 * A sticker moderation concerns (decision 0035): hidden by moderation, or reported (any report, open or
 * resolved). Staff see such a sticker — its page and its picture — even when its owner has made it
 * private or moderation hid it, so they can judge what they moderate; any other private sticker stays
 * its owner's alone.
 */
export const concernsModeration: SQL = sql`(${stickers.hiddenAt} is not null or exists (select 1 from reports r where r.sticker_id = ${stickers.id}))`;

/** Whether this viewer is staff and the sticker is one moderation concerns. */
export async function staffMaySeeSticker(db: DbOrTx, viewerId: number, stickerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(eq(stickers.id, stickerId), concernsModeration))
    .limit(1);
  return row !== undefined && (await staffRoleOf(db, viewerId)) !== null;
}

/** Whether staff may load the picture: a sticker moderation concerns uses it (the desk's thumbnails, the page). */
export async function pictureConcernsModeration(db: Db, picId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(eq(stickers.picId, picId), concernsModeration))
    .limit(1);
  return row !== undefined;
}

/** Whether this viewer is staff and the pack is one moderation concerns: hidden by a moderator, or reported. */
export async function staffMaySeePack(
  db: DbOrTx,
  viewerId: number,
  pack: { id: number; hiddenAt: Date | null },
): Promise<boolean> {
  if (pack.hiddenAt === null) {
    const [reported] = await db.select({ id: packReports.id }).from(packReports).where(eq(packReports.packId, pack.id)).limit(1);
    if (!reported) return false;
  }
  return (await staffRoleOf(db, viewerId)) !== null;
}
