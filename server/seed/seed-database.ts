import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { LANGUAGES, type Language } from "#common/languages.ts";
import { MOODS, type MoodId, type PhotoCredit } from "#common/packs.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { packStickers, packs, pictures, prompts, stickers, stickerTags, styles, tags, tips, users } from "../db/schema.ts";
import {
  type GeneratedLayers,
  type GeneratedSticker,
  type GenerationProvider,
  moodName,
  STYLE_KEYS,
  type StyleKey,
  storeStickerImages,
} from "../generation/index.ts";
import { layersKeptOrGiven, storeLayers } from "../motion/sticker-layers.ts";
import { insertPack } from "../packs/create-pack.ts";
import { subjectsOfSticker, tagStickerSubjects } from "../search/tag-subjects.ts";
import { hotScore } from "../stickers/hot-score.ts";
import galleryData from "./data/gallery.json" with { type: "json" };
import packData from "./data/packs.json" with { type: "json" };
import promptData from "./data/prompts.json" with { type: "json" };
import styleData from "./data/styles.json" with { type: "json" };
import tipData from "./data/tips.json" with { type: "json" };

/** Tag 1 is the public community gallery, tag 2 the curated explore list (spec §7). */
export const COMMUNITY_TAG = 1;
export const EXPLORE_TAG = 2;

const PREVIEW_PROMPT = "a happy cat drinking coffee";

/** The gallery's stickers a first start draws before it listens: the home page's first screens (decision 0049). */
export const GALLERY_BEFORE_LISTEN = 2 * LIST_PAGE_SIZE;

export interface SeedOptions {
  /** Community stickers to have on first start (≥ 200: a first visitor sees a living gallery); 0 skips the gallery. */
  gallerySize: number;
  /**
   * Also the public packs (moods of a few subjects, the free photos; decision 0049): true for all, "text"
   * for the moods drawn from words only (the photo packs follow with the gallery's rest). Off where tests
   * count stickers.
   */
  packs?: boolean | "text";
  /**
   * Draw only the newest this-many gallery stickers now (the first screens); `seedGalleryRest` draws the
   * rest. Unset: the whole gallery now.
   */
  galleryNow?: number;
}

export interface SeedReport {
  styles: number;
  prompts: number;
  tips: number;
  stickersMade: number;
  packsMade: number;
  /** Gallery stickers still to draw (`seedGalleryRest`). */
  galleryLeft: number;
  ms: number;
}

/**
 * Everything a first visitor needs, made offline on first start: styles with previews and names in
 * 14 languages, prompt suggestions and tips per language, and a community gallery drawn by the
 * generator. Idempotent: a second start adds nothing; an interrupted start resumes where it stopped.
 */
export async function seedDatabase(app: AppContext, provider: GenerationProvider, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const db = app.database.db;
  await db
    .insert(tags)
    .values([
      { id: COMMUNITY_TAG, name: "community", slug: "community" },
      { id: EXPLORE_TAG, name: "explore", slug: "explore" },
    ])
    .onConflictDoNothing();
  const styleIds = await seedStyles(app, provider);
  const promptCount = await seedTexts(db, prompts, promptData);
  const tipCount = await seedTexts(db, tips, tipData);
  const packsMade = options.packs
    ? await seedPacks(app, provider, styleIds, options.gallerySize, options.packs === "text" ? "text" : "all")
    : 0;
  const gallery = await seedGallery(app, provider, styleIds, options.gallerySize, { newest: options.galleryNow });
  return {
    styles: styleIds.size,
    prompts: promptCount,
    tips: tipCount,
    stickersMade: gallery.made,
    packsMade,
    galleryLeft: gallery.left,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * What `seedDatabase` left for later: the packs drawn from photos (a cut-out per mood is slower than
 * words) and the gallery's older stickers (`galleryNow`), drawn after the server listens, a pack or a
 * sticker per transaction, stopping between two when `signal` aborts (the next start goes on).
 */
export async function seedGalleryRest(
  app: AppContext,
  provider: GenerationProvider,
  gallerySize: number,
  { photoPacks = true, signal }: { photoPacks?: boolean; signal?: AbortSignal } = {},
): Promise<{ packs: number; stickers: number }> {
  const styleIds = await seedStyles(app, provider);
  const packsMade =
    photoPacks && gallerySize > 0 && !signal?.aborted ? await seedPacks(app, provider, styleIds, gallerySize, "photo") : 0;
  const stickers = (await seedGallery(app, provider, styleIds, gallerySize, { signal })).made;
  return { packs: packsMade, stickers };
}

/** A drawn picture stored, with its subject and caption apart where it has them (decision 0041). */
async function storePicture(app: AppContext, png: Buffer, layers?: GeneratedLayers) {
  const stored = await storeStickerImages(app.storage, png);
  const storedLayers = layers ? await storeLayers(app, stored.id, layers) : null;
  await app.database.db
    .insert(pictures)
    .values({ id: stored.id, width: 512, height: 512, pngKey: stored.png, thumbKey: stored.thumb, layers: storedLayers })
    .onConflictDoUpdate({ target: pictures.id, set: { layers: layersKeptOrGiven } });
  return stored.id;
}

async function seedStyles(app: AppContext, provider: GenerationProvider): Promise<Map<StyleKey, number>> {
  const db = app.database.db;
  const existing = await db.select({ id: styles.id, key: styles.key, previewPicId: styles.previewPicId }).from(styles);
  const byKey = new Map(existing.map((row) => [row.key, row]));
  for (const [index, style] of styleData.entries()) {
    const key = style.key as StyleKey;
    if (byKey.get(key)?.previewPicId) continue;
    const preview = await provider.textToSticker({ prompt: PREVIEW_PROMPT, style: key, locale: "en" });
    const previewPicId = await storePicture(app, preview.png);
    const [row] = await db
      .insert(styles)
      .values({ key, type: 1, sort: index + 1, names: style.names, previewPicId })
      .onConflictDoUpdate({ target: styles.key, set: { previewPicId, names: style.names } })
      .returning({ id: styles.id, key: styles.key, previewPicId: styles.previewPicId });
    if (row) byKey.set(key, row);
  }
  return new Map([...byKey.values()].map((row) => [row.key as StyleKey, row.id]));
}

async function seedTexts(db: Db, table: typeof prompts | typeof tips, data: Record<string, string[]>) {
  const rows = LANGUAGES.flatMap((locale) => (data[locale] ?? []).map((text, sort) => ({ locale, text, sort })));
  const values = table === prompts ? rows : rows.map(({ locale, text }) => ({ locale, text }));
  await db.insert(table).values(values).onConflictDoNothing();
  return rows.length;
}

/**
 * The i-th community sticker: languages, ideas and styles interleave so every page looks varied. Each
 * of the gallery's ideas (data/gallery.json) has a subject of its own, so a subject comes back only
 * after every idea was drawn once, 3 × (ideas) hours older (decision 0049).
 */
export function gallerySticker(i: number) {
  const language = LANGUAGES[i % LANGUAGES.length] as Language;
  const ideas = (galleryData as Record<string, string[]>)[language] ?? [];
  const prompt = ideas[Math.floor(i / LANGUAGES.length) % ideas.length] ?? "";
  const style = STYLE_KEYS[(i * 3 + Math.floor(i / STYLE_KEYS.length)) % STYLE_KEYS.length] as StyleKey;
  const stickerInstId = seedId(`community-sticker:${i}`);
  // A few stickers are much loved, most a little: popularity needs a spread to sort by.
  const noise = Math.abs(Math.sin(i * 12.9898) * 43758.5453) % 1;
  const favoriteCount = Math.floor(60 * noise ** 4);
  return { language, prompt, style, stickerInstId, favoriteCount, explore: i % 3 === 0 };
}

/** The public id of a seeded sticker: stable per item, so a second start finds it. */
function seedId(key: string): string {
  return createHash("sha256").update(key).digest("base64url").replace(/[-_]/g, "").slice(0, 12);
}

/** Older stickers first, three hours apart, so "latest" reads like a real timeline. */
const GALLERY_STEP_MS = 3 * 3600_000;

async function seedGallery(
  app: AppContext,
  provider: GenerationProvider,
  styleIds: Map<StyleKey, number>,
  size: number,
  o: { newest?: number | undefined; signal?: AbortSignal | undefined },
): Promise<{ made: number; left: number }> {
  if (size <= 0) return { made: 0, left: 0 };
  const db = app.database.db;
  const planned = Array.from({ length: size }, (_, i) => ({ i, ...gallerySticker(i) }));
  const present = new Set(
    (
      await db
        .select({ id: stickers.stickerInstId })
        .from(stickers)
        .where(
          inArray(
            stickers.stickerInstId,
            planned.map((p) => p.stickerInstId),
          ),
        )
    ).map((row) => row.id),
  );
  const missing = planned.filter((p) => !present.has(p.stickerInstId));
  // The first screens are the newest stickers (popular and latest both start there).
  const now = o.newest === undefined ? missing : missing.filter((p) => p.i >= size - o.newest!);
  if (now.length === 0) return { made: 0, left: missing.length };
  app.log.info({ stickers: now.length }, "drawing the community gallery (first start)");
  const started = Date.now();
  let made = 0;
  for (const item of now) {
    if (o.signal?.aborted) break;
    const drawn = await provider.textToSticker({ prompt: item.prompt, style: item.style, locale: item.language, seed: item.i });
    const createdAt = new Date(started - (size - item.i) * GALLERY_STEP_MS);
    const picId = await storePicture(app, drawn.png, drawn.layers);
    await db.transaction((tx) =>
      insertSeedSticker(tx, picId, drawn, {
        stickerInstId: item.stickerInstId,
        name: item.prompt,
        prompt: item.prompt,
        styleId: styleIds.get(item.style) ?? null,
        ownerId: null,
        locale: item.language,
        favoriteCount: item.favoriteCount,
        createdAt,
        explore: item.explore,
      }),
    );
    made++;
  }
  await db.execute(sql`analyze stickers`);
  return { made, left: missing.length - made };
}

interface SeedSticker {
  stickerInstId: string;
  name: string;
  prompt: string;
  styleId: number | null;
  ownerId: number | null;
  locale: string;
  favoriteCount: number;
  createdAt: Date;
  explore: boolean;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One drawn sticker (its picture stored by `storePicture` first: on PGlite nothing outside the
 * transaction may run while it is open), public and in the community list, with its subject tags; its
 * row id, or null if it was there.
 */
async function insertSeedSticker(tx: Tx, picId: string, drawn: GeneratedSticker, o: SeedSticker) {
  const [row] = await tx
    .insert(stickers)
    .values({
      stickerInstId: o.stickerInstId,
      picId,
      name: o.name,
      prompt: o.prompt,
      styleId: o.styleId,
      ownerId: o.ownerId,
      visibility: "public",
      locale: o.locale,
      favoriteCount: o.favoriteCount,
      hotScore: hotScore(o.favoriteCount, o.createdAt),
      createdAt: o.createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: stickers.id });
  if (!row) return null;
  const tagRows = [{ stickerId: row.id, tagId: COMMUNITY_TAG }];
  if (o.explore) tagRows.push({ stickerId: row.id, tagId: EXPLORE_TAG });
  await tx.insert(stickerTags).values(tagRows).onConflictDoNothing();
  await tagStickerSubjects(tx, row.id, subjectsOfSticker({ drawn: drawn.subject, prompt: o.prompt }));
  return row.id;
}

interface SeedPack {
  key: string;
  locale: string;
  name: string;
  style: string;
  moods: string[];
  prompt?: string;
  photo?: string;
  credit?: PhotoCredit;
}

/** The seeded packs: moods of a few subjects from text, then the free photos (data/packs.json, decision 0049). */
export const SEED_PACKS: readonly SeedPack[] = [...packData.moods, ...packData.photos];

/** The account the seeded packs belong to: no address, no sign-in, named after the site. */
async function seedOwner(db: Db): Promise<number> {
  const loginId = "first-start-seed";
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
  if (found) return found.id;
  const [made] = await db
    .insert(users)
    .values({ loginId, nick: translate("en", "app.name") })
    .returning({ id: users.id });
  if (!made) throw new Error("seed owner insert returned nothing");
  return made.id;
}

/**
 * Each pack is drawn whole, then written in one transaction (pack, stickers, places), so a pack is there
 * complete or not at all; a second start finds it by its key (`packs.client_upload_id`). Its stickers
 * are older than the whole gallery and unloved, so they sit below it in popular and latest alike.
 */
async function seedPacks(
  app: AppContext,
  provider: GenerationProvider,
  styleIds: Map<StyleKey, number>,
  gallerySize: number,
  which: "all" | "text" | "photo",
) {
  const db = app.database.db;
  const ownerId = await seedOwner(db);
  const started = Date.now();
  let made = 0;
  for (const [index, pack] of SEED_PACKS.entries()) {
    if ((which === "text" && pack.photo) || (which === "photo" && !pack.photo)) continue;
    const uploadKey = `seed:${pack.key}`;
    const [present] = await db
      .select({ id: packs.id })
      .from(packs)
      .where(and(eq(packs.ownerId, ownerId), eq(packs.clientUploadId, uploadKey)));
    if (present) continue;
    const style = pack.style as StyleKey;
    const moods = MOODS.filter((mood) => pack.moods.includes(mood.id));
    const photo = pack.photo ? await readFile(new URL(`./data/photos/${pack.photo}`, import.meta.url)) : null;
    const drawn: GeneratedSticker[] = [];
    for (const mood of moods) {
      drawn.push(
        photo
          ? await provider.imageToSticker({ image: photo, style, mood: mood.id, locale: pack.locale })
          : await provider.textToSticker({ prompt: pack.prompt ?? "", style, mood: mood.id, locale: pack.locale }),
      );
    }
    const picIds: string[] = [];
    for (const sticker of drawn) picIds.push(await storePicture(app, sticker.png, sticker.layers));
    await db.transaction(async (tx) => {
      const row = await insertPack(tx, {
        ownerId,
        name: pack.name,
        visibility: "public",
        locale: pack.locale,
        clientUploadId: uploadKey,
      });
      if (pack.credit) await tx.update(packs).set({ credit: pack.credit }).where(eq(packs.id, row.id));
      for (const [position, mood] of moods.entries()) {
        const createdAt = new Date(started - (gallerySize + 1 + index) * GALLERY_STEP_MS - position * 60_000);
        const stickerId = await insertSeedSticker(tx, picIds[position] as string, drawn[position] as GeneratedSticker, {
          stickerInstId: seedId(`${uploadKey}:${mood.id}`),
          name: `${pack.name} · ${moodName(mood.id as MoodId, pack.locale)}`,
          prompt: pack.prompt ?? "",
          styleId: styleIds.get(style) ?? null,
          ownerId,
          locale: pack.locale,
          favoriteCount: 0,
          createdAt,
          explore: false,
        });
        if (stickerId !== null)
          await tx.insert(packStickers).values({ packId: row.id, stickerId, position, emoji: [mood.emoji] });
      }
    });
    made++;
  }
  if (made > 0) app.log.info({ packs: made }, "public packs made (first start)");
  return made;
}
