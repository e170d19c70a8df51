import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { packs, pictures, prompts, stickers, stickerTags, styles, tips } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { COMMUNITY_TAG, EXPLORE_TAG, type SeedReport, seedDatabase } from "./seed-database.ts";
import { seedOnFirstStart } from "./seed-on-first-start.ts";

let t: TestApp;
let first: SeedReport;
const provider = createOfflineProvider();
const GALLERY = 30;

beforeAll(async () => {
  t = await createTestApp();
  first = await seedDatabase(t.app, provider, { gallerySize: GALLERY });
}, 180_000);
afterAll(() => closeTestApp(t));

describe("first-start seed (a living community gallery)", () => {
  it("makes at least 8 styles, each with a stored preview and a name in all 14 languages", async () => {
    const rows = await t.app.database.db.select().from(styles);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const style of rows) {
      for (const language of LANGUAGES) expect(style.names[language], `${style.key}/${language}`).toBeTruthy();
      expect(style.previewPicId).toBeTruthy();
      const [picture] = await t.app.database.db.select().from(pictures).where(eq(pictures.id, style.previewPicId!));
      expect(await t.app.storage.has(picture!.pngKey)).toBe(true);
      expect(await t.app.storage.has(picture!.thumbKey)).toBe(true);
    }
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
  });

  it("has at least 30 prompt suggestions and some tips in every language", async () => {
    const db = t.app.database.db;
    for (const language of LANGUAGES) {
      const [p] = await db.select({ n: count() }).from(prompts).where(eq(prompts.locale, language));
      const [tip] = await db.select({ n: count() }).from(tips).where(eq(tips.locale, language));
      expect(p?.n, language).toBeGreaterThanOrEqual(30);
      expect(tip?.n, language).toBeGreaterThanOrEqual(10);
    }
  });

  it("draws the community gallery with the generator: every sticker tagged 1, a curated part tagged 2, images stored", async () => {
    const db = t.app.database.db;
    expect(first.stickersMade).toBe(GALLERY);
    const all = await db.select().from(stickers);
    expect(all).toHaveLength(GALLERY);
    const tagged = await db.select({ tagId: stickerTags.tagId, n: count() }).from(stickerTags).groupBy(stickerTags.tagId);
    const byTag = Object.fromEntries(tagged.map((row) => [row.tagId, row.n]));
    expect(byTag[COMMUNITY_TAG]).toBe(GALLERY);
    expect(byTag[EXPLORE_TAG]).toBeGreaterThan(0);
    expect(byTag[EXPLORE_TAG]).toBeLessThan(GALLERY);
    expect(new Set(all.map((s) => s.locale)).size).toBe(LANGUAGES.length);
    expect(new Set(all.map((s) => s.styleId)).size).toBeGreaterThanOrEqual(8);
    for (const sticker of all.slice(0, 5)) {
      const [picture] = await db.select().from(pictures).where(eq(pictures.id, sticker.picId));
      const file = await t.app.storage.get(picture!.pngKey);
      expect(file?.contentType).toBe("image/png");
      expect(file!.body.subarray(1, 4).toString()).toBe("PNG");
    }
  });

  it("is idempotent: a second start adds nothing", async () => {
    const before = await t.app.database.db.execute<{ s: number; p: number; t: number; st: number }>(
      sql`select (select count(*) from stickers)::int as s, (select count(*) from prompts)::int as p,
                 (select count(*) from tips)::int as t, (select count(*) from styles)::int as st`,
    );
    const second = await seedDatabase(t.app, provider, { gallerySize: GALLERY });
    expect(second.stickersMade).toBe(0);
    const after = await t.app.database.db.execute(
      sql`select (select count(*) from stickers)::int as s, (select count(*) from prompts)::int as p,
                 (select count(*) from tips)::int as t, (select count(*) from styles)::int as st`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  it("resumes an interrupted gallery: a bigger size adds only the missing stickers", async () => {
    const more = await seedDatabase(t.app, provider, { gallerySize: GALLERY + 3 });
    expect(more.stickersMade).toBe(3);
    const [total] = await t.app.database.db.select({ n: count() }).from(stickers);
    expect(total?.n).toBe(GALLERY + 3);
  });
});

describe("first-start seed of captioned stickers", () => {
  it("keeps the subject and caption layers the generator hands over, so seeded stickers move them apart (decision 0041)", async () => {
    const own = await createTestApp();
    try {
      // The offline generator itself, asked for a captioned sticker whatever the gallery's prompt (the
      // style previews, asked without a seed, as they are).
      const captioning = {
        ...provider,
        textToSticker: (req: Parameters<typeof provider.textToSticker>[0]) =>
          provider.textToSticker(req.seed === undefined ? req : { ...req, prompt: 'a happy cat saying "hello"' }),
      };
      await seedDatabase(own.app, captioning, { gallerySize: 2 });
      const db = own.app.database.db;
      const seeded = await db
        .select({ layers: pictures.layers })
        .from(stickers)
        .innerJoin(pictures, eq(pictures.id, stickers.picId));
      expect(seeded).toHaveLength(2);
      for (const { layers } of seeded) {
        expect(layers?.captionDirection).toBe("ltr");
        expect(await own.app.storage.has(layers?.subject ?? "")).toBe(true);
        expect(await own.app.storage.has(layers?.caption ?? "")).toBe(true);
      }
    } finally {
      await closeTestApp(own);
    }
  }, 120_000);
});

describe("first start without packs (SEED_PACKS=false)", () => {
  it("draws the gallery and no pack, neither before listening nor after", async () => {
    const own = await createTestApp({ SEED_GALLERY_SIZE: "3", SEED_PACKS: "false" });
    try {
      const seed = await seedOnFirstStart(own.app);
      expect(await seed.rest).toEqual({ packs: 0, stickers: 0 });
      expect(seed.report).toMatchObject({ stickersMade: 3, packsMade: 0, galleryLeft: 0 });
      const [packCount] = await own.app.database.db.select({ n: count() }).from(packs);
      const [stickerCount] = await own.app.database.db.select({ n: count() }).from(stickers);
      expect(packCount?.n).toBe(0);
      expect(stickerCount?.n).toBe(3);
    } finally {
      await closeTestApp(own);
    }
  }, 120_000);
});
