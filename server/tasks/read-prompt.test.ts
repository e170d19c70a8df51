/**
 * "What was understood" before paying (decision 0052), through the real API: the subjects a prompt
 * will draw, named in the caller's language; the subject's words that cannot be drawn and whether they
 * become the caption; the prompt's rules refusing bad input with the envelope; and nothing made or
 * charged. The reading itself runs in the prompt planner's child process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { PROMPT_MAX_LENGTH } from "#common/tasks.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { tasks } from "../db/schema.ts";

const PATH = "/api/aitask/understandPrompt";

describe("reading a prompt before it is made (both engines)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGalleryTestApp(0);
  });
  afterAll(async () => {
    await closeTestApp(t);
  });

  const read = (prompt: string, language: string, pack = false) => callApi(t, "POST", PATH, { body: { prompt, pack }, language });

  it.each([
    ["a cat holding a coffee", "en", [["🐱", "cat", "main"]], "held"],
    ["un chat avec un café", "fr", [["🐱", "chat", "main"]], "held"],
    ["ein Hund", "de", [["🐶", "Hund", "main"]], null],
    ["一只狗", "zh", [["🐶", "狗", "main"]], null],
    ["قطة", "ar", [["🐱", "قطة", "main"]], null],
  ] as const)("'%s' (%s) names the main subject in that language", async (prompt, language, expected, second) => {
    const { http, body } = await read(prompt, language);
    expect(http).toBe(200);
    const subjects = body.data.subjects as { emoji: string; name: string; relation: string }[];
    expect(subjects.slice(0, expected.length).map((s) => [s.emoji.replace(/\uFE0F/g, ""), s.name, s.relation])).toEqual(expected);
    if (second) expect(subjects[1]?.relation).toBe(second);
    else expect(subjects).toHaveLength(1);
    expect(body.data.undrawn).toBeNull();
    expect(body.data.captioned).toBe(false);
  });

  it("names what the main subject holds in the caller's language, not English", async () => {
    const english = await read("a cat holding a coffee", "en");
    const french = await read("un chat avec un café", "fr");
    const heldEn = english.body.data.subjects[1];
    const heldFr = french.body.data.subjects[1];
    expect(heldEn.emoji).toBe(heldFr.emoji);
    expect(heldFr.name).not.toBe(heldEn.name);
  });

  it("a word it cannot draw is said, and for a pack of moods it is the caption", async () => {
    const pack = await read("a sad blorfwomp", "en", true);
    expect(pack.body.data).toEqual({ subjects: [], undrawn: "blorfwomp", captioned: true });
    // One sticker: the mood word's face is drawn and the word is not written.
    const one = await read("a sad blorfwomp", "en");
    expect(one.body.data.undrawn).toBe("blorfwomp");
    expect(one.body.data.captioned).toBe(false);
    expect(one.body.data.subjects).toHaveLength(1);
    // Nothing at all drawn: the prompt is written as the caption.
    const words = await read("blorfwomp", "en");
    expect(words.body.data).toEqual({ subjects: [], undrawn: "blorfwomp", captioned: true });
  });

  it("a known subject is drawn in a pack as in one sticker", async () => {
    const pack = await read("a happy dog", "en", true);
    expect(pack.body.data.undrawn).toBeNull();
    expect(pack.body.data.subjects[0].name).toBe("dog");
  });

  it.each([
    ["   ", "PROMPT_EMPTY", 400],
    ["x".repeat(PROMPT_MAX_LENGTH + 1), "PROMPT_TOO_LONG", 400],
    ["a cat\u0007", "INVALID_INPUT", 400],
  ] as const)("refuses %j with %s in the caller's language", async (prompt, code, http) => {
    const answer = await read(prompt, "es");
    expect(answer.http).toBe(http);
    expect(answer.body.status).toBe(code);
    expect((answer.body as { msg?: string }).msg).toBe(translate("es", answer.body.msgKey ?? ""));
  });

  it("refuses a body that is not a prompt", async () => {
    const { http, body } = await callApi(t, "POST", PATH, { body: { prompt: 42 } });
    expect(http).toBe(400);
    expect(body.status).toBe("INVALID_INPUT");
  });

  it("makes nothing and charges nothing", async () => {
    const user = await userWithPoints(t, "reader@example.com", 3);
    const { http } = await callApi(t, "POST", PATH, { body: { prompt: "a cat", pack: true }, session: user });
    expect(http).toBe(200);
    expect(await balanceOf(t, user.userId)).toBe(3);
    expect(await t.app.database.db.select().from(tasks)).toEqual([]);
  });
});

describe("reading prompts is rate-limited per client", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGalleryTestApp(0, { GENERATION_PROVIDER: "sleep" });
  });
  afterAll(async () => {
    await closeTestApp(t);
  });

  it("answers empty with a hosted or stand-in generator, and RATE_LIMITED past the minute's readings", async () => {
    const READINGS_PER_MINUTE = t.app.config.PROMPT_READINGS_PER_MINUTE;
    expect(READINGS_PER_MINUTE).toBe(60);
    const first = await callApi(t, "POST", PATH, { body: { prompt: "a cat" } });
    expect(first.body.data).toEqual({ subjects: [], undrawn: null, captioned: false });
    for (let i = 1; i < READINGS_PER_MINUTE; i++) await callApi(t, "POST", PATH, { body: { prompt: "a cat" } });
    const limited = await callApi(t, "POST", PATH, { body: { prompt: "a cat" } });
    expect(limited.http).toBe(429);
    expect(limited.body.status).toBe("RATE_LIMITED");
  });
});
