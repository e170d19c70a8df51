/**
 * A sticker's emoji, keywords and alt text (decision 0042): made when read from its mood and subject
 * tags, in the viewer's language and the sticker's, for one sticker or many; and the owner's own,
 * set and sent back to automatic through `POST /api/sticker/setLabels`, refused with translated codes.
 */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { singleEmoji } from "#common/emoji.ts";
import { ALT_TEXT_MAX_LENGTH, AUTOMATIC_EMOJI, LABEL_CHANGES_PER_MINUTE } from "#common/sticker-labels.ts";
import { stickers, tasks } from "#server/db/schema.ts";
import { artEmojiBySlug, createOfflineProvider } from "#server/generation/index.ts";
import { onPagesChanged, type PagesChange } from "#server/pages/page-changes.ts";
import { runTaskAttempt } from "#server/tasks/run-task.ts";
import { callApi, createGalleryTestApp, insertStickers, type TestSession } from "#tests/support/stickers.ts";
import { userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { readLabelsAndAutomatic, readStickerLabels } from "./read-labels.ts";

let t: TestApp;
let owner: TestSession;
let other: TestSession;
const offline = createOfflineProvider();

beforeAll(async () => {
  // No task workers: each sticker's task is run here, by the real attempt.
  t = await createGalleryTestApp(0, { TEXT_GENERATION_COST: "1" });
  owner = await userWithPoints(t, "labels-owner@example.com", 100);
  other = await userWithPoints(t, "labels-other@example.com", 100);
}, 60_000);
afterAll(() => closeTestApp(t));

const db = () => t.app.database.db;

async function rowOf(stickerInstId: string) {
  const [row] = await db().select().from(stickers).where(eq(stickers.stickerInstId, stickerInstId));
  if (!row) throw new Error(`no sticker ${stickerInstId}`);
  return row;
}

/** Runs these tasks as the worker would; the stickers they made, with their tasks' moods. */
async function runTasks(taskIds: number[]) {
  for (const taskId of taskIds) await runTaskAttempt(t.app, offline, { taskId, retryCount: 0, retryLimit: 0 });
  return db()
    .select({ id: stickers.id, stickerInstId: stickers.stickerInstId, mood: tasks.mood })
    .from(stickers)
    .innerJoin(tasks, eq(tasks.id, stickers.taskId))
    .where(inArray(tasks.id, taskIds));
}

/** A sticker of the owner drawn from `prompt`, asked in `language` (its own language). */
async function textSticker(prompt: string, language = "en") {
  const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt }, session: owner, language });
  expect(submit.body.status).toBe(200);
  const [sticker] = await runTasks([submit.body.data.taskId]);
  if (!sticker) throw new Error("no sticker made");
  return sticker;
}

const labelsOf = async (id: number, language: "en" | "ja" | "de" | "ar") =>
  (await readStickerLabels(db(), [id], language)).get(id);

const setLabels = (session: TestSession | undefined, body: Record<string, unknown>, language?: string) =>
  callApi(t, "POST", "/api/sticker/setLabels", {
    body: { emoji: null, keywords: null, altText: null, ...body },
    ...(session ? { session } : {}),
    ...(language ? { language } : {}),
  });

describe("labels made when read (readStickerLabels)", () => {
  it("a sticker of a pack made in one go: its mood's emoji first, then its subject's; its subject's and mood's names as keywords and alt text, in the viewer's language and the sticker's", async () => {
    // Made in Japanese: the sticker's own language is ja.
    const made = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "a cat", moods: ["love", "sleeping"] },
      session: owner,
      language: "ja",
    });
    expect(made.body.status).toBe(200);
    const rows = await runTasks(made.body.data.taskIds);
    const love = rows.find((row) => row.mood === "love");
    if (!love) throw new Error("no love sticker");
    const japanese = (await labelsOf(love.id, "ja"))?.keywords ?? [];
    expect(japanese.every((word) => /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(word))).toBe(true);

    const en = await labelsOf(love.id, "en");
    // The mood's, then the subjects' (the cat, and the face the generator drew for the mood).
    expect(en?.emoji).toEqual(["😍", "🐈", "😻"]);
    // The viewer's language first, then the sticker's: subjects, then the mood.
    expect(en?.keywords).toEqual(["cat", "smiling cat with heart-eyes", "Love", ...japanese]);
    expect(en?.altText).toBe("Sticker: cat and smiling cat with heart-eyes · Love");
    expect(en?.edited).toEqual({ emoji: false, keywords: false, altText: false });

    const de = await labelsOf(love.id, "de");
    expect(de?.emoji).toEqual(en?.emoji);
    // A name longer than a keyword may be (32 characters) is left out of the keywords, not of the alt text.
    expect(de?.keywords.slice(0, 2)).toEqual(["katze", "Liebe"]);
    expect(de?.altText).toBe("Sticker mit katze und lachende katze mit herzen als augen · Liebe");
  });

  it("a sticker tagged with its subjects and no mood: each subject's emoji, in tag order, at most three; names in both languages, each once", async () => {
    const dog = await textSticker("a dog with a balloon", "ru");
    const en = await labelsOf(dog.id, "en");
    expect(en?.emoji).toEqual(expect.arrayContaining(["🐕", "🎈"]));
    expect(en?.keywords).toEqual(expect.arrayContaining(["dog", "balloon", "собака", "воздушный шарик"]));
    expect(new Set(en?.keywords.map((word) => word.toLowerCase())).size).toBe(en?.keywords.length);
    expect(en?.altText).toMatch(/^Sticker: (dog and balloon|balloon and dog)$/);
    // The sticker's language is the viewer's: each name once.
    const ru = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId: dog.stickerInstId }, language: "ru" });
    expect(ru.body.data.labels.keywords).toEqual(expect.arrayContaining(["собака", "воздушный шарик"]));
    expect(ru.body.data.labels.keywords).not.toContain("dog");
  });

  it("a sticker without subject tags or mood: 🙂, no keywords, its name in the alt text (cut at 125 characters)", async () => {
    const [plain] = await insertStickers(t, owner.userId, 1, { name: "zorblat quux" });
    expect(await labelsOf(plain!.id, "en")).toEqual({
      emoji: [AUTOMATIC_EMOJI],
      keywords: [],
      altText: "Sticker: zorblat quux",
      edited: { emoji: false, keywords: false, altText: false },
    });
    expect((await labelsOf(plain!.id, "ar"))?.altText).toBe("ملصق: zorblat quux");
    const [long] = await insertStickers(t, owner.userId, 1, { name: "🐈‍⬛".repeat(200) });
    const alt = (await labelsOf(long!.id, "en"))?.altText ?? "";
    const characters = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(alt)].map((part) => part.segment);
    expect(characters).toHaveLength(ALT_TEXT_MAX_LENGTH);
    expect(characters.at(-1)).toBe("…");
    expect(characters.at(-2)).toBe("🐈‍⬛");
  });

  it("a moving copy (decision 0041) has the mood of the sticker it moves", async () => {
    const [source] = await db()
      .select({ id: stickers.id, picId: stickers.picId, name: stickers.name })
      .from(stickers)
      .innerJoin(tasks, eq(tasks.id, stickers.taskId))
      .where(eq(tasks.mood, "sleeping"));
    const [motionTask] = await db()
      .insert(tasks)
      .values({ userId: owner.userId, type: 3, status: 2, sourceStickerId: source!.id, motion: "float" })
      .returning({ id: tasks.id });
    const [moving] = await db()
      .insert(stickers)
      .values({
        stickerInstId: "labels-moving-copy",
        taskId: motionTask!.id,
        picId: source!.picId,
        name: source!.name,
        ownerId: owner.userId,
        motion: "float",
        madeFromStickerId: source!.id,
        hotScore: 0,
      })
      .returning({ id: stickers.id });
    expect((await labelsOf(moving!.id, "en"))?.emoji[0]).toBe("😴");
    expect((await labelsOf(moving!.id, "en"))?.keywords).toContain("Sleeping");
  });

  it("reads many stickers at once, each once, leaving out unknown ids; the owner's edits win, the automatic ones stay beside them", async () => {
    const many = await insertStickers(t, owner.userId, 30);
    const ids = many.map((row) => row.id);
    const read = await readStickerLabels(db(), [...ids, ids[0]!, 987_654_321], "en");
    expect([...read.keys()].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(read.get(ids[3]!)?.altText).toMatch(/^Sticker: zorblat \d+$/);

    await db()
      .update(stickers)
      .set({ emoji: ["🦄"], keywords: [], altText: "A unicorn" })
      .where(eq(stickers.id, ids[0]!));
    const both = (await readLabelsAndAutomatic(db(), [ids[0]!], "en")).get(ids[0]!);
    expect(both?.labels).toEqual({
      emoji: ["🦄"],
      keywords: [],
      altText: "A unicorn",
      edited: { emoji: true, keywords: true, altText: true },
    });
    expect(both?.automatic).toEqual({
      emoji: [AUTOMATIC_EMOJI],
      keywords: [],
      altText: expect.stringMatching(/^Sticker: zorblat/),
    });
    expect(await readStickerLabels(db(), [], "en")).toEqual(new Map());
  });
});

describe("POST /api/sticker/setLabels", () => {
  let mine: string;
  let mineId: number;
  let drops: PagesChange[];
  beforeAll(async () => {
    const cat = await textSticker("a cat with a balloon");
    mine = cat.stickerInstId;
    mineId = cat.id;
    drops = [];
    onPagesChanged(t.app.database, (change) => drops.push(change));
  });

  it("the owner sets all three: kept as the rules keep them, answered, stored, shown by sticker.get with the automatic ones beside them", async () => {
    const answer = await setLabels(owner, {
      stickerInstId: mine,
      emoji: ["❤", "🐈\uFE0F", "❤️"],
      keywords: ["  kitty ", "Kitty", "balloon ride", "ねこ"],
      altText: "  A grey cat floating away on a red balloon ",
    });
    expect(answer.http).toBe(200);
    const labels = {
      emoji: ["❤️", "🐈"],
      keywords: ["kitty", "balloon ride", "ねこ"],
      altText: "A grey cat floating away on a red balloon",
      edited: { emoji: true, keywords: true, altText: true },
    };
    expect(answer.body.data).toEqual(labels);
    const row = await rowOf(mine);
    expect([row.emoji, row.keywords, row.altText]).toEqual([labels.emoji, labels.keywords, labels.altText]);
    const shown = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId: mine }, session: owner });
    expect(shown.body.data.labels).toEqual(labels);
    expect(shown.body.data.automaticLabels.emoji).toEqual(expect.arrayContaining(["🐈", "🎈"]));
    // Anyone else sees the labels, never the automatic ones (nothing for them to go back to).
    const visitor = await callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId: mine } });
    expect(visitor.body.data.labels).toEqual(labels);
    expect(visitor.body.data.automaticLabels).toBeNull();
    // A public sticker's pages read differently now: every process drops those that show it.
    expect(drops.at(-1)).toEqual({ stickers: [mine], packs: [] });
  });

  it("sends each back to automatic with null, one at a time; an empty keyword list is the owner's own (none)", async () => {
    await setLabels(owner, { stickerInstId: mine, emoji: ["🎉"], keywords: [], altText: "Party cat" });
    const automatic = (await readLabelsAndAutomatic(db(), [mineId], "en")).get(mineId)?.automatic;
    const keywordsBack = await setLabels(owner, { stickerInstId: mine, emoji: ["🎉"], keywords: null, altText: "Party cat" });
    expect(keywordsBack.body.data).toEqual({
      emoji: ["🎉"],
      keywords: automatic?.keywords,
      altText: "Party cat",
      edited: { emoji: true, keywords: false, altText: true },
    });
    const allBack = await setLabels(owner, { stickerInstId: mine });
    expect(allBack.body.data).toEqual({ ...automatic, edited: { emoji: false, keywords: false, altText: false } });
    const row = await rowOf(mine);
    expect([row.emoji, row.keywords, row.altText]).toEqual([null, null, null]);
    // In the caller's language.
    const german = await setLabels(owner, { stickerInstId: mine }, "de");
    expect(german.body.data.altText).toMatch(/^Sticker mit /);
  });

  it("answers NOT_FOUND for another's sticker, public or private, exactly as for an unknown id, and changes nothing", async () => {
    const [theirs] = await insertStickers(t, other.userId, 1, { visibility: "public" });
    const [theirsPrivate] = await insertStickers(t, other.userId, 1, { visibility: "private" });
    const unknown = await setLabels(owner, { stickerInstId: "noSuchSticker01", emoji: ["🎉"] });
    expect(unknown.http).toBe(404);
    expect(unknown.body.status).toBe("NOT_FOUND");
    for (const stickerInstId of [theirs!.stickerInstId, theirsPrivate!.stickerInstId]) {
      const answer = await setLabels(owner, { stickerInstId, emoji: ["🎉"], keywords: ["mine"], altText: "Taken" });
      expect({ http: answer.http, body: answer.body }).toEqual({ http: unknown.http, body: unknown.body });
      const row = await rowOf(stickerInstId);
      expect([row.emoji, row.keywords, row.altText]).toEqual([null, null, null]);
    }
  });

  it("answers AUTH_ERROR to a visitor", async () => {
    const answer = await setLabels(undefined, { stickerInstId: mine, emoji: ["🎉"] });
    expect(answer.http).toBe(401);
    expect(answer.body.status).toBe("AUTH_ERROR");
    expect((await rowOf(mine)).emoji).toBeNull();
  });

  it("refuses every bad label with its translated code and changes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ emoji: [] }, "STICKER_EMOJI_INVALID"],
      [{ emoji: ["😀", "🎉", "👍", "🐱"] }, "STICKER_EMOJI_INVALID"],
      [{ emoji: ["a"] }, "STICKER_EMOJI_INVALID"],
      [{ emoji: ["😀😀"] }, "STICKER_EMOJI_INVALID"],
      [{ emoji: ["1"] }, "STICKER_EMOJI_INVALID"],
      [{ emoji: [""] }, "STICKER_EMOJI_INVALID"],
      [{ keywords: Array.from({ length: 21 }, (_, i) => `word ${i}`) }, "STICKER_KEYWORDS_INVALID"],
      [{ keywords: ["fine", ""] }, "STICKER_KEYWORDS_INVALID"],
      [{ keywords: ["   "] }, "STICKER_KEYWORDS_INVALID"],
      [{ keywords: ["x".repeat(33)] }, "STICKER_KEYWORDS_INVALID"],
      [{ keywords: ["line\nbreak"] }, "STICKER_KEYWORDS_INVALID"],
      [{ keywords: ["bell\u0007"] }, "STICKER_KEYWORDS_INVALID"],
      [{ keywords: ["\u200B\u200D"] }, "STICKER_KEYWORDS_INVALID"],
      [{ altText: "" }, "STICKER_ALT_TEXT_INVALID"],
      [{ altText: "  " }, "STICKER_ALT_TEXT_INVALID"],
      [{ altText: "a".repeat(ALT_TEXT_MAX_LENGTH + 1) }, "STICKER_ALT_TEXT_INVALID"],
      [{ altText: "two\nlines" }, "STICKER_ALT_TEXT_INVALID"],
      // Not text PostgreSQL can keep as sent (decision 0040): refused at the API's edge.
      [{ altText: "nul\u0000" }, "INVALID_INPUT"],
      [{ keywords: ["\uD800"] }, "INVALID_INPUT"],
      [{ emoji: "🎉" }, "INVALID_INPUT"],
    ];
    for (const [body, code] of cases) {
      const answer = await setLabels(owner, { stickerInstId: mine, ...body });
      expect(answer.body.status, JSON.stringify(body)).toBe(code);
      expect(answer.http).toBe(400);
    }
    const row = await rowOf(mine);
    expect([row.emoji, row.keywords, row.altText]).toEqual([null, null, null]);
    // Exactly 20 keywords of 32 characters and 125 characters of alt text pass.
    const longest = await setLabels(owner, {
      stickerInstId: mine,
      keywords: Array.from({ length: 20 }, (_, i) => `${i}`.padStart(32, "k")),
      altText: "a".repeat(ALT_TEXT_MAX_LENGTH),
    });
    expect(longest.body.status).toBe(200);
    await setLabels(owner, { stickerInstId: mine });
  });

  it("says what is wrong in the caller's language, with the limits filled in", async () => {
    const keywords = await setLabels(owner, { stickerInstId: mine, keywords: ["x".repeat(33)] }, "de");
    expect((keywords.body as { msg?: string }).msg).toBe(
      "Verwenden Sie bis zu 20 Stichwörter mit je 1 bis 32 Zeichen, in einer Zeile.",
    );
    const alt = await setLabels(owner, { stickerInstId: mine, altText: "" }, "ja");
    expect((alt.body as { msg?: string }).msg).toBe("代替テキストは 1〜125 文字で、改行なしにしてください。");
  });

  it("a private sticker's change drops no shared page", async () => {
    const [secret] = await insertStickers(t, owner.userId, 1, { visibility: "private" });
    const before = drops.length;
    expect((await setLabels(owner, { stickerInstId: secret!.stickerInstId, altText: "Secret" })).body.status).toBe(200);
    expect(drops.length).toBe(before);
  });

  it(`allows ${LABEL_CHANGES_PER_MINUTE} changes per user per minute; a refused label costs none`, async () => {
    const [sticker] = await insertStickers(t, other.userId, 1);
    for (let i = 0; i < 5; i++) await setLabels(other, { stickerInstId: sticker!.stickerInstId, emoji: [] });
    for (let i = 0; i < LABEL_CHANGES_PER_MINUTE; i++) {
      const answer = await setLabels(other, { stickerInstId: sticker!.stickerInstId, altText: `Change ${i}` });
      expect(answer.body.status, `change ${i}`).toBe(200);
    }
    const over = await setLabels(other, { stickerInstId: sticker!.stickerInstId, altText: "One too many" });
    expect(over.body.status).toBe("RATE_LIMITED");
    expect((await rowOf(sticker!.stickerInstId)).altText).toBe(`Change ${LABEL_CHANGES_PER_MINUTE - 1}`);
  });
});

describe("the emoji art's emoji as labels", () => {
  it("every subject's emoji of the art index is one emoji as stored (a stray variation selector dropped)", () => {
    const refused = [...artEmojiBySlug().values()].filter((entry) => singleEmoji(entry.emoji) === null);
    expect(refused.map((entry) => entry.slug)).toEqual([]);
    expect(singleEmoji(artEmojiBySlug().get("cat")?.emoji ?? "")).toBe("🐈");
  });
});
