import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCookieOf, signInByEmail } from "#tests/support/accounts.ts";
import { callApi, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { sessions, users } from "../db/schema.ts";
import { createSession } from "./create-session.ts";
import { hashToken, resolveSession } from "./resolve-session.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./session-lifetimes.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const DAY = 24 * 3600_000;
const refresh = (session: TestSession) => callApi(t, "GET", "/api/user/refreshUserInfo", { session });

async function newUserId(email: string) {
  const [row] = await t.app.database.db.insert(users).values({ email }).returning({ id: users.id });
  return row!.id;
}

describe("createSession", () => {
  it("issues 256-bit random tokens, stored only as their SHA-256 hash, with a signing key per session", async () => {
    const userId = await newUserId("tokens@example.com");
    const a = await createSession(t.app.database.db, userId);
    const b = await createSession(t.app.database.db, userId);
    expect(Buffer.from(a.token, "base64url")).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
    expect(a.signingKey).not.toBe(b.signingKey);
    const rows = await t.app.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((r) => r.tokenHash).sort()).toEqual([hashToken(a.token), hashToken(b.token)].sort());
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(a.expiresAt.getTime() - Date.now()).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
  });

  it("moves the idle deadline at most once a day and never past 90 days after sign-in", async () => {
    const userId = await newUserId("lifetime@example.com");
    const start = new Date("2030-01-01T00:00:00Z");
    const { token } = await createSession(t.app.database.db, userId, start);
    const expiresAt = async () =>
      (
        await t.app.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.expiresAt.getTime();

    await resolveSession(t.app.database.db, token, new Date(start.getTime() + 3600_000));
    expect(await expiresAt()).toBe(start.getTime() + SESSION_IDLE_MS);
    // Used every 20 days it lives on, up to the absolute end.
    for (let day = 20; day < 90; day += 20) {
      expect(await resolveSession(t.app.database.db, token, new Date(start.getTime() + day * DAY))).not.toBeNull();
    }
    expect(await expiresAt()).toBe(start.getTime() + SESSION_ABSOLUTE_MS);
    expect(await resolveSession(t.app.database.db, token, new Date(start.getTime() + 90 * DAY + 1000))).toBeNull();

    // Unused for 30 days it dies.
    const idle = await createSession(t.app.database.db, userId, start);
    expect(await resolveSession(t.app.database.db, idle.token, new Date(start.getTime() + 29 * DAY))).not.toBeNull();
    expect(await resolveSession(t.app.database.db, idle.token, new Date(start.getTime() + 59 * DAY + 1000))).toBeNull();
  });
});

describe("GET /api/user/refreshUserInfo", () => {
  it("answers the user of spec §3 without secrets, with this session's signing key and avatar as { path }", async () => {
    const user = await signInByEmail(t, "info@example.com");
    await t.app.database.db
      .update(users)
      .set({ avatarPath: "/files/avatar.png", googleId: "g-secret", sessionKey: "sk" })
      .where(eq(users.id, user.userId));
    const { body } = await refresh(user);
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({
      id: user.userId,
      email: "info@example.com",
      point: 10,
      subscribePlan: "",
      avatar: { path: "/files/avatar.png" },
      signingKey: user.signingKey,
      deleted: false,
    });
    expect(body.data.tokenExpiresIn).toBeGreaterThan(SESSION_IDLE_MS / 1000 - 60);
    for (const secret of ["googleId", "facebookId", "openid", "unionid", "sessionKey", "token"]) {
      expect(body.data).not.toHaveProperty(secret);
    }
    expect(JSON.stringify(body)).not.toContain(user.token);
    expect(JSON.stringify(body)).not.toContain("g-secret");
  });

  it("answers a signed-out caller, an unknown token and an unsigned call with errors", async () => {
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo")).body.status).toBe("AUTH_ERROR");
    const ghost = { userId: 0, token: "no-such-token", signingKey: t.app.config.CLIENT_SIGNING_KEY };
    expect((await refresh(ghost)).body.status).toBe("AUTH_ERROR");
    const user = await signInByEmail(t, "unsigned@example.com");
    const unsigned = await t.server.request("/api/user/refreshUserInfo", { headers: { Cookie: `token=${user.token}` } });
    expect(((await unsigned.json()) as { status: string }).status).toBe("SIGNATURE_MISSING");
    const wrongKey = await refresh({ ...user, signingKey: "some-other-key-0123456789" });
    expect(wrongKey.body.status).toBe("SIGNATURE_INVALID");
  });

  it("answers a call signed with the public client key as well as one signed with the session's key", async () => {
    const user = await signInByEmail(t, "either-key@example.com");
    const withSessionKey = await refresh(user);
    expect(withSessionKey.body.status).toBe(200);
    expect(withSessionKey.body.data.id).toBe(user.userId);
    const withClientKey = await refresh({ ...user, signingKey: t.app.config.CLIENT_SIGNING_KEY });
    expect(withClientKey.body.status).toBe(200);
    expect(withClientKey.body.data).toMatchObject({ id: user.userId, signingKey: user.signingKey });
    const stale = await t.server.request(
      await signedRequest("GET", "/api/user/refreshUserInfo", {
        key: t.app.config.CLIENT_SIGNING_KEY,
        timestamp: Date.now() - 6 * 60_000,
        headers: { Authorization: user.token },
      }),
    );
    expect(((await stale.json()) as { status: string }).status).toBe("SIGNATURE_STALE");
  });

  it("accepts Authorization: <token> from non-browser clients", async () => {
    const user = await signInByEmail(t, "header@example.com");
    const response = await t.server.request(
      await signedRequest("GET", "/api/user/refreshUserInfo", { key: user.signingKey, headers: { Authorization: user.token } }),
    );
    expect(((await response.json()) as { data: { id: number } }).data.id).toBe(user.userId);
  });
});

describe("sign-in rotation and sign-out", () => {
  it("gives every sign-in its own token; logout kills only that session and clears the cookie", async () => {
    const first = await signInByEmail(t, "rotate@example.com");
    const second = await signInByEmail(t, "rotate@example.com");
    expect(second.token).not.toBe(first.token);

    const out = await callApi(t, "GET", "/api/user/logout", { session: first });
    expect(out.body).toEqual({ status: 200, data: { loggedOut: true } });
    const response = await t.server.request(
      await signedRequest("GET", "/api/user/logout", {
        key: second.signingKey,
        headers: { Cookie: `token=${second.token}` },
      }),
    );
    const cleared = setCookieOf(response, "token");
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toMatch(/Max-Age=0/);

    // Replaying either old token: AUTH_ERROR on user calls, as a visitor on public ones.
    for (const old of [first, second]) {
      expect((await refresh(old)).body.status).toBe("AUTH_ERROR");
      expect((await callApi(t, "GET", "/api/user/logout", { session: old })).body.status).toBe("AUTH_ERROR");
    }
    const [row] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first.token)));
    expect(row?.endedAt).toBeInstanceOf(Date);
  });
});
