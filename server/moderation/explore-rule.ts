import { and, countDistinct, eq, gt, sql } from "drizzle-orm";
import { EXPLORE_RULE_FAVORITES, EXPLORE_RULE_WINDOW_DAYS } from "#common/moderation.ts";
import { favorites, moderationActions, stickers, stickerTags, users } from "../db/schema.ts";
import { EXPLORE_TAG } from "../stickers/tags.ts";
import { hasStanding, notTheOwner, ownerPersonOf, personOfUser } from "./counted-people.ts";
import type { DbOrTx } from "./staff.ts";

/**
 * Explore's rule (decision 0031), run in the transaction that adds a favourite: a public, not hidden
 * sticker of a user who is not banned, favourited by EXPLORE_RULE_FAVORITES people within
 * EXPLORE_RULE_WINDOW_DAYS, joins explore — unless an editor ever took it out ('unpick' in the audit
 * log). People, not accounts (decision 0035): distinct mailboxes, never the owner's, only favouriters
 * with standing (banned ones have none). Joining only adds a row, so the lists pick it up within their
 * cache's TTL.
 */
export async function joinExploreByRule(tx: DbOrTx, stickerId: number, now = new Date()): Promise<boolean> {
  const [sticker] = await tx
    .select({ ownerId: stickers.ownerId })
    .from(stickers)
    .leftJoin(users, eq(users.id, stickers.ownerId))
    .where(
      and(
        eq(stickers.id, stickerId),
        eq(stickers.visibility, "public"),
        sql`${stickers.hiddenAt} is null`,
        sql`${users.bannedAt} is null`,
      ),
    );
  if (!sticker) return false;
  const since = new Date(now.getTime() - EXPLORE_RULE_WINDOW_DAYS * 24 * 3600_000);
  const owner = await ownerPersonOf(tx, sticker.ownerId);
  const [favourites] = await tx
    .select({ people: countDistinct(personOfUser) })
    .from(favorites)
    .innerJoin(users, eq(users.id, favorites.userId))
    .where(and(eq(favorites.stickerId, stickerId), gt(favorites.createdAt, since), hasStanding(now), notTheOwner(owner)));
  if ((favourites?.people ?? 0) < EXPLORE_RULE_FAVORITES) return false;
  const [unpicked] = await tx
    .select({ id: moderationActions.id })
    .from(moderationActions)
    .where(and(eq(moderationActions.stickerId, stickerId), eq(moderationActions.action, "unpick")))
    .limit(1);
  if (unpicked) return false;
  const joined = await tx
    .insert(stickerTags)
    .values({ stickerId, tagId: EXPLORE_TAG })
    .onConflictDoNothing()
    .returning({ id: stickerTags.stickerId });
  return joined.length > 0;
}
