/**
 * One bad row never fails a whole list (decision 0040): a sticker or a pack whose card cannot be made —
 * here a date PostgreSQL keeps but JavaScript cannot write ('infinity') — is left out of every list,
 * logged with its id, and the list answers 200 with the others (the pages load these same calls).
 */
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packs, stickers } from "#server/db/schema.ts";
import { logSkippedItemsTo } from "#server/skipped-items.ts";
import { callApi, insertStickers, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let owner: TestSession;
const logged: { id: string; what: string; msg: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signInTestUser(t, "bad-row-owner@example.com");
  logSkippedItemsTo(
    pino(
      { level: "warn" },
      { write: (line: string) => void logged.push(JSON.parse(line) as { id: string; what: string; msg: string }) },
    ),
  );
}, 120_000);
afterAll(() => closeTestApp(t));

describe("a sticker whose card cannot be made", () => {
  it("is left out of its owner's list (every sticker list builds its cards alike) and logged with its id; the other stickers still show", async () => {
    const made = await insertStickers(t, owner.userId, 3, { name: "bad row sticker" });
    const [good1, bad, good2] = made.map((row) => row.stickerInstId) as [string, string, string];
    await t.app.database.db
      .update(stickers)
      .set({ createdAt: sql`'infinity'::timestamptz` })
      .where(eq(stickers.stickerInstId, bad));

    const { http, body } = await callApi(t, "GET", "/api/sticker/page/mySticker", {
      params: { page: "1", size: "24" },
      session: owner,
    });
    expect(http).toBe(200);
    const ids = (body.data.list as { stickerInstId: string }[]).map((item) => item.stickerInstId);
    expect(ids).toEqual(expect.arrayContaining([good1, good2]));
    expect(ids).not.toContain(bad);

    expect(logged).toContainEqual(expect.objectContaining({ id: bad, what: "sticker list item" }));
  });
});

describe("a pack whose card cannot be made", () => {
  it("is left out of the packs list (the call the page loads it with) and logged with its id; the other packs still show", async () => {
    const [sticker] = await insertStickers(t, owner.userId, 1, { name: "bad row pack sticker" });
    const made: string[] = [];
    for (const name of ["Good pack one", "Bad pack", "Good pack two"]) {
      const { body } = await callApi(t, "POST", "/api/pack/create", {
        body: { name, visibility: "public", stickerInstIds: [sticker!.stickerInstId] },
        session: owner,
      });
      expect(body.status).toBe(200);
      made.push(body.data.packId as string);
    }
    const [good1, bad, good2] = made as [string, string, string];
    await t.app.database.db.update(packs).set({ createdAt: sql`'infinity'::timestamptz` }).where(eq(packs.packId, bad));

    const { http, body } = await callApi(t, "GET", "/api/pack/page", { params: { page: "1", size: "24" } });
    expect(http).toBe(200);
    const ids = (body.data.list as { packId: string }[]).map((item) => item.packId);
    expect(ids).toEqual([good2, good1]);

    expect(logged).toContainEqual(expect.objectContaining({ id: bad, what: "pack list item" }));
  });
});
