import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { styles } from "../db/schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.database.db.insert(styles).values(
    Array.from({ length: 10 }, (_, i) => ({
      key: `s${i}`,
      type: 1,
      sort: 10 - i,
      names: { en: `Style ${i}`, fr: `Style fr ${i}` },
    })),
  );
  await t.app.database.db.insert(styles).values({ key: "other", type: 2, names: { en: "Other" } });
});
afterAll(() => closeTestApp(t));

async function page(params: Record<string, string>, language = "en-US") {
  const response = await t.server.request(
    await signedRequest("GET", "/api/style/page", {
      key: t.app.config.CLIENT_SIGNING_KEY,
      params,
      headers: { "Accept-Language": language },
    }),
  );
  return { http: response.status, body: await response.json() };
}

describe("GET /api/style/page (spec §7: page, size, type)", () => {
  it("lists the styles of a type in display order with names in the caller's language", async () => {
    const { body } = await page({ page: "1", size: "1000", type: "1" }, "fr");
    expect(body.status).toBe(200);
    expect(body.data.total).toBe(10);
    expect(body.data.list).toHaveLength(10);
    expect(body.data.list[0]).toMatchObject({ key: "s9", name: "Style fr 9" });
  });

  it("pages: the first 8 styles, then the rest; a page past the end is empty with its total", async () => {
    expect((await page({ page: "1", size: "8", type: "1" })).body.data.list).toHaveLength(8);
    expect((await page({ page: "2", size: "8", type: "1" })).body.data.list).toHaveLength(2);
    expect((await page({ page: "9", size: "8", type: "1" })).body.data).toEqual({ list: [], total: 10 });
  });

  it("answers malformed paging with INVALID_INPUT", async () => {
    for (const params of [{ page: "0" }, { page: "x" }, { size: "1001" }, { type: "-1" }] as Record<string, string>[]) {
      const { http, body } = await page(params);
      expect(http).toBe(400);
      expect(body.status).toBe("INVALID_INPUT");
    }
  });
});
