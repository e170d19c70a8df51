import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { stickers } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "../seed/seed-database.ts";
import { forgetPublicLists, listPublicStickers, publicListAnswer } from "./public-list-cache.ts";

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

  it("drops only the cached pages that hold a sticker that left the lists; everything drops them all", async () => {
    const db = t.app.database.db;
    await db.update(stickers).set({ visibility: "public" });
    const all = { tagId: 1, page: 1, size: 23, sortBy: "id" as const };
    const firstOnly = { tagId: 1, page: 1, size: 1, sortBy: "id" as const };
    const lastOnly = { tagId: 1, page: 3, size: 1, sortBy: "id" as const };
    const [allPage, first, last] = await Promise.all([all, firstOnly, lastOnly].map((query) => publicListAnswer(db, query, 60)));
    const leaving = first!.data.list[0]!.stickerInstId;
    expect(last!.data.list[0]!.stickerInstId).not.toBe(leaving);
    await db.update(stickers).set({ visibility: "private" }).where(eq(stickers.stickerInstId, leaving));
    forgetPublicLists(db, { stickers: [leaving], packs: [] });
    expect(await publicListAnswer(db, lastOnly, 60)).toBe(last);
    expect((await publicListAnswer(db, all, 60)).data.total).toBe(allPage!.data.total - 1);
    expect((await publicListAnswer(db, firstOnly, 60)).data.list[0]!.stickerInstId).not.toBe(leaving);
    // A pack leaving changes no sticker list; "everything" (a ban) drops every page.
    forgetPublicLists(db, { stickers: [], packs: ["somePack"] });
    expect(await publicListAnswer(db, lastOnly, 60)).toBe(last);
    forgetPublicLists(db, "everything");
    expect(await publicListAnswer(db, lastOnly, 60)).not.toBe(last);
  });
});
