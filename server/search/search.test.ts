import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StickerListItem } from "#common/stickers.ts";
import { callApi, insertStickers, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { stickers, stickerTags, tags } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "../seed/seed-database.ts";
import { findSubjectTag, sitemapSubjectTags, subjectTagsOfSticker } from "./subject-tags.ts";
import { backfillSubjectTags, subjectsOfSticker } from "./tag-subjects.ts";

let t: TestApp;
let owner: TestSession;
/** stickerInstId by a short name of what the test inserted. */
const ids: Record<string, string> = {};

async function add(name: string, prompt: string, locale: string, visibility: "public" | "private" = "public") {
  const [row] = await insertStickers(t, owner.userId, 1, { prompt, locale, visibility });
  if (!row) throw new Error("no sticker");
  // insertStickers names every sticker "zorblat n": name it by its prompt, as finished tasks do.
  await t.app.database.db.update(stickers).set({ name: prompt }).where(eq(stickers.id, row.id));
  ids[name] = row.stickerInstId;
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  // The list tags and styles (no gallery: the test's own stickers are the whole corpus).
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize: 0 });
  owner = await signInTestUser(t, "searcher@example.com");
  await add("catEn", "a fluffy cat sleeping on a pillow", "en");
  await add("catsEn", "two cats playing", "en");
  await add("catZh", "小猫在睡觉", "zh");
  await add("catEs", "gato feliz con sombrero", "es");
  await add("catAr", "قطة لطيفة", "ar");
  await add("cafeFr", "un café au lait", "fr");
  await add("dogEn", "happy dog with a ball", "en");
  await add("pizzaJa", "おいしいピザ", "ja");
  await add("secretCat", "my private cat", "en", "private");
  const hidden = await add("hiddenCat", "a naughty cat", "en");
  await t.app.database.db
    .update(stickers)
    .set({ hiddenAt: new Date(), hiddenReason: "moderator" })
    .where(eq(stickers.id, hidden.id));
  // Stickers made without subject tags (as before migration 0006) get them from the backfill.
  await backfillSubjectTags(t.app.database.db);
}, 180_000);
afterAll(() => closeTestApp(t));

const search = (q: string, more: Record<string, string> = {}, language?: string) =>
  callApi(t, "GET", "/api/search", { params: { q, ...more }, ...(language ? { language } : {}) });
const found = async (q: string) => {
  const { body } = await search(q);
  expect(body.status).toBe(200);
  return (body.data.list as StickerListItem[]).map((item) => item.stickerInstId);
};

describe("subject tags (decision 0030)", () => {
  it("finds a sticker's subjects from its prompt in any language, folding cat-face into cat", () => {
    expect(subjectsOfSticker({ prompt: "a fluffy cat sleeping" })).toContain("cat");
    expect(subjectsOfSticker({ prompt: "小猫在睡觉" })).toContain("cat");
    expect(subjectsOfSticker({ prompt: "gato feliz" })).toContain("cat");
    expect(subjectsOfSticker({ prompt: "قطة لطيفة" })).toContain("cat");
    expect(subjectsOfSticker({ drawn: "cat-face", prompt: "" })).toEqual(["cat"]);
  });

  it("the backfill tags older stickers once, and a tag has its name in every language", async () => {
    const db = t.app.database.db;
    expect(await backfillSubjectTags(db)).toBe(0);
    const cat = await findSubjectTag(db, "cat", "zh");
    expect(cat?.name).toBe("猫");
    expect((await findSubjectTag(db, "cat", "es"))?.name).toBe("gato");
    expect((await findSubjectTag(db, "cat", "ar"))?.name).toMatch(/\p{Script=Arabic}/u);
    expect(await findSubjectTag(db, "no-such-tag", "en")).toBeNull();
    expect(await findSubjectTag(db, "../etc", "en")).toBeNull();
    const [row] = await db.select({ id: stickers.id }).from(stickers).where(eq(stickers.stickerInstId, ids.catZh!));
    expect((await subjectTagsOfSticker(db, row!.id, "en")).map((tag) => tag.slug)).toContain("cat");
  });

  it("the sitemap lists tags with a public sticker only", async () => {
    const slugs = await sitemapSubjectTags(t.app.database.db, { limit: 1000 });
    expect(slugs).toContain("cat");
    expect(slugs).toContain("pizza");
    expect(slugs).toEqual([...slugs].sort());
  });
});

describe("GET /api/search", () => {
  it("a word finds stickers whose prompt says it, and stems: 'cats' finds 'cat' and 'cat' finds 'cats'", async () => {
    expect(await found("cats")).toEqual(expect.arrayContaining([ids.catEn, ids.catsEn]));
    expect(await found("cat")).toEqual(expect.arrayContaining([ids.catEn, ids.catsEn]));
    expect(await found("sleeping")).toContain(ids.catEn);
    expect(await found("dog")).toEqual([ids.dogEn]);
  });

  it("accents fold both ways: 'cafe' finds 'café' and 'CAFÉ' too", async () => {
    expect(await found("cafe")).toContain(ids.cafeFr);
    expect(await found("CAFÉ")).toContain(ids.cafeFr);
  });

  it("CJK by character n-grams: '睡觉' and '猫' find '小猫在睡觉', 'ピザ' finds the pizza", async () => {
    expect(await found("睡觉")).toContain(ids.catZh);
    expect(await found("猫")).toContain(ids.catZh);
    expect(await found("ピザ")).toContain(ids.pizzaJa);
  });

  it("Arabic: 'قطة' finds the Arabic sticker", async () => {
    expect(await found("قطة")).toContain(ids.catAr);
  });

  it("across languages through the subject: 'cat', '猫', 'gato', 'قطة', 'кошка' all find the cats of every language", async () => {
    const cats = [ids.catEn, ids.catsEn, ids.catZh, ids.catEs, ids.catAr];
    for (const q of ["cat", "猫", "gato", "قطة", "кошка", "Katze"]) {
      const { body } = await search(q);
      const list = (body.data.list as StickerListItem[]).map((item) => item.stickerInstId);
      expect(list, q).toEqual(expect.arrayContaining(cats));
      expect(list, q).not.toContain(ids.dogEn);
      expect(
        body.data.tags.map((tag: { slug: string }) => tag.slug),
        q,
      ).toContain("cat");
    }
  });

  it("a typo finds the subject: 'kittten' and 'pizzza' still find cats and pizza", async () => {
    expect(await found("pizzza")).toContain(ids.pizzaJa);
    expect(await found("kittten")).toEqual(expect.arrayContaining([ids.catEn]));
  });

  it("names the matched tag in the viewer's language", async () => {
    const { body } = await search("gato", {}, "zh-CN");
    expect(body.data.tags[0]).toEqual({ slug: "cat", name: "猫" });
  });

  it("never finds a private sticker or one hidden by moderation", async () => {
    for (const q of ["cat", "private", "naughty", "猫"]) {
      const list = await found(q);
      expect(list, q).not.toContain(ids.secretCat);
      expect(list, q).not.toContain(ids.hiddenCat);
    }
  });

  it("follows a sticker's changes: made private it is gone, its new prompt finds it, its old one no more", async () => {
    const db = t.app.database.db;
    const row = await add("changing", "a glittery narwhal", "en");
    expect(await found("glittery")).toContain(ids.changing);
    await db.update(stickers).set({ prompt: "a sparkly walrus", name: "a sparkly walrus" }).where(eq(stickers.id, row.id));
    expect(await found("sparkly")).toContain(ids.changing);
    expect(await found("glittery")).not.toContain(ids.changing);
    await db.update(stickers).set({ visibility: "private" }).where(eq(stickers.id, row.id));
    expect(await found("sparkly")).not.toContain(ids.changing);
  });

  it("pages through the results with an exact total, and answers the total past the end", async () => {
    const all = await found("cat");
    const { body: first } = await search("cat", { page: "1", size: "2" });
    const { body: second } = await search("cat", { page: "2", size: "2" });
    expect(first.data.total).toBe(all.length);
    expect([...first.data.list, ...second.data.list].map((item: StickerListItem) => item.stickerInstId)).toEqual(all.slice(0, 4));
    const { body: past } = await search("cat", { page: "50", size: "2" });
    expect(past.data.list).toEqual([]);
    expect(past.data.total).toBe(all.length);
  });

  it("ranks a sticker that says the word above one that only shows the subject", async () => {
    const list = await found("sleeping cat");
    expect(list[0]).toBe(ids.catEn);
  });

  it("answers nothing, not an error, for a word no sticker has", async () => {
    const { body } = await search("zzqxv");
    expect(body.status).toBe(200);
    expect(body.data).toEqual({ list: [], total: 0, tags: [] });
  });

  it("refuses an empty or blank query with SEARCH_QUERY_EMPTY and a translated message", async () => {
    for (const q of ["", "   ", "?!"]) {
      const { http, body } = await search(q, {}, "fr");
      expect(http).toBe(400);
      expect(body.status).toBe("SEARCH_QUERY_EMPTY");
      expect(body.msgKey).toBe("errors.searchQueryEmpty");
    }
  });

  it("refuses a query over 100 characters with SEARCH_QUERY_TOO_LONG", async () => {
    const { http, body } = await search("cat ".repeat(30));
    expect(http).toBe(400);
    expect(body.status).toBe("SEARCH_QUERY_TOO_LONG");
    expect((body as { msg?: string }).msg).toContain("100");
  });

  it("answers an ETag, and 304 to a matching If-None-Match", async () => {
    const first = await t.server.request(
      await signedRequest("GET", "/api/search", { key: t.app.config.CLIENT_SIGNING_KEY, params: { q: "cat" } }),
    );
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    const again = await t.server.request(
      await signedRequest("GET", "/api/search", {
        key: t.app.config.CLIENT_SIGNING_KEY,
        params: { q: "cat" },
        headers: { "If-None-Match": etag ?? "" },
      }),
    );
    expect(again.status).toBe(304);
  });
});

describe("subject tags of new stickers", () => {
  it("every subject tag is kind 'subject' with a slug, and the list tags keep theirs", async () => {
    const rows = await t.app.database.db.select().from(tags);
    expect(rows.find((row) => row.id === 1)?.slug).toBe("community");
    for (const row of rows.filter((r) => r.id >= 1000)) {
      expect(row.kind).toBe("subject");
      expect(row.slug).toMatch(/^[a-z0-9-]+$/);
    }
    const tagged = await t.app.database.db.select().from(stickerTags);
    expect(tagged.length).toBeGreaterThan(0);
  });
});
