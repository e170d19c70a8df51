import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { MONTHLY_PLAN_ID } from "#common/plans.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import type { SandboxProvider } from "#server/billing/sandbox/sandbox-provider.ts";
import { subscribe } from "#server/billing/subscribe.ts";
import {
  events,
  favorites,
  feedback,
  filesToDelete,
  packStickers,
  packs,
  pointsLedger,
  reports,
  stickers,
  stickerTags,
  subscriptions,
  tasks,
  trades,
  users,
} from "#server/db/schema.ts";
import { stickerImageKeys } from "#server/generation/index.ts";
import { changePoints } from "#server/points/change-points.ts";
import { createSession } from "#server/sessions/create-session.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { hotScore } from "#server/stickers/hot-score.ts";
import { COMMUNITY_TAG } from "#server/stickers/tags.ts";
import { startTaskWorkers, type TaskWorkers } from "#server/tasks/task-worker.ts";
import { setCookieOf, signInByEmail } from "#tests/support/accounts.ts";
import { describeOnPostgres, engineName } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, signInTestUser, storedPicture, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { findOrCreateGoogleUser } from "../google/google-user.ts";

/**
 * Deleting an account (decision 0037): the typed confirmation, every session ended, a paid plan
 * cancelled, the stickers and packs gone from every public place and from storage, the address free to
 * sign up again without a second round of starting points, and the payment records kept.
 */
let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createGalleryTestApp(2, { EMAIL_LINK_CLIENT_LIMIT: "1000", DOWNLOAD_RATE_LIMIT_PER_MINUTE: "1000" });
}, 120_000);
afterAll(async () => {
  await sandbox()?.drain();
  await closeTestApp(t);
});

const db = () => t.app.database.db;
const sandbox = () => t?.app.billing.sandbox as SandboxProvider | null;
const get = (path: string, params: Record<string, string> = {}, session?: TestSession) =>
  callApi(t, "GET", path, { params, ...(session ? { session } : {}) });
const post = (path: string, body: Record<string, unknown>, session?: TestSession, language?: string) =>
  callApi(t, "POST", path, { body, ...(session ? { session } : {}), ...(language ? { language } : {}) });
const deleteAccount = (session: TestSession, confirmation: string, language?: string) =>
  post("/api/account/delete", { confirmation }, session, language);

/** A signed-in user and the address they would type to confirm. */
async function newUser(prefix = "del"): Promise<TestSession & { email: string }> {
  seq += 1;
  const email = `${prefix}${seq}@example.com`;
  return { ...(await signInTestUser(t, email)), email };
}

/** A sticker of `ownerId` on a stored picture of its own, in the community list unless private. */
async function stickerOf(ownerId: number, o: { visibility?: "public" | "private"; word?: string } = {}) {
  seq += 1;
  const picId = await storedPicture(t, (seq * 53) % 256);
  const visibility = o.visibility ?? "public";
  const word = o.word ?? `sticker${seq}`;
  const [row] = await db()
    .insert(stickers)
    .values({
      stickerInstId: `dl${seq}${randomBytes(4).toString("hex")}`,
      picId,
      name: `${word} ${seq}`,
      prompt: `${word} ${seq}`,
      ownerId,
      visibility,
      hotScore: hotScore(0, new Date()),
    })
    .returning({ id: stickers.id, stickerInstId: stickers.stickerInstId });
  await db().insert(stickerTags).values({ stickerId: row!.id, tagId: COMMUNITY_TAG });
  return { id: row!.id, stickerInstId: row!.stickerInstId, picId };
}

async function stored(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.app.storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const latestIds = async () =>
  (await get("/api/square/pageByTag", { tagId: String(COMMUNITY_TAG), size: "100" })).body.data.list.map(
    (item: { stickerInstId: string }) => item.stickerInstId,
  );
const searchIds = async (q: string) =>
  (await get("/api/search", { q })).body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId);
const sitemap = async (file: string) => (await t.server.request(`/sitemaps/${file}`)).text();
const pointsOf = async (userId: number) =>
  (await db().select({ point: users.point }).from(users).where(eq(users.id, userId)))[0]?.point;

async function paidMember(session: TestSession) {
  const url = await subscribe(t.app, session.userId, { plan: MONTHLY_PLAN_ID });
  await sandbox()!.pay(url.split("/").pop() as string);
  await sandbox()!.drain();
}

async function subscriptionOf(userId: number) {
  const [row] = await db()
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return row;
}

describe(`the deletion dialog's facts and its confirmation (${engineName})`, () => {
  it("GET /api/account/summary names what goes: stickers, packs, favourites, the points balance, the paid plan, and the address to type", async () => {
    const user = await signInByEmail(t, "summary.person@example.com");
    const other = await newUser();
    const mine = [await stickerOf(user.userId), await stickerOf(user.userId, { visibility: "private" })];
    const theirs = await stickerOf(other.userId);
    expect((await post("/api/favorite", { stickerInstId: theirs.stickerInstId }, user)).body.status).toBe(200);
    expect((await post("/api/pack/create", { name: "Mine", stickerInstIds: [mine[0]!.stickerInstId] }, user)).body.status).toBe(
      200,
    );
    expect((await get("/api/account/summary", {}, user)).body.data).toEqual({
      email: "summary.person@example.com",
      confirmation: "summary.person@example.com",
      stickers: 2,
      packs: 1,
      favorites: 1,
      points: t.app.config.STARTING_POINTS,
      plan: null,
    });
    await paidMember(user);
    expect((await get("/api/account/summary", {}, user)).body.data.plan).toMatchObject({
      planId: MONTHLY_PLAN_ID,
      cancelAtPeriodEnd: false,
    });
    expect((await get("/api/account/summary")).http).toBe(401);
  });

  it("a confirmation that is not the account's address is refused with ACCOUNT_DELETE_UNCONFIRMED in the caller's language, and nothing changes", async () => {
    const user = await newUser();
    const sticker = await stickerOf(user.userId);
    for (const wrong of ["someone@example.com", "DELETE", ""]) {
      const answer = await deleteAccount(user, wrong, "ja");
      expect([wrong, answer.http, answer.body.status, answer.body.msgKey]).toEqual([
        wrong,
        400,
        "ACCOUNT_DELETE_UNCONFIRMED",
        "errors.accountDeleteUnconfirmed",
      ]);
      expect((answer.body as { msg?: string }).msg).toBe(translate("ja", "errors.accountDeleteUnconfirmed"));
    }
    const missing = await post("/api/account/delete", {}, user);
    expect([missing.http, missing.body.status]).toEqual([400, "INVALID_INPUT"]);
    expect((await get("/api/user/refreshUserInfo", {}, user)).body.status).toBe(200);
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId })).body.status).toBe(200);
    expect((await post("/api/account/delete", { confirmation: "x" })).body.status).toBe("AUTH_ERROR");
  });
});

describe(`deleting an account (${engineName})`, () => {
  it("ends every session, cancels the paid plan, takes the stickers and packs out of every list, the search, the sitemap and storage, and keeps the payment records", async () => {
    const email = "gone.person+shop@gmail.com";
    const first = await signInByEmail(t, email);
    const second = await signInByEmail(t, email);
    expect(second.userId).toBe(first.userId);
    const userId = first.userId;
    const other = await newUser();

    const word = "quizzlewump";
    const shown = await stickerOf(userId, { word });
    const alsoShown = await stickerOf(userId);
    const secret = await stickerOf(userId, { visibility: "private" });
    const theirs = await stickerOf(other.userId);
    const theirsToo = await stickerOf(other.userId);
    // The user's favourite of another's sticker, and another's pack holding the user's sticker.
    expect((await post("/api/favorite", { stickerInstId: theirs.stickerInstId }, first)).body.status).toBe(200);
    expect((await post("/api/favorite", { stickerInstId: shown.stickerInstId }, other)).body.status).toBe(200);
    const othersPack = await post(
      "/api/pack/create",
      {
        name: "Mixed",
        visibility: "public",
        stickerInstIds: [theirs.stickerInstId, shown.stickerInstId, theirsToo.stickerInstId],
      },
      other,
    );
    const ownPack = await post(
      "/api/pack/create",
      { name: "Gone pack", visibility: "public", stickerInstIds: [shown.stickerInstId, alsoShown.stickerInstId] },
      first,
    );
    const packId = ownPack.body.data.packId as string;
    // Files made from the user's pictures: a download, pack archives, an avatar, an uploaded photo.
    expect((await t.server.request(`/files/download/${shown.picId}`)).status).toBe(200);
    expect((await t.server.request(`/files/pack/${packId}/telegram`)).status).toBe(200);
    expect((await t.server.request(`/files/pack/${othersPack.body.data.packId}/telegram`)).status).toBe(200);
    const ownerCookie = { headers: { Cookie: `${sessionCookieName(t.app.config)}=${first.token}` } };
    expect((await t.server.request(`/files/pack/${packId}/originals`, ownerCookie)).status).toBe(200);
    const avatarKey = `avatar-${randomBytes(20).toString("hex")}.webp`;
    await t.app.storage.put(avatarKey, Buffer.from("avatar"), "image/webp");
    await db()
      .update(users)
      .set({ avatarPath: `/files/${avatarKey}` })
      .where(eq(users.id, userId));
    const uploadKey = `upload-${randomBytes(20).toString("hex")}.png`;
    await t.app.storage.put(uploadKey, Buffer.from("photo"), "image/png");
    await db().insert(tasks).values({ userId, type: 2, status: 2, inputKey: uploadKey, visibility: "private" });
    // A report the user filed, feedback they sent, an analytics event of theirs.
    expect((await post("/api/sticker/report", { stickerInstId: theirs.stickerInstId, reason: "spam" }, first)).body.status).toBe(
      200,
    );
    expect((await post("/api/userFeedback", { content: "Lovely stickers, from me" }, first)).body.status).toBe(200);
    await db().insert(events).values({ userId, name: "page_view", path: "/" });
    await paidMember(first);
    const tradesBefore = await db().select().from(trades).where(eq(trades.userId, userId));
    expect(tradesBefore.length).toBeGreaterThan(0);

    const pictureKeys = [shown, alsoShown, secret].flatMap((s) => Object.values(stickerImageKeys(s.picId)));
    const derived = (await stored("derived-")).filter((key) => [shown, alsoShown].some((s) => key.includes(s.picId)));
    const archives = await stored("pack-");
    expect(derived.length).toBeGreaterThanOrEqual(3);
    expect(archives.length).toBeGreaterThanOrEqual(3);
    for (const key of [...pictureKeys, avatarKey, uploadKey]) expect([key, await t.app.storage.has(key)]).toEqual([key, true]);
    expect(await latestIds()).toEqual(expect.arrayContaining([shown.stickerInstId, alsoShown.stickerInstId]));
    expect(await searchIds(word)).toContain(shown.stickerInstId);
    expect(await sitemap("stickers-1.xml")).toContain(shown.stickerInstId);
    expect(await sitemap("packs-1.xml")).toContain(packId);

    const answer = await callApi(t, "POST", "/api/account/delete", {
      body: { confirmation: "  Gone.Person+Shop@gmail.com " },
      session: second,
    });
    expect(answer.body).toEqual({ status: 200, data: { deleted: true, planCancelled: true } });

    // Every session, on every device, is over.
    for (const session of [first, second]) {
      expect((await get("/api/user/refreshUserInfo", {}, session)).body.status).toBe("AUTH_ERROR");
      expect((await get("/api/account/summary", {}, session)).body.status).toBe("AUTH_ERROR");
    }
    // The plan is cancelled at the provider; payment records and the ledger stay, the balance is 0.
    expect(await subscriptionOf(userId)).toMatchObject({ cancelAtPeriodEnd: true });
    expect(await db().select().from(trades).where(eq(trades.userId, userId))).toHaveLength(tradesBefore.length);
    const ledger = await db().select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));
    expect(ledger.map((row) => [row.reason, row.delta, row.balanceAfter])).toEqual([
      ["signup", t.app.config.STARTING_POINTS, t.app.config.STARTING_POINTS],
      ["account deleted", -t.app.config.STARTING_POINTS, 0],
    ]);
    // Nothing of the account in any public place.
    expect(await latestIds()).not.toEqual(expect.arrayContaining([shown.stickerInstId]));
    expect(await latestIds()).not.toContain(alsoShown.stickerInstId);
    expect(await searchIds(word)).toEqual([]);
    expect(await sitemap("stickers-1.xml")).not.toContain(shown.stickerInstId);
    expect(await sitemap("packs-1.xml")).not.toContain(packId);
    for (const sticker of [shown, alsoShown, secret]) {
      expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId })).body.status).toBe("NOT_FOUND");
      expect((await t.server.request(`/files/${sticker.picId}.png`)).status).toBe(404);
    }
    expect((await get("/api/pack/get", { packId })).body.status).toBe("PACK_NOT_FOUND");
    // Nothing of it in storage: pictures, downloads, archives, the avatar, the uploaded photo.
    for (const key of [...pictureKeys, ...derived, ...archives, avatarKey, uploadKey]) {
      expect([key, await t.app.storage.has(key)]).toEqual([key, false]);
    }
    expect(await db().select().from(filesToDelete)).toEqual([]);
    // Others' things lose what was the account's: a place in a pack (the rest renumbered), a favourite.
    const places = await db()
      .select({ stickerId: packStickers.stickerId, position: packStickers.position })
      .from(packStickers)
      .innerJoin(packs, eq(packs.id, packStickers.packId))
      .where(eq(packs.packId, othersPack.body.data.packId))
      .orderBy(asc(packStickers.position));
    expect(places).toEqual([
      { stickerId: theirs.id, position: 0 },
      { stickerId: theirsToo.id, position: 1 },
    ]);
    const [favourited] = await db().select({ n: stickers.favoriteCount }).from(stickers).where(eq(stickers.id, theirs.id));
    expect(favourited?.n).toBe(0);
    expect(await db().select().from(favorites).where(eq(favorites.userId, userId))).toEqual([]);
    // The report stays with the desk, its reporter now an empty account; feedback goes; events lose the id.
    expect(await db().select({ id: reports.id }).from(reports).where(eq(reports.reporterId, userId))).toHaveLength(1);
    expect(await db().select().from(feedback).where(eq(feedback.userId, userId))).toEqual([]);
    expect(await db().select().from(events).where(eq(events.userId, userId))).toEqual([]);
    expect(await db().select().from(tasks).where(eq(tasks.userId, userId))).toEqual([]);
    const [row] = await db().select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      email: null,
      mailbox: null,
      googleId: null,
      nick: "",
      avatarPath: null,
      inviteCode: null,
      deleted: true,
      point: 0,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);

    // The address is free again, without a second round of starting points (any spelling of the mailbox).
    const again = await signInByEmail(t, email);
    expect(again.userId).not.toBe(userId);
    expect(await pointsOf(again.userId)).toBe(0);
    expect(await db().select().from(pointsLedger).where(eq(pointsLedger.userId, again.userId))).toEqual([]);
    const dotted = await signInByEmail(t, "goneperson@googlemail.com");
    expect(await pointsOf(dotted.userId)).toBe(0);
  });

  it("the answer clears the session cookie of the tab that asked", async () => {
    const user = await newUser();
    const response = await t.server.request(
      await signedRequest("POST", "/api/account/delete", {
        key: user.signingKey,
        body: { confirmation: user.email },
        headers: { Cookie: `${sessionCookieName(t.app.config)}=${user.token}` },
      }),
    );
    expect((await response.json()).status).toBe(200);
    const cookie = setCookieOf(response, sessionCookieName(t.app.config));
    expect(cookie?.value).toBe("");
    expect(cookie?.attributes).toMatch(/Max-Age=0/i);
  });

  it("a Google account deleted: the same Google identity signs up as a new account with 0 starting points", async () => {
    const identity = { sub: `google-gone-${seq}`, email: "google.gone@example.com", name: "Gone" };
    const made = await findOrCreateGoogleUser(db(), t.app.config, { identity, inviteCode: null });
    expect(await pointsOf(made.userId)).toBe(t.app.config.STARTING_POINTS);
    const session = await createSession(db(), made.userId);
    const viewer = { userId: made.userId, token: session.token, signingKey: session.signingKey };
    expect((await deleteAccount(viewer, "google.gone@example.com")).body.status).toBe(200);
    const again = await findOrCreateGoogleUser(db(), t.app.config, { identity, inviteCode: null });
    expect(again).toMatchObject({ created: true });
    expect(again.userId).not.toBe(made.userId);
    expect(await pointsOf(again.userId)).toBe(0);
  });

  it("a paid plan the provider cannot cancel stops the deletion: PAYMENT_PROVIDER_ERROR, and nothing is deleted", async () => {
    const user = await newUser();
    const sticker = await stickerOf(user.userId);
    await paidMember(user);
    const provider = t.app.billing.provider;
    const original = provider.cancelAtPeriodEnd;
    provider.cancelAtPeriodEnd = async () => {
      throw new Error("provider down");
    };
    let answer: Awaited<ReturnType<typeof deleteAccount>>;
    try {
      answer = await deleteAccount(user, user.email);
    } finally {
      provider.cancelAtPeriodEnd = original;
    }
    expect([answer.http, answer.body.status]).toEqual([502, "PAYMENT_PROVIDER_ERROR"]);
    expect((await get("/api/user/refreshUserInfo", {}, user)).body.status).toBe(200);
    expect((await get("/api/sticker/get", { stickerInstId: sticker.stickerInstId })).body.status).toBe(200);
    expect(await subscriptionOf(user.userId)).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it("a plan paid after the deletion (a checkout opened before it) is cancelled at period end at once", async () => {
    const user = await newUser();
    const url = await subscribe(t.app, user.userId, { plan: MONTHLY_PLAN_ID });
    expect((await deleteAccount(user, user.email)).body.data).toEqual({ deleted: true, planCancelled: false });
    await sandbox()!.pay(url.split("/").pop() as string);
    await sandbox()!.drain();
    const row = await subscriptionOf(user.userId);
    expect(["trialing", "active"]).toContain(row?.status);
    expect(row?.cancelAtPeriodEnd).toBe(true);
  });
});

describe(`the public lists' cache (${engineName})`, () => {
  it("a list kept for minutes drops the deleted account's stickers at once", async () => {
    const cached = await createGalleryTestApp(0, { PUBLIC_LIST_CACHE_SECONDS: "300" });
    try {
      const user = { ...(await signInTestUser(cached, "cached.person@example.com")), email: "cached.person@example.com" };
      const picId = await storedPicture(cached, 7);
      const [row] = await cached.app.database.db
        .insert(stickers)
        .values({ stickerInstId: "cachedsticker1", picId, name: "cached", prompt: "cached", ownerId: user.userId, hotScore: 1 })
        .returning({ id: stickers.id });
      await cached.app.database.db.insert(stickerTags).values({ stickerId: row!.id, tagId: COMMUNITY_TAG });
      const listed = async () =>
        (
          await callApi(cached, "GET", "/api/square/pageByTag", { params: { tagId: String(COMMUNITY_TAG), size: "100" } })
        ).body.data.list.map((item: { stickerInstId: string }) => item.stickerInstId);
      expect(await listed()).toContain("cachedsticker1");
      const answer = await callApi(cached, "POST", "/api/account/delete", { body: { confirmation: user.email }, session: user });
      expect(answer.body.status).toBe(200);
      expect(await listed()).not.toContain("cachedsticker1");
    } finally {
      await closeTestApp(cached);
    }
  });
});

describeOnPostgres("deleting an account under concurrency", () => {
  /** Waits until one of the user's tasks is being drawn, so the deletion meets a sticker being finished. */
  async function oneTaskDrawing(userId: number) {
    for (;;) {
      const open = await db()
        .select({ status: tasks.status })
        .from(tasks)
        .where(and(eq(tasks.userId, userId), inArray(tasks.status, [TASK_STATUS.exeing, TASK_STATUS.success])));
      if (open.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("deletions of one account at once, while its stickers are being drawn, more are submitted, a favourite and a pack are added and its points change: one deletion wins, the other calls answer AUTH_ERROR once it has, the ledger sums to the balance and nothing of the account is left", async () => {
    for (let round = 0; round < 4; round += 1) {
      const workers: TaskWorkers = await startTaskWorkers(t.app);
      const user = await newUser("race");
      await stickerOf(user.userId);
      await changePoints(db(), { userId: user.userId, delta: 20, reason: "test", idempotencyKey: `race-grant:${user.userId}` });
      for (const prompt of ["a racing fox", "a racing owl"]) {
        expect((await post("/api/aitask/submitGenerateText", { prompt, visibility: "public" }, user)).body.status).toBe(200);
      }
      await oneTaskDrawing(user.userId);
      const someoneElses = (await latestIds()).find((id: string) => id.startsWith("dl") === false) as string;
      const [deletions, calls] = await Promise.all([
        Promise.all([deleteAccount(user, user.email), deleteAccount(user, user.email)]),
        Promise.all([
          post("/api/aitask/submitGenerateText", { prompt: "a racing cat", visibility: "public" }, user),
          post("/api/favorite", { stickerInstId: someoneElses }, user),
          post("/api/pack/create", { name: "Racing pack", visibility: "public" }, user),
        ]),
        changePoints(db(), { userId: user.userId, delta: 5, reason: "test", idempotencyKey: `race-more:${user.userId}` }),
      ]);
      expect(deletions.map((answer) => answer.body.status).sort()).toEqual([200, "AUTH_ERROR"].sort());
      for (const answer of calls) expect([200, "AUTH_ERROR"]).toContain(answer.body.status);
      // The drawings under way end (their tasks are gone, so they store no sticker).
      await workers.stop();
      const [row] = await db()
        .select({ point: users.point, deleted: users.deleted })
        .from(users)
        .where(eq(users.id, user.userId));
      expect(row?.deleted).toBe(true);
      const ledger = await db()
        .select({ delta: pointsLedger.delta })
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, user.userId));
      expect(ledger.reduce((sum, entry) => sum + entry.delta, 0)).toBe(row?.point);
      expect(await db().select({ id: stickers.id }).from(stickers).where(eq(stickers.ownerId, user.userId))).toEqual([]);
      expect(await db().select({ id: tasks.id }).from(tasks).where(eq(tasks.userId, user.userId))).toEqual([]);
      expect(await db().select().from(favorites).where(eq(favorites.userId, user.userId))).toEqual([]);
      expect(await db().select({ id: packs.id }).from(packs).where(eq(packs.ownerId, user.userId))).toEqual([]);
    }
  });
});
