import { eq, or, type SQL, sql } from "drizzle-orm";
import { stickers } from "../db/schema.ts";

/**
 * A sticker everyone may see: public and not hidden by moderation (decision 0031). Every read of
 * public stickers straight from `stickers` uses this; the tag lists read `sticker_tags.is_public`,
 * which the triggers of migration 0005 keep equal to it.
 */
export const shownToEveryone: SQL = sql`(${stickers.visibility} = 'public' and ${stickers.hiddenAt} is null)`;

/** A sticker this viewer may see: shown to everyone, or their own (hidden or private ones included). */
export function shownTo(viewerId: number | null): SQL {
  return viewerId === null ? shownToEveryone : (or(shownToEveryone, eq(stickers.ownerId, viewerId)) as SQL);
}
