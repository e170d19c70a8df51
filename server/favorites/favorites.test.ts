import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StickerListItem } from "#common/stickers.ts";
import { callApi, createGalleryTestApp, signInTestUser, stickerIdOf, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { favorites, pictures, stickers, stickerTags } from "../db/schema.ts";
import { hotScore } from "../stickers/hot-score.ts";
import { COMMUNITY_TAG } from "../stickers/tags.ts";

let t: TestApp;
let owner: TestSession;

beforeAll(async () => {
  t = await createGalleryTestApp(4);
  owner = await signInTestUser(t, "owner@example.com");
}, 180_000);
afterAll(() => closeTestApp(t));

let made = 0;

/** A sticker of `ownerId` on its own picture, tagged community, inserted as a finished task leaves it. */
async function addSticker(
  ownerId: number,
  o: { visibility?: "public" | "private"; favoriteCount?: number; createdAt?: Date } = {},
): Promise<{ stickerInstId: string; picId: string }> {
  const db = t.app.database.db;
  made += 1;
  const stickerInstId = `fav${made}x${randomBytes(4).toString("hex")}`;
  const picId = randomBytes(16).toString("hex");
  await db
    .insert(pictures)
    .values({ id: picId, width: 512, height: 512, pngKey: `${picId}.png`, thumbKey: `${picId}-thumb.webp` });
  const createdAt = o.createdAt ?? new Date();
  const favoriteCount = o.favoriteCount ?? 0;
  const [row] = await db
    .insert(stickers)
    .values({
      stickerInstId,
      picId,
      name: `sticker ${made}`,
      prompt: `sticker ${made}`,
      ownerId,
      visibility: o.visibility ?? "public",
      favoriteCount,
      hotScore: hotScore(favoriteCount, createdAt),
      createdAt,
    })
    .returning({ id: stickers.id });
  await db.insert(stickerTags).values({ stickerId: row!.id, tagId: COMMUNITY_TAG });
  return { stickerInstId, picId };
}

const favorite = (session: TestSession | undefined, stickerInstId: string, action: "add" | "remove" = "add") =>
  callApi(t, "POST", "/api/favorite", { body: { stickerInstId, action }, ...(session ? { session } : {}) });

const favoritesPage = (session: TestSession, page = 1, size = 24) =>
  callApi(t, "GET", "/api/favorite/page", { params: { page: String(page), size: String(size) }, session });

const instIds = (list: StickerListItem[]) => list.map((item) => item.stickerInstId);

async function countOf(stickerInstId: string) {
  const [row] = await t.app.database.db
    .select({ favoriteCount: stickers.favoriteCount, hotScore: stickers.hotScore, createdAt: stickers.createdAt })
    .from(stickers)
    .where(eq(stickers.stickerInstId, stickerInstId));
  if (!row) throw new Error(`no sticker ${stickerInstId}`);
  return row;
}

async function favoriteRows(userId: number, stickerInstId: string) {
  return t.app.database.db
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.stickerId, await stickerIdOf(t, stickerInstId))));
}

async function popularIds() {
  const { body } = await callApi(t, "GET", "/api/square/pageByTag", { params: { tagId: "1", page: "1", size: "100" } });
  expect(body.status).toBe(200);
  return instIds(body.data.list);
}

describe("POST /api/favorite", () => {
  it("adding twice makes one favourite and counts it once; removing twice goes back to the original count", async () => {
    const alice = await signInTestUser(t, "alice@example.com");
    const { stickerInstId } = await addSticker(owner.userId, { favoriteCount: 7 });

    const first = await favorite(alice, stickerInstId, "add");
    expect(first.http).toBe(200);
    expect(first.body.data).toEqual({ stickerInstId, favorited: true, favoriteCount: 8 });
    const again = await favorite(alice, stickerInstId, "add");
    expect(again.body.data).toEqual({ stickerInstId, favorited: true, favoriteCount: 8 });
    expect(await favoriteRows(alice.userId, stickerInstId)).toHaveLength(1);
    expect((await countOf(stickerInstId)).favoriteCount).toBe(8);

    const removed = await favorite(alice, stickerInstId, "remove");
    expect(removed.body.data).toEqual({ stickerInstId, favorited: false, favoriteCount: 7 });
    const removedAgain = await favorite(alice, stickerInstId, "remove");
    expect(removedAgain.body.data).toEqual({ stickerInstId, favorited: false, favoriteCount: 7 });
    expect(await favoriteRows(alice.userId, stickerInstId)).toHaveLength(0);
    expect((await countOf(stickerInstId)).favoriteCount).toBe(7);
  });

  it("adds when no action is given", async () => {
    const amy = await signInTestUser(t, "amy@example.com");
    const { stickerInstId } = await addSticker(owner.userId);
    const { body } = await callApi(t, "POST", "/api/favorite", { body: { stickerInstId }, session: amy });
    expect(body.data).toEqual({ stickerInstId, favorited: true, favoriteCount: 1 });
  });

  it("keeps the stored popularity in step with the count", async () => {
    const ann = await signInTestUser(t, "ann@example.com");
    const { stickerInstId } = await addSticker(owner.userId, {
      favoriteCount: 9,
      createdAt: new Date(Date.now() - 5 * 3600_000),
    });
    await favorite(ann, stickerInstId);
    const row = await countOf(stickerInstId);
    expect(row.favoriteCount).toBe(10);
    expect(row.hotScore).toBeCloseTo(hotScore(10, row.createdAt), 6);
    await favorite(ann, stickerInstId, "remove");
    expect((await countOf(stickerInstId)).hotScore).toBeCloseTo(hotScore(9, row.createdAt), 6);
  });

  it("moves a sticker up the popular list once it has enough favourites", async () => {
    const hour = 3600_000;
    // The older sticker sorts below the newer one until favourites outweigh the hour between them:
    // one favourite scores like none, two (log10 2 ≈ 0.30) beat an hour (3600 / 45000 = 0.08).
    const older = await addSticker(owner.userId, { createdAt: new Date(Date.now() - 2 * hour) });
    const newer = await addSticker(owner.userId, { createdAt: new Date(Date.now() - hour) });
    const before = await popularIds();
    expect(before.indexOf(newer.stickerInstId)).toBeGreaterThanOrEqual(0);
    expect(before.indexOf(older.stickerInstId)).toBeGreaterThan(before.indexOf(newer.stickerInstId));

    const fan1 = await signInTestUser(t, "fan1@example.com");
    const fan2 = await signInTestUser(t, "fan2@example.com");
    await favorite(fan1, older.stickerInstId);
    const afterOne = await popularIds();
    expect(afterOne.indexOf(older.stickerInstId)).toBeGreaterThan(afterOne.indexOf(newer.stickerInstId));

    await favorite(fan2, older.stickerInstId);
    const afterTwo = await popularIds();
    expect(afterTwo.indexOf(older.stickerInstId)).toBeGreaterThanOrEqual(0);
    expect(afterTwo.indexOf(older.stickerInstId)).toBeLessThan(afterTwo.indexOf(newer.stickerInstId));
    expect(afterTwo.indexOf(older.stickerInstId)).toBeLessThan(before.indexOf(older.stickerInstId));

    // Taking a favourite back sinks it again.
    await favorite(fan2, older.stickerInstId, "remove");
    const afterRemove = await popularIds();
    expect(afterRemove.indexOf(older.stickerInstId)).toBeGreaterThan(afterRemove.indexOf(newer.stickerInstId));
  });

  it("answers NOT_FOUND (404) for a sticker that does not exist", async () => {
    const ben = await signInTestUser(t, "ben@example.com");
    const { http, body } = await favorite(ben, "noSuchSticker");
    expect(http).toBe(404);
    expect(body.status).toBe("NOT_FOUND");
  });

  it("refuses bad input with INVALID_INPUT", async () => {
    const bea = await signInTestUser(t, "bea@example.com");
    const { stickerInstId } = await addSticker(owner.userId);
    for (const body of [{}, { stickerInstId: "has spaces!" }, { stickerInstId, action: "toggle" }]) {
      const answer = await callApi(t, "POST", "/api/favorite", { body, session: bea });
      expect(answer.http).toBe(400);
      expect(answer.body.status).toBe("INVALID_INPUT");
    }
    expect((await countOf(stickerInstId)).favoriteCount).toBe(0);
  });

  it("answers AUTH_ERROR (401) to a visitor on every favourites call", async () => {
    const { stickerInstId } = await addSticker(owner.userId);
    const calls = [
      await favorite(undefined, stickerInstId),
      await callApi(t, "GET", "/api/favorite/page", { params: { page: "1", size: "24" } }),
      await callApi(t, "GET", "/api/favorite/status", { params: { stickerInstIds: stickerInstId } }),
    ];
    for (const { http, body } of calls) {
      expect(http).toBe(401);
      expect(body.status).toBe("AUTH_ERROR");
    }
    expect((await countOf(stickerInstId)).favoriteCount).toBe(0);
  });

  it("answers another user's private sticker NOT_FOUND (404) like an unknown id, adds nothing and tells no count; the owner may favourite it", async () => {
    const carl = await signInTestUser(t, "carl@example.com");
    const { stickerInstId } = await addSticker(owner.userId, { visibility: "private", favoriteCount: 3 });
    const { http, body } = await favorite(carl, stickerInstId, "add");
    expect(http).toBe(404);
    expect(body.status).toBe("NOT_FOUND");
    // Nothing to take back: the same answer as for an unknown id, without the sticker's count.
    const removal = await favorite(carl, stickerInstId, "remove");
    expect([removal.http, removal.body.status]).toEqual([404, "NOT_FOUND"]);
    expect(await favoriteRows(carl.userId, stickerInstId)).toHaveLength(0);
    expect((await countOf(stickerInstId)).favoriteCount).toBe(3);
    expect((await favoritesPage(carl)).body.data).toEqual({ list: [], total: 0 });

    const own = await favorite(owner, stickerInstId);
    expect(own.body.data).toEqual({ stickerInstId, favorited: true, favoriteCount: 4 });
    await favorite(owner, stickerInstId, "remove");
  });

  it("lets a fan take back a favourite of a sticker made private since, without telling its count; then it is NOT_FOUND to them", async () => {
    const flo = await signInTestUser(t, "flo@example.com");
    const { stickerInstId } = await addSticker(owner.userId, { favoriteCount: 4 });
    expect((await favorite(flo, stickerInstId)).body.data).toEqual({ stickerInstId, favorited: true, favoriteCount: 5 });
    await t.app.database.db.update(stickers).set({ visibility: "private" }).where(eq(stickers.stickerInstId, stickerInstId));
    const removed = await favorite(flo, stickerInstId, "remove");
    expect([removed.http, removed.body.data]).toEqual([200, { stickerInstId, favorited: false, favoriteCount: 0 }]);
    expect(await favoriteRows(flo.userId, stickerInstId)).toHaveLength(0);
    expect((await countOf(stickerInstId)).favoriteCount).toBe(4);
    const again = await favorite(flo, stickerInstId, "remove");
    expect([again.http, again.body.status]).toEqual([404, "NOT_FOUND"]);
  });

  it("20 parallel adds by one user count once, and 20 parallel removes take it back once", async () => {
    const dora = await signInTestUser(t, "dora@example.com");
    const { stickerInstId } = await addSticker(owner.userId, { favoriteCount: 5 });
    const adds = await Promise.all(Array.from({ length: 20 }, () => favorite(dora, stickerInstId, "add")));
    for (const { http, body } of adds) {
      expect(http).toBe(200);
      expect(body.data).toEqual({ stickerInstId, favorited: true, favoriteCount: 6 });
    }
    expect((await countOf(stickerInstId)).favoriteCount).toBe(6);
    expect(await favoriteRows(dora.userId, stickerInstId)).toHaveLength(1);

    const removes = await Promise.all(Array.from({ length: 20 }, () => favorite(dora, stickerInstId, "remove")));
    for (const { body } of removes) expect(body.data).toEqual({ stickerInstId, favorited: false, favoriteCount: 5 });
    expect((await countOf(stickerInstId)).favoriteCount).toBe(5);
    expect(await favoriteRows(dora.userId, stickerInstId)).toHaveLength(0);
  }, 60_000);
});

describe("GET /api/favorite/page and /api/favorite/status", () => {
  it("lists the caller's favourites newest favourite first, with the total, page by page", async () => {
    const eve = await signInTestUser(t, "eve@example.com");
    const other = await signInTestUser(t, "eve-other@example.com");
    // Favoured in an order unlike the stickers' own: the page follows when they were favoured.
    const [a, b, c] = [await addSticker(owner.userId), await addSticker(owner.userId), await addSticker(owner.userId)];
    for (const sticker of [b, a, c]) await favorite(eve, sticker!.stickerInstId);
    await favorite(other, a!.stickerInstId);

    const all = await favoritesPage(eve);
    expect(all.http).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(instIds(all.body.data.list)).toEqual([c, a, b].map((s) => s!.stickerInstId));
    const item = all.body.data.list[1] as StickerListItem;
    expect(item).toMatchObject({ stickerInstId: a!.stickerInstId, favoriteCount: 2, picId: { id: a!.picId }, tags: [{ id: 1 }] });

    const first = await favoritesPage(eve, 1, 2);
    expect(first.body.data.total).toBe(3);
    expect(instIds(first.body.data.list)).toEqual([c!.stickerInstId, a!.stickerInstId]);
    const second = await favoritesPage(eve, 2, 2);
    expect(second.body.data.total).toBe(3);
    expect(instIds(second.body.data.list)).toEqual([b!.stickerInstId]);

    await favorite(eve, a!.stickerInstId, "remove");
    const afterRemove = await favoritesPage(eve);
    expect(afterRemove.body.data.total).toBe(2);
    expect(instIds(afterRemove.body.data.list)).toEqual([c!.stickerInstId, b!.stickerInstId]);
    // Favouring again puts it first.
    await favorite(eve, a!.stickerInstId);
    expect(instIds((await favoritesPage(eve)).body.data.list)).toEqual([a, c, b].map((s) => s!.stickerInstId));

    expect(instIds((await favoritesPage(other)).body.data.list)).toEqual([a!.stickerInstId]);
  });

  it("status names which of the given stickers the caller has favourited", async () => {
    const finn = await signInTestUser(t, "finn@example.com");
    const gus = await signInTestUser(t, "gus@example.com");
    const [a, b, c] = [await addSticker(owner.userId), await addSticker(owner.userId), await addSticker(owner.userId)];
    await favorite(finn, a!.stickerInstId);
    await favorite(finn, c!.stickerInstId);
    await favorite(gus, b!.stickerInstId);
    const ids = [a, b, c].map((s) => s!.stickerInstId);

    const status = await callApi(t, "GET", "/api/favorite/status", {
      params: { stickerInstIds: [...ids, "unknownSticker"].join(",") },
      session: finn,
    });
    expect(status.http).toBe(200);
    expect([...status.body.data.favorited].sort()).toEqual([a!.stickerInstId, c!.stickerInstId].sort());
    const forGus = await callApi(t, "GET", "/api/favorite/status", { params: { stickerInstIds: ids.join(",") }, session: gus });
    expect(forGus.body.data.favorited).toEqual([b!.stickerInstId]);
    const none = await callApi(t, "GET", "/api/favorite/status", { params: { stickerInstIds: "" }, session: gus });
    expect(none.body.data).toEqual({ favorited: [] });
    const bad = await callApi(t, "GET", "/api/favorite/status", { params: { stickerInstIds: "ok,not ok" }, session: gus });
    expect(bad.http).toBe(400);
    expect(bad.body.status).toBe("INVALID_INPUT");
  });

  it("drops a favourite from the page once its owner makes the sticker private, but keeps it for the owner", async () => {
    const hank = await signInTestUser(t, "hank@example.com");
    const maker = await signInTestUser(t, "maker@example.com");
    const kept = await addSticker(owner.userId);
    const hidden = await addSticker(maker.userId);
    await favorite(hank, kept.stickerInstId);
    await favorite(hank, hidden.stickerInstId);
    await favorite(maker, hidden.stickerInstId);
    expect((await favoritesPage(hank)).body.data.total).toBe(2);

    const made = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: hidden.stickerInstId, visibility: "private" },
      session: maker,
    });
    expect(made.body.data).toEqual({ stickerInstId: hidden.stickerInstId, visibility: "private" });

    const hanks = await favoritesPage(hank);
    expect(hanks.body.data.total).toBe(1);
    expect(instIds(hanks.body.data.list)).toEqual([kept.stickerInstId]);
    const makers = await favoritesPage(maker);
    expect(makers.body.data.total).toBe(1);
    expect(instIds(makers.body.data.list)).toEqual([hidden.stickerInstId]);

    // Public again: it is back on the favouriter's page.
    await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: hidden.stickerInstId, visibility: "public" },
      session: maker,
    });
    expect(instIds((await favoritesPage(hank)).body.data.list)).toEqual([hidden.stickerInstId, kept.stickerInstId]);
  });
});

describe("own stickers", () => {
  it("mySticker lists the caller's stickers newest first, private ones included; nobody else sees them there", async () => {
    const ivy = await signInTestUser(t, "ivy@example.com");
    const jon = await signInTestUser(t, "jon@example.com");
    const first = await addSticker(ivy.userId);
    const second = await addSticker(ivy.userId, { visibility: "private" });
    const third = await addSticker(ivy.userId);
    await addSticker(jon.userId);

    const mine = await callApi(t, "GET", "/api/sticker/page/mySticker", { params: { page: "1", size: "24" }, session: ivy });
    expect(mine.http).toBe(200);
    expect(mine.body.data.total).toBe(3);
    expect(instIds(mine.body.data.list)).toEqual([third, second, first].map((s) => s.stickerInstId));

    const page2 = await callApi(t, "GET", "/api/sticker/page/mySticker", { params: { page: "2", size: "2" }, session: ivy });
    expect(page2.body.data.total).toBe(3);
    expect(instIds(page2.body.data.list)).toEqual([first.stickerInstId]);

    const jons = await callApi(t, "GET", "/api/sticker/page/mySticker", { params: { page: "1", size: "24" }, session: jon });
    expect(jons.body.data.total).toBe(1);
    for (const sticker of [first, second, third]) expect(instIds(jons.body.data.list)).not.toContain(sticker.stickerInstId);

    const visitor = await callApi(t, "GET", "/api/sticker/page/mySticker", { params: { page: "1", size: "24" } });
    expect(visitor.http).toBe(401);
    expect(visitor.body.status).toBe("AUTH_ERROR");
  });

  it("listByPics answers public stickers and the viewer's own, never others' private ones", async () => {
    const kay = await signInTestUser(t, "kay@example.com");
    const lou = await signInTestUser(t, "lou@example.com");
    const shown = await addSticker(kay.userId);
    const kaysPrivate = await addSticker(kay.userId, { visibility: "private" });
    const lousPrivate = await addSticker(lou.userId, { visibility: "private" });
    const picIds = [shown, kaysPrivate, lousPrivate].map((s) => s.picId).join(",");
    const byPics = (session?: TestSession) =>
      callApi(t, "GET", "/api/sticker/listByPics", { params: { picIds }, ...(session ? { session } : {}) });

    const asKay = await byPics(kay);
    expect(asKay.http).toBe(200);
    expect(instIds(asKay.body.data)).toEqual([kaysPrivate.stickerInstId, shown.stickerInstId]);
    expect(asKay.body.data[1]).toMatchObject({ picId: { id: shown.picId }, imageUrl: `/files/${shown.picId}.png` });
    expect(instIds((await byPics(lou)).body.data)).toEqual([lousPrivate.stickerInstId, shown.stickerInstId]);
    expect(instIds((await byPics()).body.data)).toEqual([shown.stickerInstId]);
    const stranger = await signInTestUser(t, "stranger@example.com");
    expect(instIds((await byPics(stranger)).body.data)).toEqual([shown.stickerInstId]);
  });

  it("listByPics refuses ids that are not 1–24 pictures of 32 hex characters with INVALID_INPUT", async () => {
    const hex = () => randomBytes(16).toString("hex");
    const bad = [
      "",
      ",",
      "xyz",
      hex().toUpperCase(),
      `${hex()}0`,
      hex().slice(1),
      `${hex()},../etc/passwd`,
      Array.from({ length: 25 }, hex).join(","),
    ];
    for (const picIds of bad) {
      const { http, body } = await callApi(t, "GET", "/api/sticker/listByPics", { params: { picIds } });
      expect(http, picIds).toBe(400);
      expect(body.status, picIds).toBe("INVALID_INPUT");
    }
    const missing = await callApi(t, "GET", "/api/sticker/listByPics", {});
    expect(missing.body.status).toBe("INVALID_INPUT");
    // 24 unknown pictures are fine: nothing made from them.
    const ok = await callApi(t, "GET", "/api/sticker/listByPics", {
      params: { picIds: Array.from({ length: 24 }, hex).join(",") },
    });
    expect(ok.body).toMatchObject({ status: 200, data: [] });
  });

  it("setVisibility by the owner takes a sticker out of latest and detail for visitors, and back", async () => {
    const max = await signInTestUser(t, "max@example.com");
    const { stickerInstId } = await addSticker(max.userId);
    const latest = async () => {
      const { body } = await callApi(t, "GET", "/api/square/pageByTag", {
        params: { tagId: "1", sortBy: "id", page: "1", size: "100" },
      });
      return { ids: instIds(body.data.list), total: body.data.total as number };
    };
    const detail = (session?: TestSession) =>
      callApi(t, "GET", "/api/sticker/get", { params: { stickerInstId }, ...(session ? { session } : {}) });

    const before = await latest();
    expect(before.ids).toContain(stickerInstId);
    expect((await detail()).body.data).toMatchObject({ stickerInstId, visibility: "public", mine: false });

    const hide = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId, visibility: "private" },
      session: max,
    });
    expect(hide.http).toBe(200);
    expect(hide.body.data).toEqual({ stickerInstId, visibility: "private" });
    const hidden = await latest();
    expect(hidden.ids).not.toContain(stickerInstId);
    expect(hidden.total).toBe(before.total - 1);
    expect(
      instIds((await callApi(t, "GET", "/api/square/pageByTag", { params: { tagId: "1", size: "100" } })).body.data.list),
    ).not.toContain(stickerInstId);
    const asVisitor = await detail();
    expect(asVisitor.http).toBe(404);
    expect(asVisitor.body.status).toBe("NOT_FOUND");
    expect((await detail(max)).body.data).toMatchObject({ stickerInstId, visibility: "private", mine: true });

    const show = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId, visibility: "public" },
      session: max,
    });
    expect(show.body.data).toEqual({ stickerInstId, visibility: "public" });
    const shown = await latest();
    expect(shown.ids).toContain(stickerInstId);
    expect(shown.total).toBe(before.total);
    expect((await detail()).body.data).toMatchObject({ stickerInstId, visibility: "public" });
  });

  it("setVisibility by anyone else is NOT_FOUND (404), as for an unknown sticker, and changes nothing", async () => {
    const ned = await signInTestUser(t, "ned@example.com");
    const olga = await signInTestUser(t, "olga@example.com");
    const { stickerInstId } = await addSticker(ned.userId);
    const privateOne = await addSticker(ned.userId, { visibility: "private" });

    const hide = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId, visibility: "private" },
      session: olga,
    });
    expect(hide.http).toBe(404);
    expect(hide.body.status).toBe("NOT_FOUND");
    const reveal = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: privateOne.stickerInstId, visibility: "public" },
      session: olga,
    });
    expect([reveal.http, reveal.body.status]).toEqual([404, "NOT_FOUND"]);
    const rows = await t.app.database.db
      .select({ stickerInstId: stickers.stickerInstId, visibility: stickers.visibility })
      .from(stickers)
      .where(eq(stickers.ownerId, ned.userId));
    expect(new Map(rows.map((row) => [row.stickerInstId, row.visibility]))).toEqual(
      new Map([
        [stickerInstId, "public"],
        [privateOne.stickerInstId, "private"],
      ]),
    );

    const unknown = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: "noSuchSticker", visibility: "private" },
      session: ned,
    });
    expect(unknown.http).toBe(404);
    expect(unknown.body.status).toBe("NOT_FOUND");
    const badValue = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId, visibility: "secret" },
      session: ned,
    });
    expect(badValue.body.status).toBe("INVALID_INPUT");
    const visitor = await callApi(t, "POST", "/api/sticker/setVisibility", { body: { stickerInstId, visibility: "private" } });
    expect(visitor.body.status).toBe("AUTH_ERROR");
  });
});
