import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { stickers, users } from "../db/schema.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { maskEmail } from "./staff.ts";

/**
 * Staff see what they moderate (decision 0035): a reported sticker its owner made private, and a hidden
 * one, open for staff on the desk, the sticker page and its picture; any other private sticker stays its
 * owner's. Moderators read e-mail addresses masked; admins read them whole.
 */
let t: TestApp;
let owner: TestSession;
let moderator: TestSession;
let admin: TestSession;
let plain: TestSession;

beforeAll(async () => {
  // Gallery stickers come with their picture files, so /files/ answers with bytes.
  t = await createGalleryTestApp(8, { PUBLIC_LIST_CACHE_SECONDS: "0", PAGE_CACHE_SECONDS: "0" });
  owner = await signInTestUser(t, "dave.owner@example.com");
  moderator = await signInStaff(t, "mia.mod@example.com", "moderator");
  admin = await signInStaff(t, "ada.admin@example.com", "admin");
  plain = await signInTestUser(t, "pat.plain@example.com");
}, 120_000);
afterAll(() => closeTestApp(t));

const db = () => t.app.database.db;
const get = (path: string, params: Record<string, string>, session?: TestSession) =>
  callApi(t, "GET", path, { params, ...(session ? { session } : {}) });
const post = (path: string, body: Record<string, unknown>, session: TestSession) => callApi(t, "POST", path, { body, session });
const fetchAs = (path: string, session?: TestSession) =>
  t.server.request(path, session ? { headers: { Cookie: `${sessionCookieName(t.app.config)}=${session.token}` } } : {});

/** A gallery sticker (its picture stored) handed to `owner`, so the owner may change it. */
let taken = 0;
async function ownedGallerySticker(): Promise<{ stickerInstId: string; picId: string }> {
  const gallery = await db()
    .select({ id: stickers.id, stickerInstId: stickers.stickerInstId, picId: stickers.picId })
    .from(stickers)
    .where(
      and(
        isNull(stickers.ownerId),
        sql`${stickers.picId} not in (select preview_pic_id from styles where preview_pic_id is not null)`,
      ),
    )
    .orderBy(stickers.id);
  const row = gallery[taken];
  taken += 1;
  if (!row) throw new Error("seed more gallery stickers");
  await db().update(stickers).set({ ownerId: owner.userId }).where(eq(stickers.id, row.id));
  return row;
}

describe(`staff see what they moderate (${engineName})`, () => {
  it("a reported sticker its owner then made private stays in the queue marked private, and opens for staff (sticker call, picture); others get NOT_FOUND, as for an unknown id", async () => {
    const sticker = await ownedGallerySticker();
    expect((await post("/api/sticker/report", { stickerInstId: sticker.stickerInstId, reason: "spam" }, plain)).body.status).toBe(
      200,
    );
    const privatised = await post(
      "/api/sticker/setVisibility",
      { stickerInstId: sticker.stickerInstId, visibility: "private" },
      owner,
    );
    expect(privatised.body.status).toBe(200);

    const queue = await get("/api/admin/queue", { size: "100" }, moderator);
    const item = queue.body.data.list.find((entry: { stickerInstId: string }) => entry.stickerInstId === sticker.stickerInstId);
    expect(item).toMatchObject({ visibility: "private", hiddenReason: null });

    const asStaff = await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, moderator);
    expect(asStaff.body.data).toMatchObject({
      stickerInstId: sticker.stickerInstId,
      staffView: true,
      mine: false,
      hidden: false,
    });
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, plain)).body.status).toBe("NOT_FOUND");
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, owner)).body.data.staffView).toBe(false);

    const picture = `/files/${sticker.picId}-256.webp`;
    const staffPicture = await fetchAs(picture, moderator);
    expect([staffPicture.status, staffPicture.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    expect((await fetchAs(picture, plain)).status).toBe(404);
    expect((await fetchAs(picture)).status).toBe(404);
  });

  it("a hidden sticker opens for staff (staffView), not NOT_FOUND; a plain user still gets NOT_FOUND and its owner the owner's notice", async () => {
    const sticker = await ownedGallerySticker();
    expect((await post("/api/admin/hide", { stickerInstId: sticker.stickerInstId }, moderator)).body.status).toBe(200);
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, moderator)).body.data.staffView).toBe(true);
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, admin)).body.data.staffView).toBe(true);
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, plain)).body.status).toBe("NOT_FOUND");
    // The owner still sees the owner's notice, not the staff one.
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId }, owner)).body.data).toMatchObject({
      hidden: true,
      staffView: false,
    });
  });

  it("a private sticker nobody reported or hid stays its owner's alone, staff included", async () => {
    const [secret] = await insertStickers(t, owner.userId, 1, { visibility: "private" });
    for (const staff of [moderator, admin]) {
      expect((await get("/api/sticker/get", { stickerInstId: secret!.stickerInstId }, staff)).body.status).toBe("NOT_FOUND");
    }
    const sticker = await ownedGallerySticker();
    await post("/api/sticker/setVisibility", { stickerInstId: sticker.stickerInstId, visibility: "private" }, owner);
    expect((await fetchAs(`/files/${sticker.picId}-256.webp`, moderator)).status).toBe(404);
  });
});

describe(`moderators read e-mail addresses masked (${engineName})`, () => {
  it("masks an address to its first letter and its domain", () => {
    expect(maskEmail("dave+1@example.com")).toBe("d***@example.com");
    expect(maskEmail("Ünal@example.de")).toBe("Ü***@example.de");
    expect(maskEmail("a@b.c")).toBe("a***@b.c");
    expect(maskEmail("")).toBe("");
    expect(maskEmail("no-at-sign")).toBe("***");
  });

  it("the queue, the banned users and the audit log show a moderator d***@example.com and an admin the whole address", async () => {
    const [reported] = await insertStickers(t, owner.userId, 1);
    await post("/api/sticker/report", { stickerInstId: reported!.stickerInstId, reason: "hate" }, plain);
    const rogue = await signInTestUser(t, "rex.rogue@example.com");
    expect((await post("/api/admin/ban", { userId: rogue.userId, note: "" }, moderator)).body.status).toBe(200);

    const read = async (staff: TestSession) => {
      const queue = await get("/api/admin/queue", { size: "100" }, staff);
      const banned = await get("/api/admin/banned", {}, staff);
      const log = await get("/api/admin/actions", { size: "100" }, staff);
      const ban = log.body.data.list.find(
        (entry: { action: string; target: { userId: number } | null }) => entry.action === "ban",
      );
      return {
        owner: queue.body.data.list.find((entry: { stickerInstId: string }) => entry.stickerInstId === reported!.stickerInstId)
          .owner.email,
        banned: banned.body.data.find((entry: { userId: number }) => entry.userId === rogue.userId).email,
        actor: ban.actor.email,
        target: ban.target.email,
      };
    };
    expect(await read(moderator)).toEqual({
      owner: "d***@example.com",
      banned: "r***@example.com",
      actor: "m***@example.com",
      target: "r***@example.com",
    });
    expect(await read(admin)).toEqual({
      owner: "dave.owner@example.com",
      banned: "rex.rogue@example.com",
      actor: "mia.mod@example.com",
      target: "rex.rogue@example.com",
    });
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, owner.userId));
    expect(row?.email).toBe("dave.owner@example.com");
  });
});
