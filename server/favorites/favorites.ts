import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { StickerPage } from "#common/stickers.ts";
import { holdLiveAccount } from "../accounts/live-account.ts";
import type { Db } from "../db/client.ts";
import { favorites, stickers } from "../db/schema.ts";
import { joinExploreByRule } from "../moderation/explore-rule.ts";
import { hotScoreSql } from "../stickers/hot-score.ts";
import { shownTo } from "../stickers/shown-stickers.ts";
import { stickerItemsByIds } from "../stickers/sticker-items.ts";

export interface FavoriteState {
  stickerInstId: string;
  favorited: boolean;
  favoriteCount: number;
}

/** A sticker the viewer may see: public and not hidden (decision 0031), or their own. */
const visibleTo = (userId: number) => shownTo(userId);

/**
 * Adds or removes a favourite (`POST /api/favorite`). Idempotent: adding twice or removing what is not
 * there changes nothing; the count and popularity move only when the row does, in one transaction.
 * A sticker the caller may not see (someone else's private or hidden one) is NOT_FOUND, as an unknown
 * id is (decision 0033) — except to take back a favourite the caller still holds, which always works;
 * that answer tells nothing of the sticker (count 0).
 */
export async function setFavorite(
  db: Db,
  o: { userId: number; stickerInstId: string; favorite: boolean },
): Promise<FavoriteState> {
  return db.transaction(async (tx) => {
    // First, as the account's deletion locks it first: a favourite racing it waits, then is refused.
    await holdLiveAccount(tx, o.userId);
    const [sticker] = await tx
      .select({
        id: stickers.id,
        visibility: stickers.visibility,
        hiddenAt: stickers.hiddenAt,
        ownerId: stickers.ownerId,
        held: sql<boolean>`${favorites.stickerId} is not null`,
      })
      .from(stickers)
      .leftJoin(favorites, and(eq(favorites.stickerId, stickers.id), eq(favorites.userId, o.userId)))
      .where(eq(stickers.stickerInstId, o.stickerInstId));
    const seen =
      sticker !== undefined && ((sticker.visibility === "public" && sticker.hiddenAt === null) || sticker.ownerId === o.userId);
    // Removing works even once the owner has made the sticker private, for whoever still holds it.
    if (!sticker || (!seen && (o.favorite || !sticker.held))) throw new AppError("NOT_FOUND");
    const changed = o.favorite
      ? await tx
          .insert(favorites)
          .values({ userId: o.userId, stickerId: sticker.id })
          .onConflictDoNothing()
          .returning({ id: favorites.stickerId })
      : await tx
          .delete(favorites)
          .where(and(eq(favorites.userId, o.userId), eq(favorites.stickerId, sticker.id)))
          .returning({ id: favorites.stickerId });
    if (changed.length > 0) {
      const next = sql`greatest(${stickers.favoriteCount} + ${o.favorite ? 1 : -1}, 0)`;
      await tx
        .update(stickers)
        .set({ favoriteCount: next, hotScore: hotScoreSql(next) })
        .where(eq(stickers.id, sticker.id));
      // Explore's rule runs with the favourite that may reach it (decision 0031).
      if (o.favorite) await joinExploreByRule(tx, sticker.id);
    }
    if (!seen) return { stickerInstId: o.stickerInstId, favorited: false, favoriteCount: 0 };
    const [after] = await tx.select({ favoriteCount: stickers.favoriteCount }).from(stickers).where(eq(stickers.id, sticker.id));
    return { stickerInstId: o.stickerInstId, favorited: o.favorite, favoriteCount: after?.favoriteCount ?? 0 };
  });
}

/** The viewer's favourites, newest first (`/api/favorite/page`); stickers made private since drop out. */
export async function pageFavorites(db: Db, o: { userId: number; page: number; size: number }): Promise<StickerPage> {
  const where = and(eq(favorites.userId, o.userId), visibleTo(o.userId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: favorites.stickerId })
      .from(favorites)
      .innerJoin(stickers, eq(stickers.id, favorites.stickerId))
      .where(where)
      .orderBy(desc(favorites.createdAt), desc(favorites.stickerId))
      .limit(o.size)
      .offset((o.page - 1) * o.size),
    db.select({ n: count() }).from(favorites).innerJoin(stickers, eq(stickers.id, favorites.stickerId)).where(where),
  ]);
  return {
    list: await stickerItemsByIds(
      db,
      rows.map((row) => row.id),
    ),
    total: total?.n ?? 0,
  };
}

/** Which of these stickers the viewer has favourited (cards show the filled heart). */
export async function favoritedAmong(db: Db, o: { userId: number; stickerInstIds: string[] }): Promise<string[]> {
  if (o.stickerInstIds.length === 0) return [];
  const rows = await db
    .select({ stickerInstId: stickers.stickerInstId })
    .from(favorites)
    .innerJoin(stickers, eq(stickers.id, favorites.stickerId))
    .where(and(eq(favorites.userId, o.userId), inArray(stickers.stickerInstId, o.stickerInstIds), visibleTo(o.userId)));
  return rows.map((row) => row.stickerInstId);
}
