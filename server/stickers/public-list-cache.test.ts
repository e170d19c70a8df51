import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { stickers } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "../seed/seed-database.ts";
import { listPublicStickers, publicListAnswer } from "./public-list-cache.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize: 3 });
}, 120_000);
afterAll(() => closeTestApp(t));

describe("public list cache", () => {
  it("serves the same page for the cache time, then reads the database again", async () => {
    const db = t.app.database.db;
    const query = { tagId: 1, page: 1, size: 24, sortBy: "id" as const };
    const first = await listPublicStickers(db, query, 1);
    expect(first.total).toBe(3);
    await db.update(stickers).set({ visibility: "private" });
    expect((await listPublicStickers(db, query, 1)).total).toBe(3);
    expect((await listPublicStickers(db, query, 0)).total).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await listPublicStickers(db, query, 1)).total).toBe(0);
  });

  it("keeps a cached page's answer serialized: a hit returns the same JSON, ETag and compressed bytes without redoing them", async () => {
    const db = t.app.database.db;
    const query = { tagId: 2, page: 1, size: 24 };
    const first = await publicListAnswer(db, query, 30);
    const brotli = first.encoded("br");
    const again = await publicListAnswer(db, query, 30);
    expect(again).toBe(first);
    expect(again.encoded("br")).toBe(brotli);
    expect(JSON.parse(again.text)).toEqual({ status: 200, data: again.data });
    // Off (0 s): each ask is a new answer from the database.
    expect(await publicListAnswer(db, query, 0)).not.toBe(await publicListAnswer(db, query, 0));
  });
});
