import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGNATURE_HEADERS } from "#common/signature.ts";
import { setCookieOf, signInByEmail } from "#tests/support/accounts.ts";
import { storedPicture, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { sessions, stickers } from "../db/schema.ts";
import { hashToken } from "./resolve-session.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

const DAY = 24 * 3600_000;

/** Moves a session back in time, as if it had been created and last used that many days ago. */
async function age(session: TestSession, times: { createdDaysAgo: number; lastSeenDaysAgo: number; expiresInDays: number }) {
  const now = Date.now();
  await t.app.database.db
    .update(sessions)
    .set({
      createdAt: new Date(now - times.createdDaysAgo * DAY),
      lastSeenAt: new Date(now - times.lastSeenDaysAgo * DAY),
      expiresAt: new Date(now + times.expiresInDays * DAY),
    })
    .where(eq(sessions.tokenHash, hashToken(session.token)));
}

/** A page's call: the session cookie, signed with `key`, naming the key it signed with. */
async function pageCall(
  path: string,
  options: { key: string; keyName?: "session" | "client"; token?: string; params?: Record<string, string> },
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.Cookie = `token=${options.token}`;
  if (options.keyName) headers[SIGNATURE_HEADERS.key] = options.keyName;
  const response = await t.server.request(
    await signedRequest("GET", path, { key: options.key, headers, ...(options.params ? { params: options.params } : {}) }),
  );
  return { response, body: (await response.clone().json()) as { status: number | string; data: unknown } };
}

/** A private sticker of `ownerId` with its stored picture, as a finished task leaves it. */
async function addPrivateSticker(ownerId: number): Promise<string> {
  const picId = await storedPicture(t, 30);
  await t.app.database.db
    .insert(stickers)
    .values({ stickerInstId: "slidingPrivate1", picId, ownerId, visibility: "private", hotScore: 0 });
  return picId;
}

const maxAgeOf = (response: Response) => Number(setCookieOf(response, "token")?.attributes.match(/Max-Age=(\d+)/)?.[1]);
const favourites = { page: "1", size: "10" };

describe("sliding session cookie (decision 0017)", () => {
  it("re-issues the cookie for 30 more days on a call 20 days after the last use", async () => {
    const user = await signInByEmail(t, "slide20@example.com");
    await age(user, { createdDaysAgo: 20, lastSeenDaysAgo: 20, expiresInDays: 10 });
    const { response, body } = await pageCall("/api/favorite/page", {
      key: user.signingKey,
      token: user.token,
      params: favourites,
    });
    expect(body.status).toBe(200);
    expect(setCookieOf(response, "token")?.value).toBe(user.token);
    expect(setCookieOf(response, "token")?.attributes).toMatch(/HttpOnly/i);
    expect(maxAgeOf(response)).toBeGreaterThan(30 * 86400 - 60);
    expect(maxAgeOf(response)).toBeLessThanOrEqual(30 * 86400);
  });

  it("caps the renewed cookie at the session's absolute end, 90 days after sign-in", async () => {
    const user = await signInByEmail(t, "slidecap@example.com");
    await age(user, { createdDaysAgo: 75, lastSeenDaysAgo: 2, expiresInDays: 28 });
    const { response } = await pageCall("/api/favorite/page", { key: user.signingKey, token: user.token, params: favourites });
    expect(maxAgeOf(response)).toBeGreaterThan(15 * 86400 - 60);
    expect(maxAgeOf(response)).toBeLessThanOrEqual(15 * 86400);
  });

  it("renews on a public call too, and sends no cookie again within the same day", async () => {
    const user = await signInByEmail(t, "slidepublic@example.com");
    await age(user, { createdDaysAgo: 3, lastSeenDaysAgo: 3, expiresInDays: 27 });
    const styles = { page: "1", size: "10", type: "1" };
    const first = await pageCall("/api/style/page", { key: user.signingKey, token: user.token, params: styles });
    expect(first.body.status).toBe(200);
    expect(maxAgeOf(first.response)).toBeGreaterThan(30 * 86400 - 60);
    const second = await pageCall("/api/style/page", { key: user.signingKey, token: user.token, params: styles });
    expect(second.body.status).toBe(200);
    expect(setCookieOf(second.response, "token")).toBeNull();
  });

  it("gives no cookie to a client that sends its token in Authorization", async () => {
    const user = await signInByEmail(t, "slideheader@example.com");
    await age(user, { createdDaysAgo: 20, lastSeenDaysAgo: 20, expiresInDays: 10 });
    const response = await t.server.request(
      await signedRequest("GET", "/api/favorite/page", {
        key: user.signingKey,
        params: favourites,
        headers: { Authorization: user.token },
      }),
    );
    expect(((await response.json()) as { status: number }).status).toBe(200);
    expect(setCookieOf(response, "token")).toBeNull();
    const [row] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it("leaves the renewal to the next call when the user's private files are loaded first", async () => {
    const user = await signInByEmail(t, "slidefiles@example.com");
    const picId = await addPrivateSticker(user.userId);
    await age(user, { createdDaysAgo: 20, lastSeenDaysAgo: 20, expiresInDays: 10 });
    // A page that only navigates loads its owner's private pictures and downloads; they re-issue no cookie.
    for (const path of [`/files/${picId}.png`, `/files/download/${picId}`]) {
      const file = await t.server.request(path, { headers: { Cookie: `token=${user.token}` } });
      expect(file.status, path).toBe(200);
      expect(setCookieOf(file, "token"), path).toBeNull();
    }
    const { response, body } = await pageCall("/api/favorite/page", {
      key: user.signingKey,
      token: user.token,
      params: favourites,
    });
    expect(body.status).toBe(200);
    expect(setCookieOf(response, "token")?.value).toBe(user.token);
    expect(maxAgeOf(response)).toBeGreaterThan(30 * 86400 - 60);
  });

  it("treats a session past its absolute end as dead even with an idle deadline ahead", async () => {
    const user = await signInByEmail(t, "slidedead@example.com");
    await age(user, { createdDaysAgo: 91, lastSeenDaysAgo: 0, expiresInDays: 5 });
    const mine = await pageCall("/api/favorite/page", { key: user.signingKey, token: user.token, params: favourites });
    expect(mine.body.status).toBe("AUTH_ERROR");
    expect(setCookieOf(mine.response, "token")?.attributes).toMatch(/Max-Age=0/);
  });
});

describe("a page whose session ended (decision 0017)", () => {
  it("answers AUTH_ERROR, not SIGNATURE_INVALID, to a call signed with a session key whose cookie expired", async () => {
    const user = await signInByEmail(t, "expired-cookie@example.com");
    const styles = { page: "1", size: "10", type: "1" };
    const named = await pageCall("/api/style/page", { key: user.signingKey, keyName: "session", params: styles });
    expect(named.response.status).toBe(401);
    expect(named.body.status).toBe("AUTH_ERROR");
    // Without the header the server cannot tell an ended session from a wrong signature.
    const unnamed = await pageCall("/api/style/page", { key: user.signingKey, params: styles });
    expect(unnamed.body.status).toBe("SIGNATURE_INVALID");
  });

  it("answers AUTH_ERROR and clears the cookie when the session was ended on the server", async () => {
    const user = await signInByEmail(t, "ended-session@example.com");
    const out = await pageCall("/api/user/logout", { key: user.signingKey, keyName: "session", token: user.token });
    expect(out.body.status).toBe(200);
    const after = await pageCall("/api/style/page", {
      key: user.signingKey,
      keyName: "session",
      token: user.token,
      params: { page: "1", size: "10", type: "1" },
    });
    expect(after.body.status).toBe("AUTH_ERROR");
    expect(setCookieOf(after.response, "token")?.attributes).toMatch(/Max-Age=0/);
  });

  it("still lets a visitor's public call through with a dead cookie, and still refuses a wrong client signature", async () => {
    const user = await signInByEmail(t, "visitor-dead@example.com");
    await pageCall("/api/user/logout", { key: user.signingKey, keyName: "session", token: user.token });
    const styles = { page: "1", size: "10", type: "1" };
    const visitor = await pageCall("/api/style/page", {
      key: t.app.config.CLIENT_SIGNING_KEY,
      keyName: "client",
      token: user.token,
      params: styles,
    });
    expect(visitor.body.status).toBe(200);
    const forged = await pageCall("/api/style/page", { key: "not-the-client-key-0123456789", keyName: "client", params: styles });
    expect(forged.body.status).toBe("SIGNATURE_INVALID");
  });

  it("checks a live session's call with its own key whatever the header says", async () => {
    const user = await signInByEmail(t, "live-named@example.com");
    const wrong = await pageCall("/api/favorite/page", {
      key: "some-other-key-0123456789",
      keyName: "session",
      token: user.token,
      params: favourites,
    });
    expect(wrong.body.status).toBe("SIGNATURE_INVALID");
  });
});
