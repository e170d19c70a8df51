import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/setup/test-app.ts";
import { closeTestApp, signInByEmail } from "../accounts/test-helpers.ts";
import { invites, pointsLedger, users } from "../db/schema.ts";
import { callApi } from "../stickers/test-helpers.ts";
import { applyInvite } from "./apply-invite.ts";
import { INVITE_CODE_PATTERN } from "./invite-code.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const pointsOf = async (userId: number) =>
  (await t.app.database.db.select({ point: users.point }).from(users).where(eq(users.id, userId)))[0]?.point;

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

describe("invite rewards", () => {
  it("credit the new user and the inviter once each at e-mail sign-up", async () => {
    const inviter = await signInByEmail(t, "inviter@example.com");
    const { code } = (await callApi(t, "GET", "/api/user/invcode", { session: inviter })).body.data;
    const invitee = await signInByEmail(t, "invitee@example.com", { invCode: code.toLowerCase() });
    const reward = t.app.config.INVITE_REWARD_POINTS;
    expect(await pointsOf(invitee.userId)).toBe(10 + reward);
    expect(await pointsOf(inviter.userId)).toBe(10 + reward);
    const [invite] = await t.app.database.db.select().from(invites).where(eq(invites.inviteeId, invitee.userId));
    expect(invite).toMatchObject({ inviterId: inviter.userId, code });
    expect(invite?.rewardedAt).toBeInstanceOf(Date);

    // Signing in again with the code, or applying it again, gives nothing more.
    await signInByEmail(t, "invitee@example.com", { invCode: code });
    expect(await applyInvite(t.app.database.db, { inviteeId: invitee.userId, code, reward })).toBeNull();
    expect(await pointsOf(invitee.userId)).toBe(10 + reward);
    expect(await pointsOf(inviter.userId)).toBe(10 + reward);
  });

  it("give nothing to an existing user, for a self-invite, or for an unknown code", async () => {
    const inviter = await signInByEmail(t, "inviter2@example.com");
    const { code } = (await callApi(t, "GET", "/api/user/invcode", { session: inviter })).body.data;
    await signInByEmail(t, "inviter2@example.com", { invCode: code });
    expect(await applyInvite(t.app.database.db, { inviteeId: inviter.userId, code, reward: 20 })).toBeNull();
    const stranger = await signInByEmail(t, "stranger@example.com", { invCode: "ZZZZZZZZ" });
    expect(await pointsOf(inviter.userId)).toBe(10);
    expect(await pointsOf(stranger.userId)).toBe(10);
    expect(await t.app.database.db.select().from(invites).where(eq(invites.inviterId, inviter.userId))).toHaveLength(0);
  });

  it("land exactly once when the same invite is applied in parallel", async () => {
    const inviter = await signInByEmail(t, "inviter3@example.com");
    const { code } = (await callApi(t, "GET", "/api/user/invcode", { session: inviter })).body.data;
    const [invitee] = await t.app.database.db.insert(users).values({ email: "racer@example.com" }).returning({ id: users.id });
    const inviteeId = invitee!.id;
    await Promise.allSettled(
      Array.from({ length: 8 }, () => t.app.database.db.transaction((tx) => applyInvite(tx, { inviteeId, code, reward: 20 }))),
    );
    expect(await pointsOf(inviteeId)).toBe(20);
    expect(await pointsOf(inviter.userId)).toBe(30);
    const keys = (await t.app.database.db.select().from(pointsLedger)).map((r) => r.idempotencyKey);
    expect(keys.filter((k) => k.startsWith(`invite:${inviteeId}:`)).sort()).toEqual([
      `invite:${inviteeId}:invitee`,
      `invite:${inviteeId}:inviter`,
    ]);
  });
});
