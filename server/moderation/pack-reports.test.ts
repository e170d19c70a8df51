import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORTS_PER_HOUR } from "#common/moderation.ts";
import { engineName } from "#tests/support/engine.ts";
import {
  callApi,
  createGalleryTestApp,
  insertStickers,
  signInStaff,
  signInTestUser,
  type TestSession,
} from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { moderationActions, packReports, packs, stickerTags } from "../db/schema.ts";
import { readExportablePack } from "../packs/export-pack.ts";

/**
 * Packs are reported like stickers and judged on the desk (decision 0035): reports are stored, rate
 * limited with sticker reports, shown to staff, and a moderator may hide a pack.
 */
let t: TestApp;
let moderator: TestSession;
let admin: TestSession;
let plain: TestSession;
let seq = 0;

beforeAll(async () => {
  // The list tags (latest) the packs' stickers join.
  t = await createGalleryTestApp(1, { PUBLIC_LIST_CACHE_SECONDS: "0", PAGE_CACHE_SECONDS: "0" });
  moderator = await signInStaff(t, "pack-mod@example.com", "moderator");
  admin = await signInStaff(t, "pack-admin@example.com", "admin");
  plain = await signInTestUser(t, "pack-plain@example.com");
}, 120_000);
afterAll(() => closeTestApp(t));

const db = () => t.app.database.db;
const get = (path: string, params: Record<string, string> = {}, session?: TestSession) =>
  callApi(t, "GET", path, { params, ...(session ? { session } : {}) });
const post = (path: string, body: Record<string, unknown>, session?: TestSession) =>
  callApi(t, "POST", path, { body, ...(session ? { session } : {}) });

async function newUser(): Promise<TestSession> {
  seq += 1;
  return signInTestUser(t, `packer${seq}@example.com`);
}

/** A public pack of `owner` with one public sticker of theirs. */
async function publicPack(owner: TestSession, visibility: "public" | "private" = "public"): Promise<string> {
  const [sticker] = await insertStickers(t, owner.userId, 1);
  await db().insert(stickerTags).values({ stickerId: sticker!.id, tagId: 1 });
  const created = await post(
    "/api/pack/create",
    { name: `Pack ${seq}`, visibility, stickerInstIds: [sticker!.stickerInstId] },
    owner,
  );
  expect(created.body.status).toBe(200);
  return created.body.data.packId as string;
}

const reportsOf = async (packId: string) =>
  db()
    .select({ reason: packReports.reason, note: packReports.note, resolvedAt: packReports.resolvedAt })
    .from(packReports)
    .innerJoin(packs, eq(packs.id, packReports.packId))
    .where(eq(packs.packId, packId));
const packQueueIds = async (session: TestSession) =>
  (await get("/api/admin/packQueue", { size: "100" }, session)).body.data.list.map((item: { packId: string }) => item.packId);

describe(`reporting a pack (${engineName})`, () => {
  it("a signed-in user reports another's pack once with a reason and a note; a second report is ALREADY_REPORTED (409) and stores nothing", async () => {
    const packId = await publicPack(await newUser());
    const first = await post("/api/pack/report", { packId, reason: "copyright", note: "  ripped off  " }, plain);
    expect(first.body).toMatchObject({ status: 200, data: { packId } });
    const second = await post("/api/pack/report", { packId, reason: "spam" }, plain);
    expect([second.http, second.body.status, second.body.msgKey]).toEqual([409, "ALREADY_REPORTED", "errors.alreadyReported"]);
    expect((await reportsOf(packId)).map((row) => [row.reason, row.note])).toEqual([["copyright", "ripped off"]]);
  });

  it("refuses a visitor (AUTH_ERROR), the owner (OWN_PACK_REPORT), a private, unknown or hidden pack (PACK_NOT_FOUND) and an unknown reason (INVALID_INPUT)", async () => {
    const owner = await newUser();
    const packId = await publicPack(owner);
    expect((await post("/api/pack/report", { packId, reason: "spam" })).body.status).toBe("AUTH_ERROR");
    const own = await post("/api/pack/report", { packId, reason: "spam" }, owner);
    expect([own.http, own.body.status, own.body.msgKey]).toEqual([409, "OWN_PACK_REPORT", "errors.ownPackReport"]);
    const secret = await publicPack(owner, "private");
    expect((await post("/api/pack/report", { packId: secret, reason: "spam" }, plain)).body.status).toBe("PACK_NOT_FOUND");
    expect((await post("/api/pack/report", { packId: "nope", reason: "spam" }, plain)).body.status).toBe("PACK_NOT_FOUND");
    expect((await post("/api/pack/report", { packId, reason: "ugly" }, plain)).body.status).toBe("INVALID_INPUT");
    expect((await post("/api/admin/hidePack", { packId }, moderator)).body.status).toBe(200);
    expect((await post("/api/pack/report", { packId, reason: "spam" }, await newUser())).body.status).toBe("PACK_NOT_FOUND");
    expect(await reportsOf(secret)).toEqual([]);
  });

  it(`pack reports share the hourly budget of sticker reports: past ${REPORTS_PER_HOUR} of either kind, RATE_LIMITED`, async () => {
    const busy = await newUser();
    const owner = await newUser();
    const stickers = await insertStickers(t, owner.userId, REPORTS_PER_HOUR - 1);
    for (const sticker of stickers) {
      expect(
        (await post("/api/sticker/report", { stickerInstId: sticker.stickerInstId, reason: "spam" }, busy)).body.status,
      ).toBe(200);
    }
    const [last, over] = [await publicPack(owner), await publicPack(owner)];
    expect((await post("/api/pack/report", { packId: last, reason: "spam" }, busy)).body.status).toBe(200);
    expect((await post("/api/pack/report", { packId: over, reason: "spam" }, busy)).body.status).toBe("RATE_LIMITED");
    expect(await reportsOf(over)).toEqual([]);
  });
});

describe(`the desk's reported packs (${engineName})`, () => {
  it("lists packs with open reports, oldest first, with reasons counted, notes, and the owner's address masked for a moderator and whole for an admin; a plain user gets NO_PERMISSION", async () => {
    const owner = await signInTestUser(t, "zoe.packs@example.com");
    const older = await publicPack(owner);
    const newer = await publicPack(owner);
    await post("/api/pack/report", { packId: older, reason: "hate", note: "slurs on every sticker" }, plain);
    await post("/api/pack/report", { packId: older, reason: "hate" }, await newUser());
    await post("/api/pack/report", { packId: newer, reason: "spam" }, plain);
    const queue = await get("/api/admin/packQueue", { size: "100" }, moderator);
    const ids = queue.body.data.list.map((item: { packId: string }) => item.packId);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(queue.body.data.list.find((item: { packId: string }) => item.packId === older)).toMatchObject({
      hidden: false,
      visibility: "public",
      owner: { userId: owner.userId, email: "z***@example.com", banned: false },
      reasons: [{ reason: "hate", count: 2 }],
      notes: [{ reason: "hate", note: "slurs on every sticker" }],
    });
    const asAdmin = await get("/api/admin/packQueue", { size: "100" }, admin);
    expect(asAdmin.body.data.list.find((item: { packId: string }) => item.packId === older).owner.email).toBe(
      "zoe.packs@example.com",
    );
    expect((await get("/api/admin/packQueue", {}, plain)).body.status).toBe("NO_PERMISSION");
  });

  it("hidePack takes a reported pack out of the gallery for others (pack call, packs list, sitemap, exports), keeps it for its owner (marked hidden) and staff (staffView), resolves its reports and logs; restorePack brings it back", async () => {
    const owner = await newUser();
    const packId = await publicPack(owner);
    await post("/api/pack/report", { packId, reason: "sexual" }, plain);
    const listed = async () =>
      (await get("/api/pack/page", { size: "100" })).body.data.list.map((p: { packId: string }) => p.packId);
    const sitemap = async () => (await t.server.request("/sitemaps/packs-1.xml")).text();
    expect(await listed()).toContain(packId);

    expect((await post("/api/admin/hidePack", { packId, note: "explicit" }, moderator)).body.status).toBe(200);
    for (const viewer of [undefined, plain])
      expect((await get("/api/pack/get", { packId }, viewer)).body.status).toBe("PACK_NOT_FOUND");
    expect(await listed()).not.toContain(packId);
    expect(await sitemap()).not.toContain(packId);
    await expect(readExportablePack(db(), packId, null)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await get("/api/pack/get", { packId }, owner)).body.data).toMatchObject({
      mine: true,
      hidden: true,
      staffView: false,
    });
    expect((await get("/api/pack/get", { packId }, moderator)).body.data).toMatchObject({
      mine: false,
      hidden: false,
      staffView: true,
    });
    expect((await reportsOf(packId)).every((row) => row.resolvedAt !== null)).toBe(true);
    expect(await packQueueIds(moderator)).not.toContain(packId);
    const log = await get("/api/admin/actions", { size: "5" }, admin);
    expect(log.body.data.list[0]).toMatchObject({
      action: "hidePack",
      packId,
      stickerInstId: null,
      actor: { userId: moderator.userId },
      target: { userId: owner.userId },
      note: "explicit",
    });

    expect((await post("/api/admin/restorePack", { packId }, moderator)).body.status).toBe(200);
    expect((await get("/api/pack/get", { packId })).body.data.stickers).toHaveLength(1);
    expect(await listed()).toContain(packId);
    const logged = await db()
      .select({ action: moderationActions.action })
      .from(moderationActions)
      .innerJoin(packs, eq(packs.id, moderationActions.packId))
      .where(eq(packs.packId, packId));
    expect(logged.map((row) => row.action)).toEqual(["hidePack", "restorePack"]);
  });

  it("a reported pack its owner then made private stays on the desk and opens for staff; other private packs stay their owner's", async () => {
    const owner = await newUser();
    const packId = await publicPack(owner);
    await post("/api/pack/report", { packId, reason: "harassment" }, plain);
    expect((await post("/api/pack/update", { packId, visibility: "private" }, owner)).body.status).toBe(200);
    expect(await packQueueIds(moderator)).toContain(packId);
    expect((await get("/api/pack/get", { packId }, moderator)).body.data.staffView).toBe(true);
    expect((await get("/api/pack/get", { packId }, plain)).body.status).toBe("PACK_NOT_FOUND");
    const untouched = await publicPack(owner, "private");
    expect((await get("/api/pack/get", { packId: untouched }, admin)).body.status).toBe("PACK_NOT_FOUND");
  });

  it("a moderator may not hide an admin's pack (NO_PERMISSION); a ban resolves the open reports on the user's packs and those they filed", async () => {
    const adminPack = await publicPack(admin);
    expect((await post("/api/admin/hidePack", { packId: adminPack }, moderator)).body.status).toBe("NO_PERMISSION");

    const rogue = await newUser();
    const theirs = await publicPack(rogue);
    const someoneElses = await publicPack(await newUser());
    await post("/api/pack/report", { packId: theirs, reason: "spam" }, plain);
    await post("/api/pack/report", { packId: someoneElses, reason: "spam" }, rogue);
    expect((await post("/api/admin/ban", { userId: rogue.userId }, moderator)).body.status).toBe(200);
    for (const packId of [theirs, someoneElses]) {
      const open = await db()
        .select({ id: packReports.id })
        .from(packReports)
        .innerJoin(packs, eq(packs.id, packReports.packId))
        .where(and(eq(packs.packId, packId), isNull(packReports.resolvedAt)));
      expect([packId, open]).toEqual([packId, []]);
    }
    expect((await post("/api/admin/hidePack", { packId: theirs }, moderator)).body.status).toBe(200);
    expect((await post("/api/admin/restorePack", { packId: theirs }, moderator)).body.status).toBe("ACCOUNT_BANNED");
  });
});
