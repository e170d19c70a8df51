import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StickerListItem } from "#common/stickers.ts";
import { addPrivateSticker, callApi, createGalleryTestApp, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { stickers } from "../db/schema.ts";
import { gallerySticker } from "../seed/seed-database.ts";

const GALLERY = 30;
let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(GALLERY);
  const owner = await signInTestUser(t, "owner@example.com");
  await addPrivateSticker(t, owner.userId, "privateSticker1");
}, 180_000);
afterAll(() => closeTestApp(t));

const recommend = (stickerInstId: string) => callApi(t, "GET", "/api/sticker/recommendation", { params: { stickerInstId } });

async function styleOf(stickerInstId: string) {
  const [row] = await t.app.database.db
    .select({ styleId: stickers.styleId })
    .from(stickers)
    .where(eq(stickers.stickerInstId, stickerInstId));
  return row?.styleId ?? null;
}

describe("GET /api/sticker/recommendation (spec §7, §9)", () => {
  it("excludes the current sticker and trims recommendations to 24, as a plain array", async () => {
    const current = gallerySticker(4).stickerInstId;
    const { http, body } = await recommend(current);
    expect(http).toBe(200);
    expect(Array.isArray(body.data)).toBe(true);
    const ids = (body.data as StickerListItem[]).map((item) => item.stickerInstId);
    expect(ids).toHaveLength(24);
    expect(ids).not.toContain(current);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("puts public stickers of the same style first, then popular ones, and never a private sticker", async () => {
    const current = gallerySticker(7).stickerInstId;
    const style = await styleOf(current);
    const list = (await recommend(current)).body.data as StickerListItem[];
    const sameStyle = (await t.app.database.db.select().from(stickers).where(eq(stickers.styleId, style!))).filter(
      (row) => row.stickerInstId !== current && row.visibility === "public",
    );
    expect(sameStyle.length).toBeGreaterThan(0);
    const head = list.slice(0, sameStyle.length);
    for (const item of head) expect(item.styleId).toBe(style);
    const tail = list.slice(sameStyle.length);
    expect(tail.every((item) => item.styleId !== style)).toBe(true);
    expect(list.map((item) => item.stickerInstId)).not.toContain("privateSticker1");
    // Within the same style, the most popular first.
    const byPopularity = [...sameStyle].sort((a, b) => b.hotScore - a.hotScore || b.id - a.id);
    expect(head.map((item) => item.stickerInstId)).toEqual(byPopularity.map((row) => row.stickerInstId));
  });

  it("answers an unknown sticker with NOT_FOUND", async () => {
    const { http, body } = await recommend("noSuchSticker");
    expect(http).toBe(404);
    expect(body.status).toBe("NOT_FOUND");
  });
});
