import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { stickers } from "../db/schema.ts";

/**
 * Popularity that favours recent stickers: ten times the favourites count as much as 45,000 seconds
 * (12.5 hours) of age. It only grows with time, so a stored score never needs refreshing as stickers
 * age; it changes only when favoriteCount does. Migration 0001 fills old rows with the same formula.
 */
const SECONDS_PER_TENFOLD = 45_000;

export function hotScore(favoriteCount: number, createdAt: Date): number {
  return Math.log10(Math.max(favoriteCount, 1)) + createdAt.getTime() / 1000 / SECONDS_PER_TENFOLD;
}

/**
 * The same score computed by the database, for updates that change favoriteCount in SQL:
 * `set({ favoriteCount: sql`${stickers.favoriteCount} + 1`, hotScore: hotScoreSql(sql`${stickers.favoriteCount} + 1`) })`.
 */
export function hotScoreSql(favoriteCount: SQL | AnyColumn = stickers.favoriteCount): SQL<number> {
  return sql<number>`log(greatest(${favoriteCount}, 1)::double precision) + extract(epoch from ${stickers.createdAt})::double precision / ${sql.raw(String(SECONDS_PER_TENFOLD))}`;
}
