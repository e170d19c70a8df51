/**
 * Share cards (decision 0050): the Open Graph / Twitter picture of a pack's and a sticker's page, a
 * 1200×630 card composed by card-art.ts. A card is made once per content — its pictures in order, its
 * words, the site's name and domain — and kept in storage as `card-{kind}-v{version}-{hash}.jpg`, a cache
 * like the pack archives (decision 0034: the export sweep removes old ones; a missing one is made again).
 * Its address carries the content's hash, so a page whose pack or sticker changed links a new address
 * and a crawler fetches the new card.
 *
 * Who may load one follows the files' rules (server/files/file-access.ts, decision 0014): a pack shown
 * to everyone (public, not hidden, its owner not banned) or a sticker shown to everyone has a card
 * anyone may load, drawn from what a visitor sees of it; anything else only its owner loads (drawn from
 * what they see), and anyone else gets NOT_FOUND, as for no pack at all. Only a card everyone may load
 * is linked from a page's meta.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { AppError, isAppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, pictures, stickers, users } from "../db/schema.ts";
import { stickerVisibleTo } from "../packs/pack-access.ts";
import { shownToEveryone } from "../stickers/shown-stickers.ts";

/** Bump when the layout or the encoder changes: cards made before are then left unused (and swept). */
const CARD_VERSION = 1;
/** Every stored card's key starts with this (the export sweep's prefix, decision 0034). */
export const SHARE_CARD_PREFIX = "card-";
/** The hash's characters an address carries (the stored key carries 32). */
const ADDRESS_HASH_LENGTH = 16;

export type CardKind = "pack" | "sticker";

/** The pack's cover and the first few others: enough to show what the pack is, large enough to read. */
export const PACK_CARD_STICKERS = 5;

export interface CardSite {
  /** The product's name, as the default card shows it. */
  name: string;
  /** PUBLIC_URL's host: where the card's viewer finds it. */
  domain: string;
}

interface CardPicture {
  picId: string;
  pngKey: string;
}

/** What a card shows: everything its picture depends on. */
export interface CardContent {
  kind: CardKind;
  /** The pack's id or the sticker's `stickerInstId`: what its address names. */
  id: string;
  name: string;
  /** A sticker's prompt; empty for a pack. */
  prompt: string;
  /** Its pictures in the card's order: a pack's cover first, then the rest in pack order. */
  pictures: CardPicture[];
}

/** A card's content and who may load it: `public`, anyone; `owner`, the signed-in owner alone. */
export interface CardSource {
  access: "public" | "owner";
  content: CardContent;
}

/** The site as the cards name it: the product's name and PUBLIC_URL's host. */
export function cardSiteOf(publicUrl: string): CardSite {
  // The host without a port, as the watermark names it (server/downloads/watermark.ts).
  return { name: translate("en", "app.name"), domain: new URL(publicUrl).hostname };
}

/** The content's hash: its pictures in order, its words, the site and the card's version. */
export function cardHash(content: CardContent, site: CardSite): string {
  const parts = {
    version: CARD_VERSION,
    kind: content.kind,
    name: content.name,
    prompt: content.prompt,
    pictures: content.pictures.map((picture) => picture.picId),
    site,
  };
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

/** `card-{kind}-v{version}-{hash}.jpg`: never a picture's or an upload's name, so /files/:key does not serve it. */
export function cardKey(content: CardContent, site: CardSite): string {
  return `${SHARE_CARD_PREFIX}${content.kind}-v${CARD_VERSION}-${cardHash(content, site)}.jpg`;
}

/** `/files/card/{kind}/{id}/{hash}.jpg`, the address a page's meta links. */
export function cardPath(content: CardContent, site: CardSite): string {
  return `/files/card/${content.kind}/${encodeURIComponent(content.id)}/${cardHash(content, site).slice(0, ADDRESS_HASH_LENGTH)}.jpg`;
}

/** A card address's last part: any version of the card (the current card answers every one). */
export const CARD_FILE_PATTERN = new RegExp(`^[a-f0-9]{${ADDRESS_HASH_LENGTH}}\\.jpg$`);

/**
 * A pack's card as `viewerId` may load it. `viewerId` is asked only when the pack is not shown to
 * everyone (a visitor's request reads no session). One query for the pack, one for its pictures.
 */
export async function packCardSource(db: Db, packId: string, viewerId: () => Promise<number | null>): Promise<CardSource> {
  const [pack] = await db
    .select({
      id: packs.id,
      name: packs.name,
      ownerId: packs.ownerId,
      coverStickerId: packs.coverStickerId,
      shown: sql<boolean>`(${packs.visibility} = 'public' and ${packs.hiddenAt} is null and ${users.bannedAt} is null)`,
    })
    .from(packs)
    .innerJoin(users, eq(users.id, packs.ownerId))
    .where(eq(packs.packId, packId))
    .limit(1);
  if (!pack) throw new AppError("NOT_FOUND");
  let drawnFor: number | null = null;
  if (!pack.shown) {
    const viewer = await viewerId();
    if (viewer === null || viewer !== pack.ownerId) throw new AppError("NOT_FOUND");
    drawnFor = viewer;
  }
  const coverFirst =
    pack.coverStickerId === null ? sql`1` : sql`case when ${packStickers.stickerId} = ${pack.coverStickerId} then 0 else 1 end`;
  const rows = await db
    .select({ picId: stickers.picId, pngKey: pictures.pngKey })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(pictures, eq(pictures.id, stickers.picId))
    .where(and(eq(packStickers.packId, pack.id), stickerVisibleTo(drawnFor)))
    .orderBy(coverFirst, asc(packStickers.position), asc(packStickers.stickerId))
    .limit(PACK_CARD_STICKERS);
  return {
    access: pack.shown ? "public" : "owner",
    content: { kind: "pack", id: packId, name: pack.name, prompt: "", pictures: rows },
  };
}

/** A sticker's card as `viewerId` may load it; `viewerId` is asked only for a sticker not shown to everyone. */
export async function stickerCardSource(
  db: Db,
  stickerInstId: string,
  viewerId: () => Promise<number | null>,
): Promise<CardSource> {
  const [sticker] = await db
    .select({
      name: stickers.name,
      prompt: stickers.prompt,
      ownerId: stickers.ownerId,
      picId: stickers.picId,
      pngKey: pictures.pngKey,
      shown: sql<boolean>`${shownToEveryone}`,
    })
    .from(stickers)
    .innerJoin(pictures, eq(pictures.id, stickers.picId))
    .where(eq(stickers.stickerInstId, stickerInstId))
    .limit(1);
  if (!sticker) throw new AppError("NOT_FOUND");
  if (!sticker.shown) {
    const viewer = await viewerId();
    if (viewer === null || viewer !== sticker.ownerId) throw new AppError("NOT_FOUND");
  }
  return {
    access: sticker.shown ? "public" : "owner",
    content: {
      kind: "sticker",
      id: stickerInstId,
      name: sticker.name,
      prompt: sticker.prompt,
      pictures: [{ picId: sticker.picId, pngKey: sticker.pngKey }],
    },
  };
}

const noViewer = async () => null;

/**
 * The card a page's meta links (`og:image`, `twitter:image`): the address of a pack's or sticker's card
 * when everyone may load it, else null (the page keeps the site's default picture). A private one's
 * card is never linked, though its owner may load it.
 */
export async function shareCardPath(app: AppContext, kind: CardKind, id: string): Promise<string | null> {
  const read = kind === "pack" ? packCardSource : stickerCardSource;
  try {
    const source = await read(app.database.db, id, noViewer);
    return cardPath(source.content, cardSiteOf(app.config.PUBLIC_URL));
  } catch (error) {
    if (isAppError(error, "NOT_FOUND")) return null;
    throw error;
  }
}
