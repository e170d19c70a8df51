import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#common/errors.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { signInByEmail } from "#tests/support/accounts.ts";
import { engineName } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { findOrCreateGoogleUser } from "../accounts/google/google-user.ts";
import { mailboxOf } from "../accounts/mailbox.ts";
import { invites, pointsLedger, tasks, users } from "../db/schema.ts";
import { createOfflineProvider, type GenerationProvider } from "../generation/index.ts";
import { changePoints } from "../points/change-points.ts";
import { runTaskAttempt } from "../tasks/run-task.ts";
import { INVITE_CODE_PATTERN } from "./invite-code.ts";
import { payInviteRewards } from "./pay-invite-rewards.ts";
import { recordInvite } from "./record-invite.ts";

const REWARDS_PER_DAY = 2;
let t: TestApp;
beforeAll(async () => {
  t = await createGalleryTestApp(0, {
    TEXT_GENERATION_COST: "1",
    INVITE_REWARDS_PER_DAY: String(REWARDS_PER_DAY),
    EMAIL_LINK_CLIENT_LIMIT: "1000", // every sign-in here comes from one test client
  });
});
afterAll(async () => {
  await closeTestApp(t);
});

const offline = createOfflineProvider();
const refusing: GenerationProvider = {
  name: "refusing",
  textToSticker: () => Promise.reject(new AppError("PROVIDER_REJECTED", "refused", { retryable: false })),
  imageToSticker: () => Promise.reject(new AppError("PROVIDER_REJECTED", "refused", { retryable: false })),
};

const pointsOf = async (userId: number) =>
  (await t.app.database.db.select({ point: users.point }).from(users).where(eq(users.id, userId)))[0]?.point;
const inviteOf = async (inviteeId: number) =>
  (await t.app.database.db.select().from(invites).where(eq(invites.inviteeId, inviteeId)))[0] ?? null;
const inviteKeysOf = async (inviteeId: number) =>
  (
    await t.app.database.db
      .select()
      .from(pointsLedger)
      .where(like(pointsLedger.idempotencyKey, `invite:${inviteeId}:%`))
  )
    .map((row) => row.idempotencyKey)
    .sort();

async function inviteCodeOf(session: TestSession): Promise<string> {
  return (await callApi(t, "GET", "/api/user/invcode", { session })).body.data.code;
}

/** An inviter signed in by e-mail, and their code. */
async function inviter(email: string) {
  const session = await signInByEmail(t, email);
  return { ...session, code: await inviteCodeOf(session) };
}

/** Submits a text sticker through the API and runs its job attempt with `provider` (as a worker would). */
async function makeSticker(session: TestSession, provider: GenerationProvider = offline): Promise<number> {
  const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a waving fox" }, session });
  expect(submit.body.status).toBe(200);
  const taskId: number = submit.body.data.taskId;
  await runTaskAttempt(t.app, provider, { taskId, retryCount: 0, retryLimit: 0 });
  return taskId;
}

/** A point pack bought by an account that started with none (another account of its mailbox had them, decision 0035). */
async function buyPoints(session: TestSession, points: number): Promise<void> {
  await changePoints(t.app.database.db, {
    userId: session.userId,
    delta: points,
    reason: "pack",
    idempotencyKey: `pack:test-${session.userId}`,
  });
}

const statusOf = async (taskId: number) =>
  (await t.app.database.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, taskId)))[0]?.status;

describe("GET /api/user/invcode", () => {
  it("answers the user's own stable code", async () => {
    const user = await signInByEmail(t, "coder@example.com");
    const first = await callApi(t, "GET", "/api/user/invcode", { session: user });
    expect(first.body.status).toBe(200);
    expect(first.body.data.code).toMatch(INVITE_CODE_PATTERN);
    expect((await callApi(t, "GET", "/api/user/invcode", { session: user })).body.data.code).toBe(first.body.data.code);
    const other = await signInByEmail(t, "coder2@example.com");
    expect((await callApi(t, "GET", "/api/user/invcode", { session: other })).body.data.code).not.toBe(first.body.data.code);
  });
});

describe("invite links", () => {
  it("/invite/{code} keeps the code in a readable cookie for 30 days and lands on home", async () => {
    const response = await t.server.request("/invite/abcd2345");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("inviteCode="));
    expect(cookie).toMatch(/^inviteCode=ABCD2345;/);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("/{lang}/invite/{code} lands on that language's home; a malformed code sets no cookie", async () => {
    const fr = await t.server.request("/fr/invite/ABCD2345");
    expect(fr.headers.get("location")).toBe("/fr");
    expect((await t.server.request("/zh-TW/invite/ABCD2345")).headers.get("location")).toBe("/zh-TW");
    const bad = await t.server.request("/invite/<script>");
    expect(bad.headers.get("location")).toBe("/");
    expect(bad.headers.getSetCookie()).toEqual([]);
    // Not a language: the path is left to the pages (404 there).
    expect((await t.server.request("/xx/invite/ABCD2345")).status).toBe(200);
  });
});

describe(`invite rewards arrive with the invitee's first sticker (${engineName})`, () => {
  it("records the invite at sign-up but pays nobody yet", async () => {
    const host = await inviter("host1@example.com");
    const guest = await signInByEmail(t, "guest1@example.com", { invCode: host.code.toLowerCase() });
    expect(await inviteOf(guest.userId)).toMatchObject({ inviterId: host.userId, code: host.code, rewardedAt: null });
    const [row] = await t.app.database.db.select({ invitedBy: users.invitedBy }).from(users).where(eq(users.id, guest.userId));
    expect(row?.invitedBy).toBe(host.userId);
    expect(await pointsOf(guest.userId)).toBe(10);
    expect(await pointsOf(host.userId)).toBe(10);
    expect(await inviteKeysOf(guest.userId)).toEqual([]);
  });

  it("pays the invitee and the inviter once when the first sticker succeeds, and nothing with the second", async () => {
    const host = await inviter("host2@example.com");
    const guest = await signInByEmail(t, "guest2@example.com", { invCode: host.code });
    const reward = t.app.config.INVITE_REWARD_POINTS;

    expect(await statusOf(await makeSticker(guest))).toBe(TASK_STATUS.success);
    expect(await pointsOf(guest.userId)).toBe(10 - 1 + reward);
    expect(await pointsOf(host.userId)).toBe(10 + reward);
    expect(await inviteOf(guest.userId)).toMatchObject({ inviterRewarded: true, rewardedAt: expect.any(Date) });
    expect(await inviteKeysOf(guest.userId)).toEqual([`invite:${guest.userId}:invitee`, `invite:${guest.userId}:inviter`]);

    expect(await statusOf(await makeSticker(guest))).toBe(TASK_STATUS.success);
    expect(await pointsOf(guest.userId)).toBe(10 - 2 + reward);
    expect(await pointsOf(host.userId)).toBe(10 + reward);
    // Signing in again with the code changes nothing either.
    await signInByEmail(t, "guest2@example.com", { invCode: host.code });
    expect(await pointsOf(host.userId)).toBe(10 + reward);
    expect(await inviteKeysOf(guest.userId)).toHaveLength(2);
  });

  it("pays nothing for a failed first sticker (refunded); the next successful one pays", async () => {
    const host = await inviter("host3@example.com");
    const guest = await signInByEmail(t, "guest3@example.com", { invCode: host.code });
    expect(await statusOf(await makeSticker(guest, refusing))).toBe(TASK_STATUS.failed);
    expect(await pointsOf(guest.userId)).toBe(10);
    expect(await pointsOf(host.userId)).toBe(10);
    expect(await inviteOf(guest.userId)).toMatchObject({ rewardedAt: null });

    await makeSticker(guest);
    expect(await pointsOf(guest.userId)).toBe(9 + t.app.config.INVITE_REWARD_POINTS);
    expect(await pointsOf(host.userId)).toBe(10 + t.app.config.INVITE_REWARD_POINTS);
  });

  it("gives nothing to an existing user, for a self-invite, or for an unknown code", async () => {
    const host = await inviter("host4@example.com");
    await signInByEmail(t, "host4@example.com", { invCode: host.code });
    const stranger = await signInByEmail(t, "stranger@example.com", { invCode: "ZZZZZZZZ" });
    await makeSticker(host);
    await makeSticker(stranger);
    expect(await pointsOf(host.userId)).toBe(9);
    expect(await pointsOf(stranger.userId)).toBe(9);
    expect(await t.app.database.db.select().from(invites).where(eq(invites.inviterId, host.userId))).toHaveLength(0);
    expect(await inviteOf(stranger.userId)).toBeNull();
  });
});

describe(`one mailbox is invited once (${engineName})`, () => {
  it("a plus-tagged or dotted Gmail variant of an invited address is not invited and pays nobody", async () => {
    const host = await inviter("host5@example.com");
    const first = await signInByEmail(t, "jane.doe@gmail.com", { invCode: host.code });
    const variants = [];
    for (const email of ["JaneDoe+promo@googlemail.com", "j.a.n.e.d.o.e+2@gmail.com", "janedoe@gmail.com"]) {
      variants.push(await signInByEmail(t, email, { invCode: host.code }));
    }
    expect(new Set([first.userId, ...variants.map((v) => v.userId)]).size).toBe(4); // four accounts, one mailbox
    for (const variant of variants) {
      expect(await inviteOf(variant.userId)).toBeNull();
      // The mailbox's starting points went to its first account: a variant pays for its sticker.
      expect(await pointsOf(variant.userId)).toBe(0);
      await buyPoints(variant, 10);
      await makeSticker(variant);
      expect(await pointsOf(variant.userId)).toBe(9);
    }
    expect(await pointsOf(host.userId)).toBe(10);
    await makeSticker(first);
    expect(await pointsOf(first.userId)).toBe(9 + t.app.config.INVITE_REWARD_POINTS);
    expect(await pointsOf(host.userId)).toBe(10 + t.app.config.INVITE_REWARD_POINTS);
  });

  it("a variant of an account that signed up without a code, or of the inviter's own address, is not invited", async () => {
    const host = await inviter("boss@example.com");
    await signInByEmail(t, "sam@example.com");
    const samAgain = await signInByEmail(t, "Sam+again@example.com", { invCode: host.code });
    const bossAlt = await signInByEmail(t, "boss+alt@example.com", { invCode: host.code });
    for (const user of [samAgain, bossAlt]) {
      expect(await inviteOf(user.userId)).toBeNull();
      await buyPoints(user, 10);
      await makeSticker(user);
    }
    expect(await pointsOf(host.userId)).toBe(10);
  });

  it("a Google sign-up counts by the same mailbox as an e-mail one", async () => {
    const host = await inviter("host6@example.com");
    const db = t.app.database.db;
    const byLink = await signInByEmail(t, "max.power@gmail.com", { invCode: host.code });
    const google = await findOrCreateGoogleUser(db, t.app.config, {
      identity: { sub: "google-maxpower", email: "MaxPower@gmail.com", name: "Max" },
      inviteCode: host.code,
    });
    expect(google.created).toBe(true);
    expect(await inviteOf(google.userId)).toBeNull();
    expect(await inviteOf(byLink.userId)).not.toBeNull();
    const fresh = await findOrCreateGoogleUser(db, t.app.config, {
      identity: { sub: "google-fresh", email: "fresh.face+x@gmail.com", name: null },
      inviteCode: host.code,
    });
    expect(await inviteOf(fresh.userId)).toMatchObject({ inviterId: host.userId });
    const [row] = await db.select({ mailbox: users.mailbox }).from(users).where(eq(users.id, fresh.userId));
    expect(row?.mailbox).toBe("freshface@gmail.com");
  });

  it("records one invite when the same mailbox signs up in parallel", async () => {
    const host = await inviter("host7@example.com");
    const db = t.app.database.db;
    const emails = ["twin@gmail.com", "t.win@gmail.com", "tw.in+a@gmail.com", "twi.n+b@googlemail.com"];
    const rows = await db
      .insert(users)
      .values(emails.map((email) => ({ email, mailbox: mailboxOf(email) })))
      .returning({ id: users.id, mailbox: users.mailbox });
    await Promise.allSettled(
      rows.map((row) =>
        db.transaction((tx) => recordInvite(tx, { inviteeId: row.id, mailbox: row.mailbox ?? "", code: host.code })),
      ),
    );
    // All four rows were committed before the invites: each sees the others, so none is invited.
    expect(await db.select().from(invites).where(eq(invites.inviterId, host.userId))).toHaveLength(0);

    const racers = await Promise.allSettled(
      ["racer@gmail.com", "ra.cer@gmail.com", "racer+1@gmail.com"].map((email) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({ email, mailbox: mailboxOf(email) })
            .returning({ id: users.id });
          return recordInvite(tx, { inviteeId: row!.id, mailbox: mailboxOf(email), code: host.code });
        }),
      ),
    );
    expect(racers.filter((r) => r.status === "fulfilled" && r.value !== null)).toHaveLength(1);
    expect(await db.select().from(invites).where(eq(invites.inviterId, host.userId))).toHaveLength(1);
  });
});

describe(`an inviter's daily cap (${engineName})`, () => {
  it(`pays the inviter at most INVITE_REWARDS_PER_DAY (${REWARDS_PER_DAY}) rewards a UTC day; invitees past it still get theirs`, async () => {
    const host = await inviter("popular@example.com");
    const reward = t.app.config.INVITE_REWARD_POINTS;
    const guests = [];
    for (let i = 1; i <= REWARDS_PER_DAY + 1; i++)
      guests.push(await signInByEmail(t, `fan${i}@example.com`, { invCode: host.code }));
    for (const guest of guests) await makeSticker(guest);
    for (const guest of guests) expect(await pointsOf(guest.userId)).toBe(9 + reward);
    expect(await pointsOf(host.userId)).toBe(10 + REWARDS_PER_DAY * reward);
    const last = guests.at(-1)!;
    expect(await inviteOf(last.userId)).toMatchObject({ inviterRewarded: false, rewardedAt: expect.any(Date) });
    expect(await inviteKeysOf(last.userId)).toEqual([`invite:${last.userId}:invitee`]);
    // The unpaid reward is not paid later, even by another sticker.
    await makeSticker(last);
    expect(await pointsOf(host.userId)).toBe(10 + REWARDS_PER_DAY * reward);

    // The next UTC day counts afresh.
    const tomorrow = await signInByEmail(t, "fan-tomorrow@example.com", { invCode: host.code });
    const next = new Date();
    next.setUTCDate(next.getUTCDate() + 1);
    next.setUTCHours(0, 0, 1, 0);
    const paid = await t.app.database.db.transaction((tx) =>
      payInviteRewards(tx, t.app.config, { inviteeId: tomorrow.userId, now: next }),
    );
    expect(paid).toEqual({ inviterId: host.userId, inviterRewarded: true });
    expect(await pointsOf(host.userId)).toBe(10 + (REWARDS_PER_DAY + 1) * reward);
  });
});

describe(`rewards under concurrency (${engineName})`, () => {
  it("three tasks of the invitee finishing at once pay the rewards once", async () => {
    const host = await inviter("host8@example.com");
    const guest = await signInByEmail(t, "busy@example.com", { invCode: host.code });
    // Three different prompts: the pictures differ, so only the rewards are shared between the tasks.
    const ids: number[] = [];
    for (const prompt of ["a red fox", "a blue whale", "a green frog"]) {
      ids.push(
        (await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt }, session: guest })).body.data.taskId,
      );
    }
    await Promise.all(ids.map((taskId) => runTaskAttempt(t.app, offline, { taskId, retryCount: 0, retryLimit: 0 })));
    for (const id of ids) expect(await statusOf(id)).toBe(TASK_STATUS.success);
    const reward = t.app.config.INVITE_REWARD_POINTS;
    expect(await pointsOf(guest.userId)).toBe(10 - 3 + reward);
    expect(await pointsOf(host.userId)).toBe(10 + reward);
    expect(await inviteKeysOf(guest.userId)).toEqual([`invite:${guest.userId}:invitee`, `invite:${guest.userId}:inviter`]);
    const rewardRows = await t.app.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.reason, "invite"), eq(pointsLedger.userId, host.userId)));
    expect(rewardRows).toHaveLength(1);
  });

  it("ten parallel payments for one invitee pay once", async () => {
    const host = await inviter("host9@example.com");
    const guest = await signInByEmail(t, "eager@example.com", { invCode: host.code });
    const db = t.app.database.db;
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction((tx) => payInviteRewards(tx, t.app.config, { inviteeId: guest.userId }))),
    );
    expect(outcomes.filter((o) => o !== null)).toHaveLength(1);
    expect(await pointsOf(guest.userId)).toBe(10 + t.app.config.INVITE_REWARD_POINTS);
    expect(await pointsOf(host.userId)).toBe(10 + t.app.config.INVITE_REWARD_POINTS);
  });

  it("first stickers of many invitees at once pay their inviter exactly the daily cap", async () => {
    const host = await inviter("crowd@example.com");
    const guests = [];
    for (let i = 0; i < 6; i++) guests.push(await signInByEmail(t, `crowd${i}@example.com`, { invCode: host.code }));
    const db = t.app.database.db;
    const outcomes = await Promise.all(
      guests.map((guest) => db.transaction((tx) => payInviteRewards(tx, t.app.config, { inviteeId: guest.userId }))),
    );
    expect(outcomes.filter((o) => o?.inviterRewarded)).toHaveLength(REWARDS_PER_DAY);
    expect(await pointsOf(host.userId)).toBe(10 + REWARDS_PER_DAY * t.app.config.INVITE_REWARD_POINTS);
    for (const guest of guests) expect(await pointsOf(guest.userId)).toBe(10 + t.app.config.INVITE_REWARD_POINTS);
  });
});
