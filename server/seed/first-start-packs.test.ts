/**
 * The first start on a fresh data folder (embedded PGlite), as `npm start` makes it: public packs that
 * work at once, credited photos, and a varied gallery (decision 0049). It draws what a first start draws
 * before it listens and every pack; the gallery's older stickers are checked by their plans (prompt and
 * style, `gallerySticker`), which is all their variety depends on.
 */
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "#common/constants.ts";
import { LANGUAGES } from "#common/languages.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { packStickers, packs, stickers, styles } from "../db/schema.ts";
import { createOfflineProvider, parsePrompt } from "../generation/index.ts";
import { pagePublicPacks } from "../packs/list-packs.ts";
import { listStickersByTag } from "../stickers/list-stickers-by-tag.ts";
import { COMMUNITY_TAG, GALLERY_BEFORE_LISTEN, gallerySticker, SEED_PACKS, seedDatabase } from "./seed-database.ts";

let t: TestApp;

/** The seed as a first start makes it, with the photo packs it draws right after listening. */
const seedOptions = () => ({ gallerySize: t.app.config.SEED_GALLERY_SIZE, packs: true, galleryNow: GALLERY_BEFORE_LISTEN });

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.app, createOfflineProvider(), seedOptions());
}, 600_000);
afterAll(() => closeTestApp(t));

/** The main subject the generator draws for a prompt; "cat" and "cat-face" are one subject. */
function mainSubject(prompt: string, locale: string): string | null {
  const slug = parsePrompt(prompt, locale).subjects[0]?.slug;
  return slug ? slug.replace(/-face$/, "") : null;
}

/**
 * Every sticker of the whole seed with its subject (its prompt's main subject, or the photo its pack was
 * drawn from): those drawn, then the gallery's older ones as planned.
 */
async function subjectsById() {
  const db = t.app.database.db;
  const rows = await db
    .select({
      id: stickers.id,
      instId: stickers.stickerInstId,
      prompt: stickers.prompt,
      locale: stickers.locale,
      styleId: stickers.styleId,
    })
    .from(stickers);
  const styleIdOf = new Map((await db.select({ id: styles.id, key: styles.key }).from(styles)).map((row) => [row.key, row.id]));
  const drawn = new Set(rows.map((row) => row.instId));
  const planned = Array.from({ length: t.app.config.SEED_GALLERY_SIZE }, (_, i) => gallerySticker(i))
    .filter((sticker) => !drawn.has(sticker.stickerInstId))
    .map((sticker, n) => ({
      id: -1 - n,
      instId: sticker.stickerInstId,
      prompt: sticker.prompt,
      locale: sticker.language as string,
      styleId: styleIdOf.get(sticker.style)!,
    }));
  expect(rows.length + planned.length).toBeGreaterThanOrEqual(t.app.config.SEED_GALLERY_SIZE);
  const photoPackOf = new Map(
    (
      await db
        .select({ stickerId: packStickers.stickerId, key: packs.clientUploadId })
        .from(packStickers)
        .innerJoin(packs, eq(packs.id, packStickers.packId))
    ).map((row) => [row.stickerId, row.key]),
  );
  return new Map(
    [...rows, ...planned].map((row) => [
      row.id,
      { ...row, subject: row.prompt ? mainSubject(row.prompt, row.locale) : `photo ${photoPackOf.get(row.id) ?? row.id}` },
    ]),
  );
}

describe("first start on a fresh data folder", () => {
  it("makes at least 8 public packs, each with its stickers, listed in the Packs tab", async () => {
    const page = await pagePublicPacks(t.app.database.db, { page: 1, size: 50 });
    expect(page.list.length).toBeGreaterThanOrEqual(8);
    expect(page.list.length).toBe(SEED_PACKS.length);
    for (const pack of page.list) {
      expect(pack.visibility).toBe("public");
      expect(pack.stickerCount, pack.name).toBeGreaterThanOrEqual(3);
      expect(pack.cover, pack.name).not.toBeNull();
    }
  });

  it("credits the photos its photo packs were drawn from, with their licences", async () => {
    const rows = await t.app.database.db.select({ name: packs.name, credit: packs.credit }).from(packs);
    const photoPacks = SEED_PACKS.filter((pack) => pack.photo);
    expect(photoPacks.length).toBeGreaterThanOrEqual(4);
    for (const seeded of photoPacks) {
      const row = rows.find((r) => r.name === seeded.name);
      expect(row?.credit, seeded.name).toEqual(seeded.credit);
      expect(row?.credit?.author).toBeTruthy();
      expect(row?.credit?.licenceUrl).toMatch(/^https:\/\/creativecommons\.org\//);
    }
  });

  it("draws at least 150 distinct main subjects, none more than 4 times, in prompts of all 14 languages", async () => {
    const all = [...(await subjectsById()).values()];
    const times = new Map<string, number>();
    for (const sticker of all) {
      expect(sticker.subject, `"${sticker.prompt}" (${sticker.locale}) ends as a caption only`).not.toBeNull();
      times.set(sticker.subject!, (times.get(sticker.subject!) ?? 0) + 1);
    }
    expect(times.size).toBeGreaterThanOrEqual(150);
    expect([...times].filter(([, n]) => n > 4)).toEqual([]);
    const promptLanguages = new Set(all.filter((sticker) => sticker.prompt).map((sticker) => sticker.locale));
    expect([...promptLanguages].sort()).toEqual([...LANGUAGES].sort());
  });

  it("uses every style across several subjects", async () => {
    const all = [...(await subjectsById()).values()];
    const styleRows = await t.app.database.db.select({ id: styles.id, key: styles.key }).from(styles);
    for (const style of styleRows) {
      const subjects = new Set(all.filter((sticker) => sticker.styleId === style.id).map((sticker) => sticker.subject));
      expect(subjects.size, style.key).toBeGreaterThanOrEqual(5);
    }
  });

  it("shows no two stickers of the same subject on the home page's first screen", async () => {
    const bySticker = await subjectsById();
    const ids = await t.app.database.db
      .select({ id: stickers.id, instId: stickers.stickerInstId })
      .from(stickers)
      .where(inArray(stickers.id, [...bySticker.keys()]));
    const idOf = new Map(ids.map((row) => [row.instId, row.id]));
    // The home page's list: the community tag by popularity, its first page (app/routes/home.tsx).
    const first = await listStickersByTag(t.app.database.db, {
      tagId: COMMUNITY_TAG,
      sortBy: "popular",
      page: 1,
      size: LIST_PAGE_SIZE,
    });
    expect(first.list).toHaveLength(LIST_PAGE_SIZE);
    const subjects = first.list.map((item) => bySticker.get(idOf.get(item.stickerInstId)!)?.subject);
    expect(new Set(subjects).size).toBe(LIST_PAGE_SIZE);
  });

  it("is made once: a second start adds no pack and no sticker, and leaves the same older gallery to draw", async () => {
    const db = t.app.database.db;
    const [before] = await db.select({ n: count() }).from(stickers);
    const again = await seedDatabase(t.app, createOfflineProvider(), seedOptions());
    expect(again).toMatchObject({
      stickersMade: 0,
      packsMade: 0,
      galleryLeft: t.app.config.SEED_GALLERY_SIZE - GALLERY_BEFORE_LISTEN,
    });
    const [after] = await db.select({ n: count() }).from(stickers);
    const [packCount] = await db.select({ n: count() }).from(packs);
    expect(after?.n).toBe(before?.n);
    expect(packCount?.n).toBe(SEED_PACKS.length);
  });
});
