import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { planById } from "#common/plans.ts";
import { currentSubscription } from "#server/billing/current-subscription.ts";
import type { AppContext } from "#server/context.ts";
import {
  favorites,
  packStickers,
  packs,
  pictures,
  pointsLedger,
  stickers,
  styles,
  subscriptions,
  trades,
  users,
} from "#server/db/schema.ts";
import { packPath, stickerPath } from "#server/seo/sitemap-xml.ts";
import { shownTo } from "#server/stickers/shown-stickers.ts";
import { avatarKeyOf } from "../deletion/erase-account-rows.ts";

/** One of the account's stickers: its line in stickers.json and the stored PNG that becomes its file. */
export interface OwnSticker {
  index: {
    stickerInstId: string;
    name: string;
    prompt: string;
    style: string | null;
    visibility: "public" | "private";
    hiddenByModeration: boolean;
    favourites: number;
    createdAt: string;
    url: string;
    /** Its file in the archive; null when storage no longer has the picture. */
    file: string | null;
  };
  pngKey: string;
  createdAt: Date;
}

/** One of the account's packs in packs.json: its stickers in order, the account's own ones with their file. */
export interface OwnPack {
  packId: string;
  name: string;
  visibility: "public" | "private";
  hiddenByModeration: boolean;
  createdAt: string;
  url: string;
  cover: string | null;
  stickers: {
    position: number;
    stickerInstId: string;
    name: string;
    emoji: string[];
    mine: boolean;
    file: string | null;
    url: string;
  }[];
}

/** Everything of one account for its archive (decision 0037), files as storage keys to read one at a time. */
export interface OwnData {
  account: Record<string, unknown>;
  payments: Record<string, unknown>;
  ledger: Record<string, unknown>[];
  favourites: Record<string, unknown>[];
  packs: OwnPack[];
  stickers: OwnSticker[];
  avatarKey: string | null;
}

/** Where a sticker's file sits in the archive. */
export function stickerFileName(stickerInstId: string): string {
  return `stickers/${stickerInstId}.png`;
}

export const AVATAR_FILE = "account/avatar.webp";

/**
 * The signed-in user's own data, read from the database: the account, its plan and payments, the
 * points ledger, favourites (stickers they may still see), their packs in order and their stickers
 * (private and hidden ones included). Nothing of another user but the public ids and names of
 * stickers they favourited or put in a pack.
 */
export async function readOwnData(app: AppContext, userId: number, now: Date): Promise<OwnData> {
  const db = app.database.db;
  const origin = app.config.PUBLIC_URL.replace(/\/+$/, "");
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!user) throw new AppError("AUTH_ERROR");
  const avatarKey = user.avatarPath ? avatarKeyOf(user.avatarPath) : null;
  const plan = await currentSubscription(app, userId);

  const [subscriptionRows, tradeRows, ledgerRows, favouriteRows, stickerRows, packRows] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.id)),
    db.select().from(trades).where(eq(trades.userId, userId)).orderBy(asc(trades.id)),
    db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id)),
    db
      .select({ stickerInstId: stickers.stickerInstId, name: stickers.name, favouritedAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(stickers, eq(stickers.id, favorites.stickerId))
      .where(and(eq(favorites.userId, userId), shownTo(userId)))
      .orderBy(desc(favorites.createdAt), desc(favorites.stickerId)),
    db
      .select({ sticker: stickers, style: styles.key, pngKey: pictures.pngKey })
      .from(stickers)
      .innerJoin(pictures, eq(pictures.id, stickers.picId))
      .leftJoin(styles, eq(styles.id, stickers.styleId))
      .where(eq(stickers.ownerId, userId))
      .orderBy(asc(stickers.id)),
    db.select().from(packs).where(eq(packs.ownerId, userId)).orderBy(asc(packs.id)),
  ]);
  const places = packRows.length
    ? await db
        .select({
          packId: packStickers.packId,
          position: packStickers.position,
          emoji: packStickers.emoji,
          stickerId: stickers.id,
          stickerInstId: stickers.stickerInstId,
          name: stickers.name,
          ownerId: stickers.ownerId,
        })
        .from(packStickers)
        .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
        .where(
          and(
            inArray(
              packStickers.packId,
              packRows.map((pack) => pack.id),
            ),
            shownTo(userId),
          ),
        )
        .orderBy(asc(packStickers.packId), asc(packStickers.position))
    : [];

  const ownStickers: OwnSticker[] = stickerRows.map(({ sticker, style, pngKey }) => ({
    index: {
      stickerInstId: sticker.stickerInstId,
      name: sticker.name,
      prompt: sticker.prompt,
      style,
      visibility: sticker.visibility,
      hiddenByModeration: sticker.hiddenAt !== null,
      favourites: sticker.favoriteCount,
      createdAt: sticker.createdAt.toISOString(),
      url: `${origin}${stickerPath(sticker)}`,
      file: stickerFileName(sticker.stickerInstId),
    },
    pngKey,
    createdAt: sticker.createdAt,
  }));

  return {
    account: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      displayName: user.nick,
      signsInWithGoogle: user.googleId !== null,
      language: user.locale,
      createdAt: user.createdAt.toISOString(),
      plan: {
        planId: plan.planId,
        interval: planById(plan.planId)?.interval ?? null,
        status: plan.status,
        cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
        currentPeriodEnd: plan.currentPeriodEnd?.toISOString() ?? null,
      },
      points: user.point,
      inviteCode: user.inviteCode,
      invited: user.invitedBy !== null,
      avatar: avatarKey ? AVATAR_FILE : null,
      exportedAt: now.toISOString(),
    },
    payments: {
      subscriptions: subscriptionRows.map((row) => ({
        provider: row.provider,
        planId: row.planId,
        status: row.status,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      payments: tradeRows.map((row) => ({
        kind: row.kind,
        planId: row.planId,
        status: row.status,
        amountCents: row.amountCents,
        currency: row.currency,
        createdAt: row.createdAt.toISOString(),
      })),
    },
    ledger: ledgerRows.map((row) => ({
      delta: row.delta,
      balanceAfter: row.balanceAfter,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
    })),
    favourites: favouriteRows.map((row) => ({
      stickerInstId: row.stickerInstId,
      name: row.name,
      url: `${origin}${stickerPath(row)}`,
      favouritedAt: row.favouritedAt.toISOString(),
    })),
    packs: packRows.map((pack): OwnPack => {
      const inPack = places.filter((place) => place.packId === pack.id);
      return {
        packId: pack.packId,
        name: pack.name,
        visibility: pack.visibility,
        hiddenByModeration: pack.hiddenAt !== null,
        createdAt: pack.createdAt.toISOString(),
        url: `${origin}${packPath(pack)}`,
        cover: inPack.find((place) => place.stickerId === pack.coverStickerId)?.stickerInstId ?? null,
        stickers: inPack.map((place, index) => ({
          position: index,
          stickerInstId: place.stickerInstId,
          name: place.name,
          emoji: place.emoji,
          mine: place.ownerId === userId,
          file: place.ownerId === userId ? stickerFileName(place.stickerInstId) : null,
          url: `${origin}${stickerPath(place)}`,
        })),
      };
    }),
    stickers: ownStickers,
    avatarKey,
  };
}
