import { createHash } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { LANGUAGES, type Language } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { pictures, prompts, stickers, stickerTags, styles, tags, tips } from "../db/schema.ts";
import {
  type GeneratedLayers,
  type GenerationProvider,
  STYLE_KEYS,
  type StyleKey,
  storeStickerImages,
} from "../generation/index.ts";
import { layersKeptOrGiven, storeLayers } from "../motion/sticker-layers.ts";
import { subjectsOfSticker, tagStickerSubjects } from "../search/tag-subjects.ts";
import { hotScore } from "../stickers/hot-score.ts";
import promptData from "./data/prompts.json" with { type: "json" };
import styleData from "./data/styles.json" with { type: "json" };
import tipData from "./data/tips.json" with { type: "json" };

/** Tag 1 is the public community gallery, tag 2 the curated explore list (spec §7). */
export const COMMUNITY_TAG = 1;
export const EXPLORE_TAG = 2;

const PREVIEW_PROMPT = "a happy cat drinking coffee";

export interface SeedOptions {
  /** Community stickers to have on first start (≥ 200: a first visitor sees a living gallery); 0 skips the gallery. */
  gallerySize: number;
}

export interface SeedReport {
  styles: number;
  prompts: number;
  tips: number;
  stickersMade: number;
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
  const stickersMade = await seedGallery(app, provider, styleIds, options.gallerySize);
  return {
    styles: styleIds.size,
    prompts: promptCount,
    tips: tipCount,
    stickersMade,
    ms: Math.round(performance.now() - started),
  };
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

/** The i-th community sticker: languages, prompts and styles interleave so every page looks varied. */
export function gallerySticker(i: number) {
  const language = LANGUAGES[i % LANGUAGES.length] as Language;
  const languagePrompts = (promptData as Record<string, string[]>)[language] ?? [];
  const prompt = languagePrompts[(i * 7 + Math.floor(i / LANGUAGES.length)) % languagePrompts.length] ?? "";
  const style = STYLE_KEYS[(i * 3 + Math.floor(i / STYLE_KEYS.length)) % STYLE_KEYS.length] as StyleKey;
  const stickerInstId = createHash("sha256")
    .update(`community-sticker:${i}`)
    .digest("base64url")
    .replace(/[-_]/g, "")
    .slice(0, 12);
  // A few stickers are much loved, most a little: popularity needs a spread to sort by.
  const noise = Math.abs(Math.sin(i * 12.9898) * 43758.5453) % 1;
  const favoriteCount = Math.floor(60 * noise ** 4);
  return { language, prompt, style, stickerInstId, favoriteCount, explore: i % 3 === 0 };
}

async function seedGallery(app: AppContext, provider: GenerationProvider, styleIds: Map<StyleKey, number>, size: number) {
  if (size <= 0) return 0;
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
  if (missing.length === 0) return 0;
  app.log.info({ stickers: missing.length }, "drawing the community gallery (first start)");
  const now = Date.now();
  for (const item of missing) {
    const made = await provider.textToSticker({ prompt: item.prompt, style: item.style, locale: item.language, seed: item.i });
    const picId = await storePicture(app, made.png, made.layers);
    // Older stickers first, three hours apart, so "latest" by id reads like a real timeline.
    const createdAt = new Date(now - (size - item.i) * 3 * 3600_000);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(stickers)
        .values({
          stickerInstId: item.stickerInstId,
          picId,
          name: item.prompt,
          prompt: item.prompt,
          styleId: styleIds.get(item.style) ?? null,
          visibility: "public",
          locale: item.language,
          favoriteCount: item.favoriteCount,
          hotScore: hotScore(item.favoriteCount, createdAt),
          createdAt,
        })
        .onConflictDoNothing()
        .returning({ id: stickers.id });
      if (!row) return;
      const tagRows = [{ stickerId: row.id, tagId: COMMUNITY_TAG }];
      if (item.explore) tagRows.push({ stickerId: row.id, tagId: EXPLORE_TAG });
      await tx.insert(stickerTags).values(tagRows).onConflictDoNothing();
      await tagStickerSubjects(tx, row.id, subjectsOfSticker({ drawn: made.subject, prompt: item.prompt }));
    });
  }
  await db.execute(sql`analyze stickers`);
  return missing.length;
}
