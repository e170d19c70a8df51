import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { stickers } from "../db/schema.ts";
import { shownToEveryone } from "../stickers/shown-stickers.ts";

/**
 * The sticker a new one is a remix of ("Make my version", decision 0046), from the public id the page
 * sent: only a sticker everyone may see (public, not hidden) can be remixed. Anything else (unknown,
 * private — even the caller's own —, hidden) is null: the sticker is still made, without the link, so
 * the remix never tells whether a private sticker exists, and the price and limits never change.
 */
export async function remixSourceOf(db: Db, stickerInstId: string | undefined): Promise<number | null> {
  if (stickerInstId === undefined) return null;
  const [source] = await db
    .select({ id: stickers.id })
    .from(stickers)
    .where(and(eq(stickers.stickerInstId, stickerInstId), shownToEveryone))
    .limit(1);
  return source?.id ?? null;
}
