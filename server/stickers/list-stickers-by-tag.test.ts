import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StickerListItem } from "#common/stickers.ts";
import { addPrivateSticker, callApi, createGalleryTestApp, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pictures, stickers, stickerTags } from "../db/schema.ts";
import { hotScore, hotScoreSql } from "./hot-score.ts";

const GALLERY = 30;
let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(GALLERY);
  const owner = await signInTestUser(t, "owner@example.com");
  await addPrivateSticker(t, owner.userId, "privateSticker1");
}, 180_000);
afterAll(() => closeTestApp(t));

const pageByTag = (params: Record<string, string>) => callApi(t, "GET", "/api/square/pageByTag", { params });
const instIds = (list: StickerListItem[]) => list.map((item) => item.stickerInstId);

async function publicIdsInOrder(tagId: number, order: "popular" | "id") {
  const rows = await t.app.database.db
    .select({ stickerInstId: stickers.stickerInstId })
    .from(stickers)
    .innerJoin(stickerTags, eq(stickerTags.stickerId, stickers.id))
    .where(sql`${stickerTags.tagId} = ${tagId} and ${stickers.visibility} = 'public'`)
    .orderBy(...(order === "popular" ? [desc(stickers.hotScore), desc(stickers.id)] : [desc(stickers.id)]));
  return rows.map((row) => row.stickerInstId);
}

describe("GET /api/square/pageByTag (spec §7: tagId, page, size, sortBy)", () => {
  it("popular: tag 1's public stickers by hot score (favourites weighted by recency), highest first", async () => {
    const { body } = await pageByTag({ tagId: "1", page: "1", size: "100", sortBy: "popular" });
    expect(body.status).toBe(200);
    expect(body.data.total).toBe(GALLERY);
    expect(instIds(body.data.list)).toEqual(await publicIdsInOrder(1, "popular"));
    // Without sortBy the community tag is the popular list too.
    expect(instIds((await pageByTag({ tagId: "1", size: "100" })).body.data.list)).toEqual(instIds(body.data.list));
  });

  it("latest: tag 1 sorted by id, newest first", async () => {
    const { body } = await pageByTag({ tagId: "1", page: "1", size: "100", sortBy: "id" });
    expect(body.data.total).toBe(GALLERY);
    expect(instIds(body.data.list)).toEqual(await publicIdsInOrder(1, "id"));
    expect(instIds(body.data.list)).not.toEqual(await publicIdsInOrder(1, "popular"));
  });

  it("explore: only tag 2's stickers, newest first", async () => {
    const { body } = await pageByTag({ tagId: "2", size: "100" });
    const explore = await publicIdsInOrder(2, "id");
    expect(explore.length).toBeGreaterThan(0);
    expect(explore.length).toBeLessThan(GALLERY);
    expect(body.data.total).toBe(explore.length);
    expect(instIds(body.data.list)).toEqual(explore);
    for (const item of body.data.list as StickerListItem[]) expect(item.tags).toContainEqual({ id: 2 });
  });

  it("never lists a private sticker, even when it is tagged and much loved", async () => {
    for (const sortBy of ["popular", "id"]) {
      const { body } = await pageByTag({ tagId: "1", size: "100", sortBy });
      expect(instIds(body.data.list)).not.toContain("privateSticker1");
    }
  });

  it("answers list items with the picture's files, 512 px size, tags and picId", async () => {
    const { body } = await pageByTag({ tagId: "2", size: "1" });
    const item = body.data.list[0] as StickerListItem;
    const [row] = await t.app.database.db
      .select({ picId: stickers.picId, png: pictures.pngKey, thumb: pictures.thumbKey })
      .from(stickers)
      .innerJoin(pictures, eq(pictures.id, stickers.picId))
      .where(eq(stickers.stickerInstId, item.stickerInstId));
    expect(item).toMatchObject({
      picId: { id: row?.picId },
      imageUrl: `/files/${row?.png}`,
      thumbUrl: `/files/${row?.thumb}`,
      width: 512,
      height: 512,
    });
    expect(item.tags).toEqual([{ id: 1 }, { id: 2 }]);
    expect(typeof item.name).toBe("string");
    expect(Date.parse(item.createdAt)).not.toBeNaN();
  });

  it("pages by 24 by default; the next page continues the order; a page past the end is empty with its total", async () => {
    const all = instIds((await pageByTag({ tagId: "1", size: "100" })).body.data.list);
    const first = (await pageByTag({ tagId: "1" })).body.data;
    expect(instIds(first.list)).toEqual(all.slice(0, 24));
    const second = (await pageByTag({ tagId: "1", page: "2" })).body.data;
    expect(instIds(second.list)).toEqual(all.slice(24));
    expect((await pageByTag({ tagId: "1", page: "99" })).body.data).toEqual({ list: [], total: GALLERY });
  });

  it("answers size 101 and malformed input with INVALID_INPUT (400), never a 500", async () => {
    const bad: Record<string, string>[] = [
      { tagId: "1", size: "101" },
      { tagId: "x" },
      { tagId: "0" },
      { tagId: "1.5" },
      { tagId: "1e99" },
      {},
      { tagId: "1", page: "0" },
      { tagId: "1", page: "-3" },
      { tagId: "1", sortBy: "name" },
    ];
    for (const params of bad) {
      const { http, body } = await pageByTag(params);
      expect(http, JSON.stringify(params)).toBe(400);
      expect(body.status).toBe("INVALID_INPUT");
    }
  });

  it("answers an unknown tag with an empty list", async () => {
    expect((await pageByTag({ tagId: "77" })).body.data).toEqual({ list: [], total: 0 });
  });
});

describe("popularity stays current (hot_score)", () => {
  it("computes the same score in the database as hotScore()", async () => {
    const rows = await t.app.database.db
      .select({
        stored: stickers.hotScore,
        sql: hotScoreSql(),
        favoriteCount: stickers.favoriteCount,
        createdAt: stickers.createdAt,
      })
      .from(stickers)
      .limit(5);
    for (const row of rows) {
      expect(row.stored).toBeCloseTo(hotScore(row.favoriteCount, row.createdAt), 6);
      expect(Number(row.sql)).toBeCloseTo(row.stored, 6);
    }
  });

  it("moves a sticker up the popular list when its favourites grow", async () => {
    const before = instIds((await pageByTag({ tagId: "1", size: "100" })).body.data.list);
    const last = before.at(-1) as string;
    await t.app.database.db
      .update(stickers)
      .set({
        favoriteCount: sql`${stickers.favoriteCount} + 1000000000`,
        hotScore: hotScoreSql(sql`${stickers.favoriteCount} + 1000000000`),
      })
      .where(eq(stickers.stickerInstId, last));
    const after = instIds((await pageByTag({ tagId: "1", size: "100" })).body.data.list);
    expect(after[0]).toBe(last);
  });

  it("drops a sticker from every list when it becomes private, and lists it again when public", async () => {
    const [top] = instIds((await pageByTag({ tagId: "2", size: "1" })).body.data.list);
    const setVisibility = (visibility: "public" | "private") =>
      t.app.database.db
        .update(stickers)
        .set({ visibility })
        .where(eq(stickers.stickerInstId, top as string));
    await setVisibility("private");
    const hidden = (await pageByTag({ tagId: "2", size: "100" })).body.data;
    expect(instIds(hidden.list)).not.toContain(top);
    await setVisibility("public");
    expect(instIds((await pageByTag({ tagId: "2", size: "100" })).body.data.list)).toContain(top);
    expect((await pageByTag({ tagId: "2" })).body.data.total).toBe(hidden.total + 1);
  });
});
