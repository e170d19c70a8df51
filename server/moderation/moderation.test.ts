import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPLORE_RULE_FAVORITES, REPORT_HIDE_THRESHOLD } from "#common/moderation.ts";
import { engineName } from "#tests/support/engine.ts";
import { callApi, insertStickers, signInStandingUser, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { allCalls } from "../calls.ts";
import { moderationActions, reports, sessions, stickers, stickerTags, users } from "../db/schema.ts";
import { createOfflineProvider } from "../generation/index.ts";
import { seedDatabase } from "../seed/seed-database.ts";
import { createSession } from "../sessions/create-session.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { EXPLORE_TAG } from "../stickers/tags.ts";
import { grantRole } from "./grant-role.ts";

let t: TestApp;
let owner: TestSession;
let moderator: TestSession;
let admin: TestSession;
let plain: TestSession;
let reporters: TestSession[];
let emailSeq = 0;

beforeAll(async () => {
  // Lists uncached, so each answer shows the database as it is now.
  // Local mode: the dev mailbox holds the sign-in links.
  t = await createTestApp({ PUBLIC_LIST_CACHE_SECONDS: "0", PAGE_CACHE_SECONDS: "0" });
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize: 6 });
  owner = await signInTestUser(t, "owner@example.com");
  moderator = await signInTestUser(t, "mod@example.com");
  admin = await signInTestUser(t, "admin@example.com");
  plain = await signInTestUser(t, "plain@example.com");
  reporters = [];
  for (let i = 0; i < REPORT_HIDE_THRESHOLD + 2; i += 1) reporters.push(await signInStandingUser(t, `reporter${i}@example.com`));
  // Roles come from the script's function, as `npm run grant-role` gives them.
  expect(await grantRole(t.app.database.db, { email: "MOD@example.com", role: "moderator" })).toBe(moderator.userId);
  expect(await grantRole(t.app.database.db, { email: "admin@example.com", role: "admin" })).toBe(admin.userId);
}, 120_000);
afterAll(() => closeTestApp(t));

const db = () => t.app.database.db;
const get = (path: string, params: Record<string, string> = {}, session?: TestSession) =>
  callApi(t, "GET", path, { params, ...(session ? { session } : {}) });
const post = (path: string, body: Record<string, unknown>, session?: TestSession) =>
  callApi(t, "POST", path, { body, ...(session ? { session } : {}) });

async function newUser(): Promise<TestSession> {
  emailSeq += 1;
  return signInTestUser(t, `user${emailSeq}@example.com`);
}

/** A user whose reports and favourites count toward moderation (decision 0035). */
async function newPerson(): Promise<TestSession> {
  emailSeq += 1;
  return signInStandingUser(t, `person${emailSeq}@example.com`);
}

async function ownSticker(session: TestSession = owner): Promise<string> {
  const [row] = await insertStickers(t, session.userId, 1);
  await db().insert(stickerTags).values({ stickerId: row!.id, tagId: 1 });
  return row!.stickerInstId;
}

async function stickerRow(stickerInstId: string) {
  const [row] = await db().select().from(stickers).where(eq(stickers.stickerInstId, stickerInstId));
  return row!;
}

async function latestIds(): Promise<string[]> {
  const answer = await get("/api/square/pageByTag", { tagId: "1", sortBy: "id", size: "100" });
  return answer.body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId);
}

async function exploreIds(): Promise<string[]> {
  const answer = await get("/api/square/pageByTag", { tagId: String(EXPLORE_TAG), size: "100" });
  return answer.body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId);
}

async function actionsOn(stickerInstId: string) {
  const row = await stickerRow(stickerInstId);
  return db().select().from(moderationActions).where(eq(moderationActions.stickerId, row.id));
}

async function hideByReports(stickerInstId: string) {
  for (const reporter of reporters.slice(0, REPORT_HIDE_THRESHOLD)) {
    const answer = await post("/api/sticker/report", { stickerInstId, reason: "spam" }, reporter);
    expect(answer.body.status).toBe(200);
  }
}

describe(`reports (${engineName})`, () => {
  it("a user reports a sticker once: the second report is ALREADY_REPORTED (409) and stores nothing", async () => {
    const sticker = await ownSticker();
    const first = await post("/api/sticker/report", { stickerInstId: sticker, reason: "hate", note: "  mean words " }, plain);
    expect(first.body).toMatchObject({ status: 200, data: { stickerInstId: sticker, hidden: false } });
    const second = await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" }, plain);
    expect(second.http).toBe(409);
    expect(second.body.status).toBe("ALREADY_REPORTED");
    expect(second.body.msgKey).toBe("errors.alreadyReported");
    const stored = await db().select().from(reports).where(eq(reports.reporterId, plain.userId));
    expect(stored.map((row) => [row.reason, row.note])).toEqual([["hate", "mean words"]]);
  });

  it("refuses a visitor (AUTH_ERROR), the owner (OWN_STICKER_REPORT), an unknown reason or a note over 500 characters (INVALID_INPUT)", async () => {
    const sticker = await ownSticker();
    expect((await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" })).body.status).toBe("AUTH_ERROR");
    expect((await post("/api/sticker/report", { stickerInstId: sticker, reason: "spam" }, owner)).body.status).toBe(
      "OWN_STICKER_REPORT",
    );
    expect((await post("/api/sticker/report", { stickerInstId: sticker, reason: "ugly" }, plain)).body.status).toBe(
      "INVALID_INPUT",
    );
    const long = await post("/api/sticker/report", { stickerInstId: sticker, reason: "other", note: "x".repeat(501) }, plain);
    expect(long.body.status).toBe("INVALID_INPUT");
    expect((await post("/api/sticker/report", { stickerInstId: "nope", reason: "spam" }, plain)).body.status).toBe("NOT_FOUND");
  });

  it(`${REPORT_HIDE_THRESHOLD} reports from distinct users hide the sticker (reason 'reports'), logged once; the one that crosses it says hidden`, async () => {
    const sticker = await ownSticker();
    const answers = [];
    for (const reporter of reporters.slice(0, REPORT_HIDE_THRESHOLD)) {
      answers.push(
        (await post("/api/sticker/report", { stickerInstId: sticker, reason: "violence" }, reporter)).body.data.hidden,
      );
    }
    expect(answers).toEqual([...Array(REPORT_HIDE_THRESHOLD - 1).fill(false), true]);
    const row = await stickerRow(sticker);
    expect(row.hiddenReason).toBe("reports");
    expect(row.hiddenAt).not.toBeNull();
    expect((await actionsOn(sticker)).map((a) => a.action)).toEqual(["hiddenByReports"]);
    // A hidden sticker cannot be reported any more: it is not there for others.
    const late = await post("/api/sticker/report", { stickerInstId: sticker, reason: "violence" }, reporters.at(-1));
    expect(late.body.status).toBe("NOT_FOUND");
  });

  it("a user's reports are rate limited (RATE_LIMITED past 20 an hour)", async () => {
    const busy = await newUser();
    const many = await insertStickers(t, owner.userId, 21);
    const statuses = [];
    for (const sticker of many)
      statuses.push(
        (await post("/api/sticker/report", { stickerInstId: sticker.stickerInstId, reason: "spam" }, busy)).body.status,
      );
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe("RATE_LIMITED");
  });
});

describe(`a hidden sticker (${engineName})`, () => {
  it("leaves the lists, the page, recommendations, listByPics and the sitemap for others; its owner still opens it, marked hidden", async () => {
    const sticker = await ownSticker();
    const neighbour = await ownSticker();
    expect(await latestIds()).toContain(sticker);
    await hideByReports(sticker);
    expect(await latestIds()).not.toContain(sticker);
    expect((await get("/api/sticker/get", { stickerInstId: sticker })).body.status).toBe("NOT_FOUND");
    expect((await get("/api/sticker/get", { stickerInstId: sticker }, plain)).body.status).toBe("NOT_FOUND");
    const mine = await get("/api/sticker/get", { stickerInstId: sticker }, owner);
    expect(mine.body.data).toMatchObject({ mine: true, hidden: true });
    expect((await get("/api/sticker/get", { stickerInstId: neighbour }, owner)).body.data.hidden).toBe(false);
    const recommended = await get("/api/sticker/recommendation", { stickerInstId: neighbour });
    expect(recommended.body.data.map((s: { stickerInstId: string }) => s.stickerInstId)).not.toContain(sticker);
    const row = await stickerRow(sticker);
    expect((await get("/api/sticker/listByPics", { picIds: row.picId })).body.data).toEqual([]);
    expect((await get("/api/sticker/listByPics", { picIds: row.picId }, owner)).body.data).toHaveLength(1);
    const sitemap = await (await t.server.request("/sitemaps/stickers-1.xml")).text();
    expect(sitemap).not.toContain(sticker);
    expect(sitemap).toContain(neighbour);
  });

  it("is no longer served as a public file: a gallery picture answers 404 to visitors while hidden, and again 200 once restored", async () => {
    // A gallery picture no style preview shares (a preview stays public on its own).
    const [gallery] = await db()
      .select()
      .from(stickers)
      .where(
        and(
          isNull(stickers.ownerId),
          sql`${stickers.picId} not in (select preview_pic_id from styles where preview_pic_id is not null)`,
        ),
      )
      .limit(1);
    const path = `/files/${gallery!.picId}.png`;
    expect((await t.server.request(path)).status).toBe(200);
    expect((await post("/api/admin/hide", { stickerInstId: gallery!.stickerInstId }, moderator)).body.status).toBe(200);
    const hidden = await t.server.request(path);
    expect(hidden.status).toBe(404);
    // The desk still shows it to staff, never to be kept by a shared cache; a plain user gets 404.
    const cookie = (session: TestSession) => ({ headers: { Cookie: `${sessionCookieName(t.app.config)}=${session.token}` } });
    const toStaff = await t.server.request(path, cookie(moderator));
    expect(toStaff.status).toBe(200);
    expect(toStaff.headers.get("cache-control")).toBe("private, no-store");
    expect((await t.server.request(path, cookie(plain))).status).toBe(404);
    expect((await t.server.request(`/files/download/${gallery!.picId}`)).status).toBe(404);
    expect((await post("/api/admin/restore", { stickerInstId: gallery!.stickerInstId }, moderator)).body.status).toBe(200);
    expect((await t.server.request(path)).status).toBe(200);
  });

  it("leaves others' favourites and packs (views and the public packs list) but stays in its owner's list", async () => {
    const sticker = await ownSticker();
    const fan = await newUser();
    expect((await post("/api/favorite", { stickerInstId: sticker }, fan)).body.status).toBe(200);
    const pack = await post("/api/pack/create", { name: "Fan pack", visibility: "public", stickerInstIds: [sticker] }, fan);
    expect(pack.body.status).toBe(200);
    const packId = pack.body.data.packId as string;
    expect((await get("/api/pack/get", { packId })).body.data.stickers).toHaveLength(1);
    expect((await post("/api/admin/hide", { stickerInstId: sticker, note: "test" }, moderator)).body.status).toBe(200);
    expect((await get("/api/favorite/page", {}, fan)).body.data.list).toEqual([]);
    expect((await get("/api/pack/get", { packId })).body.data.stickers).toEqual([]);
    expect((await get("/api/pack/get", { packId }, fan)).body.data.stickers).toEqual([]);
    const listed = await get("/api/pack/page", { size: "100" });
    expect(listed.body.data.list.map((p: { packId: string }) => p.packId)).not.toContain(packId);
    // A hidden sticker cannot be favourited by others either.
    expect((await post("/api/favorite", { stickerInstId: sticker }, plain)).body.status).toBe("NOT_FOUND");
    const own = await get("/api/sticker/page/mySticker", { size: "100" }, owner);
    expect(own.body.data.list.map((s: { stickerInstId: string }) => s.stickerInstId)).toContain(sticker);
  });
});

describe(`the desk's hide and restore (${engineName})`, () => {
  it("hide resolves the open reports and logs; restore brings it back to the lists and logs; the queue lists open reports oldest first", async () => {
    const first = await ownSticker();
    const second = await ownSticker();
    await post("/api/sticker/report", { stickerInstId: first, reason: "spam", note: "buy now" }, reporters[0]);
    await post("/api/sticker/report", { stickerInstId: first, reason: "spam" }, reporters[1]);
    await post("/api/sticker/report", { stickerInstId: second, reason: "hate" }, reporters[0]);
    const queue = await get("/api/admin/queue", { size: "100" }, moderator);
    const ids = queue.body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const item = queue.body.data.list.find((entry: { stickerInstId: string }) => entry.stickerInstId === first);
    expect(item).toMatchObject({
      reasons: [{ reason: "spam", count: 2 }],
      notes: [{ reason: "spam", note: "buy now" }],
      // A moderator reads the owner's address masked (decision 0035).
      owner: { userId: owner.userId, email: "o***@example.com", banned: false },
      hiddenReason: null,
    });
    expect((await post("/api/admin/hide", { stickerInstId: first, note: "spam" }, moderator)).body.status).toBe(200);
    expect((await stickerRow(first)).hiddenReason).toBe("moderator");
    const open = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.stickerId, (await stickerRow(first)).id), isNull(reports.resolvedAt)));
    expect(open).toEqual([]);
    const after = await get("/api/admin/queue", { size: "100" }, moderator);
    expect(after.body.data.list.map((entry: { stickerInstId: string }) => entry.stickerInstId)).not.toContain(first);
    expect(await latestIds()).not.toContain(first);
    expect((await post("/api/admin/restore", { stickerInstId: first }, moderator)).body.status).toBe(200);
    expect((await stickerRow(first)).hiddenAt).toBeNull();
    expect(await latestIds()).toContain(first);
    expect((await actionsOn(first)).map((a) => a.action)).toEqual(["hide", "restore"]);
    const log = await get("/api/admin/actions", { size: "5" }, admin);
    expect(log.body.data.list[0]).toMatchObject({ action: "restore", actor: { userId: moderator.userId }, stickerInstId: first });
  });

  it("restore resolves the reports that hid a sticker, so it is not hidden again by them", async () => {
    const sticker = await ownSticker();
    await hideByReports(sticker);
    expect((await post("/api/admin/restore", { stickerInstId: sticker }, moderator)).body.status).toBe(200);
    const row = await stickerRow(sticker);
    expect(row.hiddenAt).toBeNull();
    const open = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.stickerId, row.id), isNull(reports.resolvedAt)));
    expect(open).toEqual([]);
  });
});

describe(`bans (${engineName})`, () => {
  it("ends the user's sessions at once, hides their stickers (reason 'ban'), refuses sign-in and tasks with ACCOUNT_BANNED; unban restores only what the ban hid", async () => {
    const rogue = await newUser();
    const [kept, hiddenBefore] = [await ownSticker(rogue), await ownSticker(rogue)];
    await post("/api/admin/hide", { stickerInstId: hiddenBefore }, moderator);
    expect((await get("/api/sticker/page/mySticker", {}, rogue)).body.status).toBe(200);
    const ban = await post("/api/admin/ban", { userId: rogue.userId, note: "spam ring" }, moderator);
    expect(ban.body.status).toBe(200);
    // The very next call of the banned user's session is refused.
    expect((await get("/api/sticker/page/mySticker", {}, rogue)).body.status).toBe("AUTH_ERROR");
    const live = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, rogue.userId), isNull(sessions.endedAt)));
    expect(live).toEqual([]);
    expect((await stickerRow(kept)).hiddenReason).toBe("ban");
    expect((await stickerRow(hiddenBefore)).hiddenReason).toBe("moderator");
    expect(await latestIds()).not.toContain(kept);
    await expect(createSession(db(), rogue.userId)).rejects.toMatchObject({ code: "ACCOUNT_BANNED" });
    const { lockPayer } = await import("../tasks/submit-task.ts");
    await expect(db().transaction((tx) => lockPayer(tx, t.app, rogue.userId, 1))).rejects.toMatchObject({
      code: "ACCOUNT_BANNED",
    });
    const banned = await get("/api/admin/banned", {}, moderator);
    expect(banned.body.data.map((u: { userId: number }) => u.userId)).toContain(rogue.userId);

    expect((await post("/api/admin/unban", { userId: rogue.userId }, moderator)).body.status).toBe(200);
    expect((await stickerRow(kept)).hiddenAt).toBeNull();
    expect((await stickerRow(hiddenBefore)).hiddenReason).toBe("moderator");
    expect(await latestIds()).toContain(kept);
    await expect(createSession(db(), rogue.userId)).resolves.toMatchObject({ token: expect.any(String) });
    const logged = await db().select().from(moderationActions).where(eq(moderationActions.targetUserId, rogue.userId));
    expect(logged.map((a) => a.action)).toEqual(["hide", "ban", "unban"]);
  });

  it("a banned user's e-mail link signs no one in and lands on the ACCOUNT_BANNED message", async () => {
    const { latestLinkFor, openLink } = await import("#tests/support/accounts.ts");
    const rogue = await newUser();
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, rogue.userId));
    await post("/api/admin/ban", { userId: rogue.userId }, moderator);
    expect((await get("/api/getVerifyEmail", { email: row!.email! })).body.status).toBe(200);
    const answer = await openLink(t, await latestLinkFor(t, row!.email!));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("/error/403?message=errors.accountBanned");
    expect(answer.headers.get("set-cookie") ?? "").not.toContain("token=");
  });

  it("a moderator may not ban a moderator or an admin, nor themselves (NO_PERMISSION); an admin may ban a moderator", async () => {
    const otherMod = await newUser();
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, otherMod.userId));
    await grantRole(db(), { email: row!.email!, role: "moderator" });
    expect((await post("/api/admin/ban", { userId: otherMod.userId }, moderator)).body.status).toBe("NO_PERMISSION");
    expect((await post("/api/admin/ban", { userId: admin.userId }, moderator)).body.status).toBe("NO_PERMISSION");
    expect((await post("/api/admin/ban", { userId: moderator.userId }, moderator)).body.status).toBe("NO_PERMISSION");
    expect((await post("/api/admin/ban", { userId: admin.userId }, admin)).body.status).toBe("NO_PERMISSION");
    const staffSticker = await ownSticker(otherMod);
    expect((await post("/api/admin/hide", { stickerInstId: staffSticker }, moderator)).body.status).toBe("NO_PERMISSION");
    expect((await post("/api/admin/ban", { userId: otherMod.userId }, admin)).body.status).toBe(200);
    // A banned moderator is no longer staff.
    const [stillLive] = await db().select().from(users).where(eq(users.id, otherMod.userId));
    expect(stillLive!.bannedAt).not.toBeNull();
  });
});

describe(`explore (${engineName})`, () => {
  it("an editor picks a sticker into explore and takes it out; a private one cannot be picked (NOT_FOUND)", async () => {
    const sticker = await ownSticker();
    expect((await post("/api/admin/pick", { stickerInstId: sticker }, moderator)).body.status).toBe(200);
    expect(await exploreIds()).toContain(sticker);
    expect((await post("/api/admin/unpick", { stickerInstId: sticker }, moderator)).body.status).toBe(200);
    expect(await exploreIds()).not.toContain(sticker);
    const [secret] = await insertStickers(t, owner.userId, 1, { visibility: "private" });
    expect((await post("/api/admin/pick", { stickerInstId: secret!.stickerInstId }, moderator)).body.status).toBe("NOT_FOUND");
  });

  it(`a sticker favourited by ${EXPLORE_RULE_FAVORITES} other people joins explore; the owner's own favourite does not count; seeded explore stays`, async () => {
    const seeded = await exploreIds();
    const sticker = await ownSticker();
    await post("/api/favorite", { stickerInstId: sticker }, owner);
    const fans = [];
    for (let i = 0; i < EXPLORE_RULE_FAVORITES; i += 1) fans.push(await newPerson());
    for (const fan of fans.slice(0, -1)) await post("/api/favorite", { stickerInstId: sticker }, fan);
    expect(await exploreIds()).not.toContain(sticker);
    await post("/api/favorite", { stickerInstId: sticker }, fans.at(-1));
    const now = await exploreIds();
    expect(now).toContain(sticker);
    for (const id of seeded) expect(now).toContain(id);
  });

  it("a sticker an editor took out of explore does not come back through the rule", async () => {
    const sticker = await ownSticker();
    await post("/api/admin/pick", { stickerInstId: sticker }, moderator);
    await post("/api/admin/unpick", { stickerInstId: sticker }, moderator);
    for (let i = 0; i < EXPLORE_RULE_FAVORITES + 1; i += 1)
      await post("/api/favorite", { stickerInstId: sticker }, await newPerson());
    expect(await exploreIds()).not.toContain(sticker);
  });

  it("a hidden sticker leaves explore with the lists, and favourites cannot bring it in", async () => {
    const sticker = await ownSticker();
    await post("/api/admin/pick", { stickerInstId: sticker }, moderator);
    await post("/api/admin/hide", { stickerInstId: sticker }, moderator);
    expect(await exploreIds()).not.toContain(sticker);
  });
});

describe(`every /api/admin call refuses everyone but staff (${engineName})`, () => {
  const adminPaths = () => allCalls(t.app).filter((call) => call.path.startsWith("/api/admin/"));

  it("there are desk calls to check", () => {
    expect(
      adminPaths()
        .map((call) => call.path)
        .sort(),
    ).toEqual(
      [
        "/api/admin/actions",
        "/api/admin/ban",
        "/api/admin/banned",
        "/api/admin/hide",
        "/api/admin/hidePack",
        "/api/admin/packQueue",
        "/api/admin/pick",
        "/api/admin/queue",
        "/api/admin/restore",
        "/api/admin/restorePack",
        "/api/admin/unban",
        "/api/admin/unpick",
      ].sort(),
    );
  });

  it("a visitor gets AUTH_ERROR, a plain user and a banned user (even with a live session) NO_PERMISSION, and nothing changes", async () => {
    const target = await ownSticker();
    const victim = await newUser();
    const bannedStaff = await newUser();
    const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, bannedStaff.userId));
    await grantRole(db(), { email: row!.email!, role: "moderator" });
    await db().update(users).set({ bannedAt: new Date() }).where(eq(users.id, bannedStaff.userId));
    const before = (await db().select().from(moderationActions)).length;
    const pack = await post("/api/pack/create", { name: "Desk pack", visibility: "public", stickerInstIds: [target] }, owner);
    const inputs: Record<string, Record<string, unknown>> = {
      GET: {},
      sticker: { stickerInstId: target },
      pack: { packId: pack.body.data.packId },
      user: { userId: victim.userId },
    };
    const inputOf = (call: { method: string; path: string }) =>
      call.method === "GET"
        ? inputs.GET!
        : call.path.endsWith("ban")
          ? inputs.user!
          : call.path.endsWith("Pack")
            ? inputs.pack!
            : inputs.sticker!;
    for (const call of adminPaths()) {
      const input = inputOf(call);
      const send = (session?: TestSession) =>
        call.method === "GET" ? get(call.path, input as Record<string, string>, session) : post(call.path, input, session);
      const visitor = await send();
      expect([call.path, visitor.http, visitor.body.status]).toEqual([call.path, 401, "AUTH_ERROR"]);
      for (const session of [plain, bannedStaff]) {
        const answer = await send(session);
        expect([call.path, answer.http, answer.body.status]).toEqual([call.path, 403, "NO_PERMISSION"]);
      }
      const staff = await send(moderator);
      expect([call.path, staff.body.status]).toEqual([call.path, 200]);
    }
    // Only the moderator's own calls were logged (hide, restore, pick, unpick, ban, unban, hidePack, restorePack: 8).
    expect((await db().select().from(moderationActions)).length).toBe(before + 8);
  });
});
