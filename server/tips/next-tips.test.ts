import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TipPage } from "#common/stickers.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import tipData from "../seed/data/tips.json" with { type: "json" };

let t: TestApp;
beforeAll(async () => {
  t = await createGalleryTestApp(0);
}, 120_000);
afterAll(() => closeTestApp(t));

async function tips(params: Record<string, string>, language = "en-US") {
  const { http, body } = await callApi(t, "GET", "/api/v2/aitask/generateRandomTip", { params, language });
  return { http, status: body.status, page: body.data as TipPage };
}

describe("GET /api/v2/aitask/generateRandomTip (spec §7: N unique tips picked in rotation)", () => {
  it("answers N unique tips of the caller's language (default 3) and a cursor to continue", async () => {
    const { page } = await tips({}, "ja");
    expect(page.list).toHaveLength(3);
    expect(new Set(page.list.map((tip) => tip.id)).size).toBe(3);
    for (const tip of page.list) expect(tipData.ja).toContain(tip.text);
    expect(Number.isInteger(page.cursor)).toBe(true);
  });

  it("walks through every tip before any repeats when the answer's cursor is passed back", async () => {
    const count = tipData.en.length;
    const seen: number[] = [];
    let cursor = 0;
    let previous: number[] = [];
    while (seen.length < count) {
      const { page } = await tips({ size: "3", cursor: String(cursor) });
      const ids = page.list.map((tip) => tip.id);
      expect(ids).not.toEqual(previous);
      seen.push(...ids);
      previous = ids;
      cursor = page.cursor;
    }
    expect(new Set(seen.slice(0, count)).size).toBe(count);
    // Then the rotation starts over.
    const next = await tips({ size: "3", cursor: String(cursor) });
    expect(seen).toContain(next.page.list[0]?.id);
  });

  it("answers all tips once when more are asked than there are", async () => {
    const { page } = await tips({ size: "20", cursor: "0" }, "id");
    expect(page.list).toHaveLength(Math.min(20, tipData.id.length));
    expect(new Set(page.list.map((tip) => tip.id)).size).toBe(page.list.length);
  });

  it("answers a size outside 1–20 or a negative cursor with INVALID_INPUT", async () => {
    for (const params of [{ size: "0" }, { size: "21" }, { cursor: "-1" }, { cursor: "x" }] as Record<string, string>[]) {
      const { http, status } = await tips(params);
      expect(http).toBe(400);
      expect(status).toBe("INVALID_INPUT");
    }
  });
});
