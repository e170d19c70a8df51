import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PromptItem } from "#common/stickers.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import promptData from "../seed/data/prompts.json" with { type: "json" };

let t: TestApp;
beforeAll(async () => {
  t = await createGalleryTestApp(0);
}, 120_000);
afterAll(() => closeTestApp(t));

const texts = (list: PromptItem[]) => list.map((item) => item.text);

describe("GET /api/prompt/list (spec §2: the home page preloads all prompts)", () => {
  it("lists every prompt of the caller's language in display order", async () => {
    const english = await callApi(t, "GET", "/api/prompt/list");
    expect(english.body.status).toBe(200);
    expect(texts(english.body.data)).toEqual(promptData.en);
    const french = await callApi(t, "GET", "/api/prompt/list", { language: "fr-FR,fr;q=0.9" });
    expect(texts(french.body.data)).toEqual(promptData.fr);
    const taiwan = await callApi(t, "GET", "/api/prompt/list", { language: "zh-HK" });
    expect(texts(taiwan.body.data)).toEqual(promptData["zh-TW"]);
  });
});

describe("GET /api/prompt/random (spec §9: 2 on mobile, 5 on desktop)", () => {
  it("answers a random selection of the requested size (default 5) from the caller's language, without repeats", async () => {
    const five = await callApi(t, "GET", "/api/prompt/random", { language: "de" });
    expect(five.body.data).toHaveLength(5);
    const two = await callApi(t, "GET", "/api/prompt/random", { params: { size: "2" }, language: "de" });
    expect(two.body.data).toHaveLength(2);
    for (const list of [five.body.data, two.body.data] as PromptItem[][]) {
      expect(new Set(texts(list)).size).toBe(list.length);
      for (const text of texts(list)) expect(promptData.de).toContain(text);
    }
  });

  it("varies between calls", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { body } = await callApi(t, "GET", "/api/prompt/random", { params: { size: "5" } });
      seen.add(texts(body.data).join("|"));
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it("answers a size outside 1–20 with INVALID_INPUT", async () => {
    for (const size of ["0", "21", "x"]) {
      const { http, body } = await callApi(t, "GET", "/api/prompt/random", { params: { size } });
      expect(http).toBe(400);
      expect(body.status).toBe("INVALID_INPUT");
    }
  });
});
