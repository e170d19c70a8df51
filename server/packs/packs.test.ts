import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import { PACK_MAX_STICKERS, PACK_PUBLIC_CHANGES_PER_MINUTE, type PackDetail, packSlug } from "#common/packs.ts";
import { AUTOMATIC_EMOJI } from "#common/sticker-labels.ts";
import { TASK_STATUS, TASK_TYPE } from "#common/tasks.ts";
import { callApi, insertStickers, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { packStickers, packs, stickers, tasks, users } from "../db/schema.ts";
import { onPagesChanged, type PagesChange } from "../pages/page-changes.ts";
import { subjectsOfSticker, tagStickerSubjects } from "../search/tag-subjects.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { appendToPack } from "./append-to-pack.ts";

const ORIGIN = "https://stickers.example";
let t: TestApp;
let owner: TestSession;
let other: TestSession;
let pagesDropped = 0;
let lastChange: PagesChange | null = null;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: `${ORIGIN}/` });
  owner = await signInTestUser(t, "owner@example.com");
  other = await signInTestUser(t, "other@example.com");
  await t.app.database.db.update(users).set({ nick: "Olga" }).where(eq(users.id, owner.userId));
  onPagesChanged(t.app.database, (change) => {
    pagesDropped += 1;
    lastChange = change;
  });
}, 120_000);
afterAll(() => closeTestApp(t));

/** Stickers of `ownerId` (tests/support: rows only, each on its own picture). */
async function addStickers(
  ownerId: number,
  n: number,
  o: { visibility?: "public" | "private"; prompt?: string; locale?: string } = {},
): Promise<string[]> {
  return (await insertStickers(t, ownerId, n, o)).map((row) => row.stickerInstId);
}

async function addSticker(ownerId: number, o: { visibility?: "public" | "private"; prompt?: string; locale?: string } = {}) {
  const [id] = await addStickers(ownerId, 1, o);
  return id as string;
}

const call = (session: TestSession | undefined, method: "GET" | "POST", path: string, data: Record<string, unknown> = {}) =>
  method === "GET"
    ? callApi(t, "GET", path, {
        params: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, String(value)])),
        ...(session ? { session } : {}),
      })
    : callApi(t, "POST", path, { body: data, ...(session ? { session } : {}) });

async function newPack(session: TestSession, body: Record<string, unknown> = {}): Promise<PackDetail> {
  const answer = await call(session, "POST", "/api/pack/create", { name: "My pack", ...body });
  expect(answer.body.status).toBe(200);
  return answer.body.data as PackDetail;
}

/** The pack's rows as stored, in order: every sticker, seen or not. */
async function stored(packId: string) {
  const db = t.app.database.db;
  const [pack] = await db.select().from(packs).where(eq(packs.packId, packId));
  if (!pack) return null;
  const rows = await db
    .select({ stickerInstId: stickers.stickerInstId, position: packStickers.position, emoji: packStickers.emoji })
    .from(packStickers)
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .where(eq(packStickers.packId, pack.id))
    .orderBy(asc(packStickers.position));
  return { pack, rows };
}

const ids = (detail: PackDetail) => detail.stickers.map((sticker) => sticker.stickerInstId);
const favorite = (session: TestSession, stickerInstId: string) => call(session, "POST", "/api/favorite", { stickerInstId });

describe("POST /api/pack/create", () => {
  it("makes a private, empty pack with a trimmed name and a random URL-safe public id, owned by the caller", async () => {
    const pack = await newPack(owner, { name: "  Cats  " });
    expect(pack).toMatchObject({ name: "Cats", visibility: "private", stickerCount: 0, cover: null, stickers: [], mine: true });
    expect(pack.owner).toEqual({ name: "Olga" });
    expect(pack.pendingTaskIds).toEqual([]);
    expect(pack.packId).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await newPack(owner)).packId).not.toBe(pack.packId);
    expect((await stored(pack.packId))?.pack.ownerId).toBe(owner.userId);
  });

  it("makes a public pack when asked, with the given stickers in order", async () => {
    const [a, b] = await addStickers(owner.userId, 2);
    const pack = await newPack(owner, { visibility: "public", stickerInstIds: [b, a] });
    expect(pack.visibility).toBe("public");
    expect(ids(pack)).toEqual([b, a]);
    expect(pack.stickers.map((sticker) => sticker.position)).toEqual([0, 1]);
  });

  it("answers PACK_NAME_INVALID for an empty, blank, too long or control-character name and makes no pack", async () => {
    const before = await call(owner, "GET", "/api/pack/mine", { page: 1, size: 100 });
    for (const name of ["", "    ", "x".repeat(65), "bad\u0007name", "line\nbreak"]) {
      const answer = await call(owner, "POST", "/api/pack/create", { name });
      expect(answer.body.status, JSON.stringify(name)).toBe("PACK_NAME_INVALID");
      expect(answer.http).toBe(400);
    }
    const after = await call(owner, "GET", "/api/pack/mine", { page: 1, size: 100 });
    expect(after.body.data.total).toBe(before.body.data.total);
  });

  it("takes a name of exactly 64 characters (emoji count as one each)", async () => {
    expect((await newPack(owner, { name: "x".repeat(64) })).name).toBe("x".repeat(64));
    expect((await newPack(owner, { name: "🐱".repeat(64) })).name).toBe("🐱".repeat(64));
  });

  it("makes no pack when a given sticker may not be added (PACK_STICKER_NOT_FOUND)", async () => {
    const mine = await addSticker(owner.userId);
    const theirs = await addSticker(other.userId);
    const before = (await call(owner, "GET", "/api/pack/mine", { page: 1, size: 100 })).body.data.total;
    const answer = await call(owner, "POST", "/api/pack/create", { name: "Nope", stickerInstIds: [mine, theirs] });
    expect(answer.body.status).toBe("PACK_STICKER_NOT_FOUND");
    expect((await call(owner, "GET", "/api/pack/mine", { page: 1, size: 100 })).body.data.total).toBe(before);
  });

  it("is refused to a visitor with AUTH_ERROR", async () => {
    const answer = await call(undefined, "POST", "/api/pack/create", { name: "Visitor" });
    expect(answer.body.status).toBe("AUTH_ERROR");
  });
});

describe("POST /api/pack/addStickers", () => {
  it("appends the caller's own stickers (public and private) and others' favourited public ones, in the order given", async () => {
    const pack = await newPack(owner);
    const ownPublic = await addSticker(owner.userId);
    const ownPrivate = await addSticker(owner.userId, { visibility: "private" });
    const theirs = await addSticker(other.userId);
    expect((await favorite(owner, theirs)).body.status).toBe(200);
    const first = await call(owner, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: [ownPrivate] });
    expect(ids(first.body.data)).toEqual([ownPrivate]);
    const answer = await call(owner, "POST", "/api/pack/addStickers", {
      packId: pack.packId,
      stickerInstIds: [theirs, ownPublic],
    });
    expect(answer.body.status).toBe(200);
    expect(ids(answer.body.data)).toEqual([ownPrivate, theirs, ownPublic]);
    expect((await stored(pack.packId))?.rows.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it("skips stickers already in the pack and repeats within the request, without an error", async () => {
    const [a, b, c] = await addStickers(owner.userId, 3);
    const pack = await newPack(owner, { stickerInstIds: [a, b] });
    const answer = await call(owner, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: [b, c, c, a] });
    expect(answer.body.status).toBe(200);
    expect(ids(answer.body.data)).toEqual([a, b, c]);
    expect((await stored(pack.packId))?.rows.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it("answers PACK_STICKER_NOT_FOUND for another's public sticker not favourited, another's private one or an unknown id, and adds none of the request", async () => {
    const mine = await addSticker(owner.userId);
    const pack = await newPack(owner);
    const notFavourited = await addSticker(other.userId);
    const theirPrivate = await addSticker(other.userId);
    expect((await favorite(owner, theirPrivate)).body.status).toBe(200);
    // Favourited while public, then made private by its owner: no longer the caller's to add.
    expect(
      (await call(other, "POST", "/api/sticker/setVisibility", { stickerInstId: theirPrivate, visibility: "private" })).body
        .status,
    ).toBe(200);
    for (const bad of [notFavourited, theirPrivate, "noSuchSticker123"]) {
      const answer = await call(owner, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: [mine, bad] });
      expect(answer.body.status, bad).toBe("PACK_STICKER_NOT_FOUND");
      expect(answer.http).toBe(404);
    }
    expect((await stored(pack.packId))?.rows).toEqual([]);
  });

  it("answers PACK_NOT_FOUND to anyone but the owner, and to an unknown pack, and changes nothing", async () => {
    const pack = await newPack(owner, { visibility: "public" });
    const theirs = await addSticker(other.userId);
    for (const packId of [pack.packId, "noSuchPack12345"]) {
      const answer = await call(other, "POST", "/api/pack/addStickers", { packId, stickerInstIds: [theirs] });
      expect(answer.body.status).toBe("PACK_NOT_FOUND");
      expect(answer.http).toBe(404);
    }
    expect((await stored(pack.packId))?.rows).toEqual([]);
  });

  it(`holds at most ${PACK_MAX_STICKERS} stickers: an add that would pass it is PACK_FULL and adds nothing`, async () => {
    const many = await addStickers(owner.userId, PACK_MAX_STICKERS + 1);
    const pack = await newPack(owner, { stickerInstIds: many.slice(0, PACK_MAX_STICKERS - 2) });
    expect(pack.stickerCount).toBe(PACK_MAX_STICKERS - 2);
    const tooMany = await call(owner, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: many.slice(-3) });
    expect(tooMany.body.status).toBe("PACK_FULL");
    expect(tooMany.http).toBe(409);
    expect((await stored(pack.packId))?.rows).toHaveLength(PACK_MAX_STICKERS - 2);
    const fits = await call(owner, "POST", "/api/pack/addStickers", {
      packId: pack.packId,
      stickerInstIds: many.slice(PACK_MAX_STICKERS - 2, PACK_MAX_STICKERS),
    });
    expect(fits.body.data.stickerCount).toBe(PACK_MAX_STICKERS);
    // Full: one already in it is still skipped without an error, a new one is PACK_FULL.
    expect(
      (await call(owner, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: [many[0]] })).body.status,
    ).toBe(200);
    expect(
      (await call(owner, "POST", "/api/pack/addStickers", { packId: pack.packId, stickerInstIds: many.slice(-1) })).body.status,
    ).toBe("PACK_FULL");
    const rows = (await stored(pack.packId))?.rows ?? [];
    expect(rows.map((row) => row.position)).toEqual(Array.from({ length: PACK_MAX_STICKERS }, (_, i) => i));
  });

  it("a create with more than 120 stickers is INVALID_INPUT", async () => {
    const answer = await call(owner, "POST", "/api/pack/create", {
      name: "Too big",
      stickerInstIds: Array.from({ length: PACK_MAX_STICKERS + 1 }, (_, i) => `s${i}`),
    });
    expect(answer.body.status).toBe("INVALID_INPUT");
  });

  it("gives each added sticker its labels' emoji: its subjects' (in any language), the owner's own when they chose some, 🙂 when nothing names one", async () => {
    const [cat, dog, nothing, chosen] = [
      await addSticker(owner.userId, { prompt: "a cat drinking coffee" }),
      await addSticker(owner.userId, { prompt: "собака", locale: "ru" }),
      await addSticker(owner.userId, { prompt: "zorblat quux" }),
      await addSticker(owner.userId, { prompt: "a cat drinking coffee" }),
    ];
    // Tagged as a finished task tags its sticker (decision 0030).
    await t.app.database.db.transaction(async (tx) => {
      for (const stickerInstId of [cat, dog, nothing, chosen]) {
        const [row] = await tx.select().from(stickers).where(eq(stickers.stickerInstId, stickerInstId));
        await tagStickerSubjects(tx, row!.id, subjectsOfSticker({ prompt: row!.prompt }));
      }
    });
    const labelled = await call(owner, "POST", "/api/sticker/setLabels", {
      stickerInstId: chosen,
      emoji: ["🎉", "☕"],
      keywords: null,
      altText: null,
    });
    expect(labelled.body.status).toBe(200);
    const pack = await newPack(owner, { stickerInstIds: [cat, dog, nothing, chosen] });
    expect(pack.stickers.map((sticker) => sticker.emoji)).toEqual([["🐈"], ["🐕"], [AUTOMATIC_EMOJI], ["🎉", "☕"]]);
  });
});

describe("POST /api/pack/removeSticker", () => {
  it("closes up the positions and a removed cover falls back to the first sticker", async () => {
    const [a, b, c, d] = await addStickers(owner.userId, 4);
    const pack = await newPack(owner, { stickerInstIds: [a, b, c, d] });
    expect(
      (await call(owner, "POST", "/api/pack/update", { packId: pack.packId, coverStickerInstId: c })).body.data.cover
        .stickerInstId,
    ).toBe(c);
    const answer = await call(owner, "POST", "/api/pack/removeSticker", { packId: pack.packId, stickerInstId: c });
    expect(ids(answer.body.data)).toEqual([a, b, d]);
    expect(answer.body.data.cover.stickerInstId).toBe(a);
    expect((await stored(pack.packId))?.rows.map((row) => [row.stickerInstId, row.position])).toEqual([
      [a, 0],
      [b, 1],
      [d, 2],
    ]);
    expect((await stored(pack.packId))?.pack.coverStickerId).toBeNull();
    const first = await call(owner, "POST", "/api/pack/removeSticker", { packId: pack.packId, stickerInstId: a });
    expect(first.body.data.stickers.map((sticker: { position: number }) => sticker.position)).toEqual([0, 1]);
    expect((await stored(pack.packId))?.rows.map((row) => row.position)).toEqual([0, 1]);
  });

  it("answers PACK_STICKER_NOT_FOUND for a sticker not in the pack and PACK_NOT_FOUND to another user, changing nothing", async () => {
    const [a, outside] = await addStickers(owner.userId, 2);
    const pack = await newPack(owner, { visibility: "public", stickerInstIds: [a] });
    expect(
      (await call(owner, "POST", "/api/pack/removeSticker", { packId: pack.packId, stickerInstId: outside })).body.status,
    ).toBe("PACK_STICKER_NOT_FOUND");
    expect((await call(other, "POST", "/api/pack/removeSticker", { packId: pack.packId, stickerInstId: a })).body.status).toBe(
      "PACK_NOT_FOUND",
    );
    expect((await stored(pack.packId))?.rows.map((row) => row.stickerInstId)).toEqual([a]);
  });
});

describe("POST /api/pack/reorder", () => {
  it("puts the stickers in the order sent, positions 0..n-1, emoji kept", async () => {
    const [a, b, c] = await addStickers(owner.userId, 3);
    const pack = await newPack(owner, { stickerInstIds: [a, b, c] });
    await call(owner, "POST", "/api/pack/setEmoji", { packId: pack.packId, stickerInstId: b, emoji: ["🎉"] });
    const answer = await call(owner, "POST", "/api/pack/reorder", { packId: pack.packId, stickerInstIds: [c, a, b] });
    expect(answer.body.status).toBe(200);
    expect(ids(answer.body.data)).toEqual([c, a, b]);
    expect((await stored(pack.packId))?.rows).toEqual([
      { stickerInstId: c, position: 0, emoji: [AUTOMATIC_EMOJI] },
      { stickerInstId: a, position: 1, emoji: [AUTOMATIC_EMOJI] },
      { stickerInstId: b, position: 2, emoji: ["🎉"] },
    ]);
  });

  it("answers PACK_CHANGED unless the order names exactly the pack's stickers once each, changing nothing", async () => {
    const [a, b, c, outside] = await addStickers(owner.userId, 4);
    const pack = await newPack(owner, { stickerInstIds: [a, b, c] });
    for (const order of [[a, b], [a, b, c, outside], [a, b, b], [a, b, c, c], [c, b, "noSuchSticker1"], []]) {
      const answer = await call(owner, "POST", "/api/pack/reorder", { packId: pack.packId, stickerInstIds: order });
      expect(answer.body.status, order.join()).toBe("PACK_CHANGED");
      expect(answer.http).toBe(409);
    }
    expect((await stored(pack.packId))?.rows.map((row) => row.stickerInstId)).toEqual([a, b, c]);
  });

  it("answers PACK_NOT_FOUND to another user", async () => {
    const [a, b] = await addStickers(owner.userId, 2);
    const pack = await newPack(owner, { visibility: "public", stickerInstIds: [a, b] });
    expect((await call(other, "POST", "/api/pack/reorder", { packId: pack.packId, stickerInstIds: [b, a] })).body.status).toBe(
      "PACK_NOT_FOUND",
    );
    expect((await stored(pack.packId))?.rows.map((row) => row.stickerInstId)).toEqual([a, b]);
  });

  it("keeps another's sticker made private (which the owner no longer sees) after the ones the owner orders", async () => {
    const [a, b] = await addStickers(owner.userId, 2);
    const theirs = await addSticker(other.userId);
    await favorite(owner, theirs);
    const pack = await newPack(owner, { stickerInstIds: [theirs, a, b] });
    await call(other, "POST", "/api/sticker/setVisibility", { stickerInstId: theirs, visibility: "private" });
    const seen = await call(owner, "GET", "/api/pack/get", { packId: pack.packId });
    expect(ids(seen.body.data)).toEqual([a, b]);
    const answer = await call(owner, "POST", "/api/pack/reorder", { packId: pack.packId, stickerInstIds: [b, a] });
    expect(ids(answer.body.data)).toEqual([b, a]);
    expect((await stored(pack.packId))?.rows.map((row) => [row.stickerInstId, row.position])).toEqual([
      [b, 0],
      [a, 1],
      [theirs, 2],
    ]);
  });
});

describe("POST /api/pack/setEmoji", () => {
  it("sets one to three emoji, keeps their order, drops repeats and gives a text-style heart its emoji form", async () => {
    const a = await addSticker(owner.userId);
    const pack = await newPack(owner, { stickerInstIds: [a] });
    const set = (emoji: string[]) => call(owner, "POST", "/api/pack/setEmoji", { packId: pack.packId, stickerInstId: a, emoji });
    expect((await set(["😀", "🎉", "👍🏽"])).body.data.stickers[0].emoji).toEqual(["😀", "🎉", "👍🏽"]);
    expect((await set(["👨‍👩‍👧", "🇺🇦"])).body.data.stickers[0].emoji).toEqual(["👨‍👩‍👧", "🇺🇦"]);
    expect((await set(["❤", "😀", "😀"])).body.data.stickers[0].emoji).toEqual(["❤️", "😀"]);
    expect((await stored(pack.packId))?.rows[0]?.emoji).toEqual(["❤️", "😀"]);
  });

  it("answers PACK_EMOJI_INVALID for none, more than three, text, two emoji in one item or a digit, changing nothing", async () => {
    const a = await addSticker(owner.userId);
    const pack = await newPack(owner, { stickerInstIds: [a] });
    for (const emoji of [[], ["😀", "🎉", "👍", "🐱"], ["a"], ["😀😀"], ["1"], [""], ["😀 x"]]) {
      const answer = await call(owner, "POST", "/api/pack/setEmoji", { packId: pack.packId, stickerInstId: a, emoji });
      expect(answer.body.status, JSON.stringify(emoji)).toBe("PACK_EMOJI_INVALID");
      expect(answer.http).toBe(400);
    }
    expect((await stored(pack.packId))?.rows[0]?.emoji).toEqual([AUTOMATIC_EMOJI]);
  });

  it("answers PACK_STICKER_NOT_FOUND for a sticker not in the pack and PACK_NOT_FOUND to another user", async () => {
    const [a, outside] = await addStickers(owner.userId, 2);
    const pack = await newPack(owner, { visibility: "public", stickerInstIds: [a] });
    const set = (session: TestSession, stickerInstId: string | undefined) =>
      call(session, "POST", "/api/pack/setEmoji", { packId: pack.packId, stickerInstId, emoji: ["😀"] });
    expect((await set(owner, outside)).body.status).toBe("PACK_STICKER_NOT_FOUND");
    expect((await set(other, a)).body.status).toBe("PACK_NOT_FOUND");
    expect((await stored(pack.packId))?.rows[0]?.emoji).toEqual([AUTOMATIC_EMOJI]);
  });
});

describe("POST /api/pack/update", () => {
  it("renames, switches visibility and sets or clears the cover", async () => {
    const [a, b] = await addStickers(owner.userId, 2);
    const pack = await newPack(owner, { stickerInstIds: [a, b] });
    expect(pack.cover?.stickerInstId).toBe(a);
    const answer = await call(owner, "POST", "/api/pack/update", {
      packId: pack.packId,
      name: " Renamed ",
      visibility: "public",
      coverStickerInstId: b,
    });
    expect(answer.body.data).toMatchObject({ name: "Renamed", visibility: "public", cover: { stickerInstId: b } });
    expect(answer.body.data.cover.thumbUrl).toMatch(/^\/files\/.+-thumb\.webp$/);
    const cleared = await call(owner, "POST", "/api/pack/update", { packId: pack.packId, coverStickerInstId: null });
    expect(cleared.body.data).toMatchObject({ name: "Renamed", visibility: "public", cover: { stickerInstId: a } });
  });

  it("answers PACK_STICKER_NOT_FOUND for a cover not in the pack, PACK_NAME_INVALID for a bad name, PACK_NOT_FOUND to another user, changing nothing", async () => {
    const [a, outside] = await addStickers(owner.userId, 2);
    const pack = await newPack(owner, { name: "Keep", stickerInstIds: [a] });
    const update = (session: TestSession, body: Record<string, unknown>) =>
      call(session, "POST", "/api/pack/update", { packId: pack.packId, ...body });
    expect((await update(owner, { coverStickerInstId: outside, name: "Changed" })).body.status).toBe("PACK_STICKER_NOT_FOUND");
    expect((await update(owner, { name: " ", visibility: "public" })).body.status).toBe("PACK_NAME_INVALID");
    expect((await update(other, { name: "Mine now" })).body.status).toBe("PACK_NOT_FOUND");
    const row = (await stored(pack.packId))?.pack;
    expect(row).toMatchObject({ name: "Keep", visibility: "private", coverStickerId: null });
  });

  it("making a public pack private drops the shared pages (decision 0021); making it public or renaming does not", async () => {
    const a = await addSticker(owner.userId);
    const pack = await newPack(owner, { stickerInstIds: [a] });
    const before = pagesDropped;
    await call(owner, "POST", "/api/pack/update", { packId: pack.packId, visibility: "public" });
    await call(owner, "POST", "/api/pack/update", { packId: pack.packId, name: "Other name" });
    expect(pagesDropped).toBe(before);
    await call(owner, "POST", "/api/pack/update", { packId: pack.packId, visibility: "private" });
    expect(pagesDropped).toBe(before + 1);
    // Only the pages showing this pack are dropped: the change names it, and no sticker.
    expect(lastChange).toEqual({ stickers: [], packs: [pack.packId] });
  });

  it(`takes ${PACK_PUBLIC_CHANGES_PER_MINUTE} visibility changes and deletions a minute from one user, refuses the next with RATE_LIMITED changing nothing; renames are not counted`, async () => {
    const toggler = await signInTestUser(t, "pack-toggler@example.com");
    const pack = await newPack(toggler);
    const gone = await newPack(toggler, { visibility: "public" });
    expect((await call(toggler, "POST", "/api/pack/delete", { packId: gone.packId })).body.status).toBe(200);
    let visibility = "private";
    for (let change = 2; change <= PACK_PUBLIC_CHANGES_PER_MINUTE; change += 1) {
      visibility = visibility === "public" ? "private" : "public";
      const answer = await call(toggler, "POST", "/api/pack/update", { packId: pack.packId, visibility });
      expect(answer.body).toMatchObject({ status: 200, data: { visibility } });
    }
    expect((await call(toggler, "POST", "/api/pack/update", { packId: pack.packId, name: "Renamed" })).body.status).toBe(200);
    const refused = await call(toggler, "POST", "/api/pack/update", {
      packId: pack.packId,
      visibility: visibility === "public" ? "private" : "public",
    });
    expect(refused.http).toBe(429);
    expect(refused.body).toMatchObject({ status: "RATE_LIMITED", data: null });
    expect((await call(toggler, "POST", "/api/pack/delete", { packId: pack.packId })).body.status).toBe("RATE_LIMITED");
    expect((await stored(pack.packId))?.pack).toMatchObject({ name: "Renamed", visibility });
  });
});

describe("POST /api/pack/delete", () => {
  it("deletes the owner's pack but not its stickers; a public one drops the shared pages", async () => {
    const a = await addSticker(owner.userId);
    const privatePack = await newPack(owner, { stickerInstIds: [a] });
    const publicPack = await newPack(owner, { visibility: "public", stickerInstIds: [a] });
    const before = pagesDropped;
    expect((await call(owner, "POST", "/api/pack/delete", { packId: privatePack.packId })).body).toMatchObject({
      status: 200,
      data: { deleted: true },
    });
    expect(pagesDropped).toBe(before);
    await call(owner, "POST", "/api/pack/delete", { packId: publicPack.packId });
    expect(pagesDropped).toBe(before + 1);
    expect(await stored(privatePack.packId)).toBeNull();
    expect(await stored(publicPack.packId)).toBeNull();
    expect((await call(owner, "GET", "/api/pack/get", { packId: publicPack.packId })).body.status).toBe("PACK_NOT_FOUND");
    const [sticker] = await t.app.database.db.select().from(stickers).where(eq(stickers.stickerInstId, a));
    expect(sticker).toBeDefined();
  });

  it("answers PACK_NOT_FOUND to another user and keeps the pack", async () => {
    const pack = await newPack(owner, { visibility: "public" });
    expect((await call(other, "POST", "/api/pack/delete", { packId: pack.packId })).body.status).toBe("PACK_NOT_FOUND");
    expect(await stored(pack.packId)).not.toBeNull();
  });
});

describe("GET /api/pack/get: who sees what", () => {
  it("a private pack is PACK_NOT_FOUND (404, not 403) to another user and to a visitor, as an unknown id is", async () => {
    const pack = await newPack(owner, { stickerInstIds: [await addSticker(owner.userId)] });
    expect((await call(owner, "GET", "/api/pack/get", { packId: pack.packId })).body.status).toBe(200);
    for (const [session, packId] of [
      [other, pack.packId],
      [undefined, pack.packId],
      [owner, "noSuchPack12345"],
    ] as const) {
      const answer = await call(session, "GET", "/api/pack/get", { packId });
      expect(answer.body.status).toBe("PACK_NOT_FOUND");
      expect(answer.http).toBe(404);
    }
  });

  it("the owner sees all their stickers; others and visitors only the public ones, counted and placed among those", async () => {
    const [pub1, pub2] = await addStickers(owner.userId, 2);
    const priv = await addSticker(owner.userId, { visibility: "private" });
    const pack = await newPack(owner, { visibility: "public", stickerInstIds: [priv, pub1, pub2] });
    await call(owner, "POST", "/api/pack/update", { packId: pack.packId, coverStickerInstId: priv });

    const mine = (await call(owner, "GET", "/api/pack/get", { packId: pack.packId })).body.data as PackDetail;
    expect(ids(mine)).toEqual([priv, pub1, pub2]);
    expect(mine).toMatchObject({ mine: true, stickerCount: 3, cover: { stickerInstId: priv } });
    expect(mine.stickers.map((sticker) => sticker.visibility)).toEqual(["private", "public", "public"]);

    for (const session of [other, undefined]) {
      const seen = (await call(session, "GET", "/api/pack/get", { packId: pack.packId })).body.data as PackDetail;
      expect(ids(seen)).toEqual([pub1, pub2]);
      expect(seen).toMatchObject({ mine: false, stickerCount: 2, cover: { stickerInstId: pub1 }, owner: { name: "Olga" } });
      expect(seen.stickers.map((sticker) => sticker.position)).toEqual([0, 1]);
      expect(seen.stickers.every((sticker) => sticker.visibility === undefined)).toBe(true);
    }

    // Made private later: it drops out of the public view and count, but stays in the owner's pack.
    await call(owner, "POST", "/api/sticker/setVisibility", { stickerInstId: pub1, visibility: "private" });
    const visitor = (await call(undefined, "GET", "/api/pack/get", { packId: pack.packId })).body.data as PackDetail;
    expect(ids(visitor)).toEqual([pub2]);
    expect(visitor.stickerCount).toBe(1);
    const owners = (await call(owner, "GET", "/api/pack/get", { packId: pack.packId })).body.data as PackDetail;
    expect(ids(owners)).toEqual([priv, pub1, pub2]);
  });
});

describe("GET /api/pack/get: a pack being made in one go", () => {
  it("lists its unfinished tasks to the owner only, oldest first; finished and failed ones are not pending", async () => {
    const pack = await newPack(owner, { visibility: "public", stickerInstIds: [await addSticker(owner.userId)] });
    const row = (await stored(pack.packId))?.pack;
    const made = await t.app.database.db
      .insert(tasks)
      .values(
        [TASK_STATUS.wait, TASK_STATUS.exeing, TASK_STATUS.success, TASK_STATUS.failed].map((status) => ({
          userId: owner.userId,
          type: TASK_TYPE.text,
          status,
          packId: row!.id,
          mood: "happy",
        })),
      )
      .returning({ id: tasks.id });
    const owners = (await call(owner, "GET", "/api/pack/get", { packId: pack.packId })).body.data as PackDetail;
    expect(owners.pendingTaskIds).toEqual([made[0]!.id, made[1]!.id]);
    const others = (await call(other, "GET", "/api/pack/get", { packId: pack.packId })).body.data as PackDetail;
    expect(others.pendingTaskIds).toEqual([]);
  });
});

describe("GET /api/pack/mine and /api/pack/page", () => {
  it("mine lists the caller's packs newest first, private and empty ones included, with an ETag; others' are not there", async () => {
    const lister = await signInTestUser(t, "lister@example.com");
    const a = await addSticker(lister.userId);
    const first = await newPack(lister, { name: "First", stickerInstIds: [a] });
    const second = await newPack(lister, { name: "Second", visibility: "public" });
    await newPack(other, { name: "Not theirs" });
    const answer = await call(lister, "GET", "/api/pack/mine", { page: 1, size: 10 });
    expect(answer.body.data.total).toBe(2);
    expect(answer.body.data.list.map((pack: { packId: string }) => pack.packId)).toEqual([second.packId, first.packId]);
    expect(answer.body.data.list[1]).toMatchObject({
      name: "First",
      visibility: "private",
      stickerCount: 1,
      cover: { stickerInstId: a },
    });
    expect(answer.body.data.list[0]).toMatchObject({ stickerCount: 0, cover: null });
    const paged = await call(lister, "GET", "/api/pack/mine", { page: 2, size: 1 });
    expect(paged.body.data.list.map((pack: { packId: string }) => pack.packId)).toEqual([first.packId]);
    expect((await call(undefined, "GET", "/api/pack/mine", { page: 1, size: 10 })).body.status).toBe("AUTH_ERROR");

    const response = await t.server.request(
      await signedRequest("GET", "/api/pack/mine", {
        key: lister.signingKey,
        params: { page: "1", size: "10" },
        headers: { Cookie: `${sessionCookieName(t.app.config)}=${lister.token}` },
      }),
    );
    expect(response.headers.get("etag")).toMatch(/^W\//);
  });

  it("page lists public packs with a public sticker, newest first, as a visitor sees them; not private, empty or only-private packs", async () => {
    const [pub] = await addStickers(owner.userId, 1);
    const priv = await addSticker(owner.userId, { visibility: "private" });
    const older = await newPack(owner, { visibility: "public", stickerInstIds: [priv, pub] });
    const newer = await newPack(owner, { visibility: "public", stickerInstIds: [pub] });
    const hidden = await newPack(owner, { visibility: "private", stickerInstIds: [pub] });
    const empty = await newPack(owner, { visibility: "public" });
    const onlyPrivate = await newPack(owner, { visibility: "public", stickerInstIds: [priv] });
    const answer = await call(other, "GET", "/api/pack/page", { page: 1, size: 100 });
    const listed = answer.body.data.list.map((pack: { packId: string }) => pack.packId) as string[];
    expect(listed.indexOf(newer.packId)).toBeLessThan(listed.indexOf(older.packId));
    expect(listed).toContain(older.packId);
    for (const pack of [hidden, empty, onlyPrivate]) expect(listed).not.toContain(pack.packId);
    expect(answer.body.data.total).toBe(listed.length);
    const olderSummary = answer.body.data.list.find((pack: { packId: string }) => pack.packId === older.packId);
    expect(olderSummary).toMatchObject({ stickerCount: 1, cover: { stickerInstId: pub } });
    // The same for a visitor.
    const visitor = await call(undefined, "GET", "/api/pack/page", { page: 1, size: 100 });
    expect(visitor.body.data).toEqual(answer.body.data);
  });
});

describe("GET /api/pack/forSticker", () => {
  it("lists the caller's packs with whether each holds the sticker and the count the owner sees", async () => {
    const chooser = await signInTestUser(t, "chooser@example.com");
    const [a, b] = await addStickers(chooser.userId, 2);
    const withIt = await newPack(chooser, { name: "With", stickerInstIds: [a, b] });
    const without = await newPack(chooser, { name: "Without", stickerInstIds: [b] });
    const empty = await newPack(chooser, { name: "Empty" });
    const answer = await call(chooser, "GET", "/api/pack/forSticker", { stickerInstId: a });
    expect(answer.body.status).toBe(200);
    const list = answer.body.data.list as { packId: string; name: string; contains: boolean; stickerCount: number }[];
    expect(list).toHaveLength(3);
    expect(list.find((pack) => pack.packId === withIt.packId)).toEqual({
      packId: withIt.packId,
      name: "With",
      contains: true,
      stickerCount: 2,
    });
    expect(list.find((pack) => pack.packId === without.packId)).toMatchObject({ contains: false, stickerCount: 1 });
    expect(list.find((pack) => pack.packId === empty.packId)).toMatchObject({ contains: false, stickerCount: 0 });
  });

  it("answers PACK_STICKER_NOT_FOUND for another's private sticker", async () => {
    const theirs = await addSticker(other.userId, { visibility: "private" });
    expect((await call(owner, "GET", "/api/pack/forSticker", { stickerInstId: theirs })).body.status).toBe(
      "PACK_STICKER_NOT_FOUND",
    );
  });
});

describe("appendToPack (a pack made in one go)", () => {
  it("appends at the end with the given emoji, returns the place, keeps a repeated sticker's place and stops at 120 with PACK_FULL", async () => {
    const db = t.app.database.db;
    const many = await addStickers(owner.userId, PACK_MAX_STICKERS + 1);
    const pack = await newPack(owner, { stickerInstIds: many.slice(0, PACK_MAX_STICKERS - 1) });
    const row = (await stored(pack.packId))?.pack;
    const idOf = async (stickerInstId: string) =>
      (await db.select({ id: stickers.id }).from(stickers).where(eq(stickers.stickerInstId, stickerInstId)))[0]?.id as number;
    const last = await idOf(many[PACK_MAX_STICKERS - 1] as string);
    expect(await db.transaction((tx) => appendToPack(tx, row!.id, last, ["😊"]))).toBe(PACK_MAX_STICKERS - 1);
    expect(await db.transaction((tx) => appendToPack(tx, row!.id, last, ["😢"]))).toBe(PACK_MAX_STICKERS - 1);
    const extra = await idOf(many[PACK_MAX_STICKERS] as string);
    await expect(db.transaction((tx) => appendToPack(tx, row!.id, extra, ["😢"]))).rejects.toMatchObject({ code: "PACK_FULL" });
    const rows = (await stored(pack.packId))?.rows ?? [];
    expect(rows).toHaveLength(PACK_MAX_STICKERS);
    expect(rows.at(-1)).toEqual({ stickerInstId: many[PACK_MAX_STICKERS - 1], position: PACK_MAX_STICKERS - 1, emoji: ["😊"] });
    const [held] = await db
      .select({ n: packStickers.position })
      .from(packStickers)
      .where(and(eq(packStickers.packId, row!.id), eq(packStickers.stickerId, extra)));
    expect(held).toBeUndefined();
  });
});

describe("the packs sitemap", () => {
  it("lists a public pack with a public sticker at /pack/{packId}/{slug} with every language's alternate, and no private or empty pack", async () => {
    const [pub] = await addStickers(owner.userId, 1);
    const listed = await newPack(owner, { name: "Happy Cats!", visibility: "public", stickerInstIds: [pub] });
    const unnamed = await newPack(owner, { name: "!!!", visibility: "public", stickerInstIds: [pub] });
    const hidden = await newPack(owner, { name: "Secret", stickerInstIds: [pub] });
    const empty = await newPack(owner, { name: "Empty public", visibility: "public" });

    const index = await (await t.server.request("/sitemap.xml")).text();
    expect(index).toContain(`<loc>${ORIGIN}/sitemaps/packs-1.xml</loc>`);
    const response = await t.server.request("/sitemaps/packs-1.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await response.text();
    const path = `/pack/${listed.packId}/${packSlug("Happy Cats!")}`;
    expect(packSlug("Happy Cats!")).toBe("happy-cats");
    expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/pack/${unnamed.packId}</loc>`);
    const entry = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1] as string).find((e) => e.includes(path)) ?? "";
    for (const language of LANGUAGES) {
      const href = language === "en" ? `${ORIGIN}${path}` : `${ORIGIN}/${language}${path}`;
      expect(entry).toContain(`hreflang="${language}" href="${href}"`);
    }
    expect(entry).toContain(`hreflang="x-default" href="${ORIGIN}${path}"`);
    expect(xml).not.toContain(hidden.packId);
    expect(xml).not.toContain(empty.packId);
    expect((await t.server.request("/sitemaps/packs-2.xml")).status).toBe(404);
  });

  it("answers 200 for a pack named 59 letters and a character outside the BMP, and lists it at the slug cut before that character", async () => {
    const name = `${"a".repeat(59)}𠀀`; // 61 UTF-16 units: a cut at 60 would keep half a surrogate pair
    const sticker = (await insertStickers(t, owner.userId, 1, { name, prompt: name }))[0]?.stickerInstId as string;
    const pack = await newPack(owner, { name, visibility: "public", stickerInstIds: [sticker] });
    const packs = await t.server.request("/sitemaps/packs-1.xml");
    expect(packs.status).toBe(200);
    expect(await packs.text()).toContain(`<loc>${ORIGIN}/pack/${pack.packId}/${"a".repeat(59)}</loc>`);
    const stickersXml = await t.server.request("/sitemaps/stickers-1.xml");
    expect(stickersXml.status).toBe(200);
    expect(await stickersXml.text()).toContain(`<loc>${ORIGIN}/sticker/${sticker}/${"a".repeat(59)}</loc>`);
  });
});
