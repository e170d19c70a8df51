import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema.ts";
import { setCookieOf, signInByEmail } from "#tests/support/accounts.ts";
import { callApi } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { NAME_ADJECTIVES, NAME_ANIMALS } from "../display-name/generated-name.ts";
import { GOOGLE_NONCE_COOKIE } from "./google-nonce.ts";

const CLIENT_ID = "test-client.apps.googleusercontent.com";
type Keys = Awaited<ReturnType<typeof generateKeyPair>>;

let google: Keys;
let stranger: Keys;
let jwks: Server;
let t: TestApp;

beforeAll(async () => {
  google = await generateKeyPair("RS256");
  stranger = await generateKeyPair("RS256");
  const published = { keys: [{ ...(await exportJWK(google.publicKey)), kid: "google-1", alg: "RS256", use: "sig" }] };
  // Google's JWKS endpoint, served locally: GOOGLE_JWKS_URL points here.
  jwks = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(published));
  });
  await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/oauth2/v3/certs` });
});
afterAll(async () => {
  await closeTestApp(t);
  await new Promise((resolve) => jwks.close(resolve));
});

interface TokenOptions {
  claims?: JWTPayload & { email?: string; email_verified?: boolean; name?: string; nonce?: string };
  key?: Keys["privateKey"];
  kid?: string;
  expiresIn?: string | number;
  issuedAt?: number;
}

/** A nonce as the page gets it: the value for Google, and the cookie that carries its secret. */
async function askNonce(app: TestApp = t) {
  const response = await app.server.request(
    await signedRequest("GET", "/api/googleNonce", { key: app.app.config.CLIENT_SIGNING_KEY }),
  );
  const body = (await response.json()) as { status: number | string; data: { nonce: string } | null };
  const cookie = setCookieOf(response, GOOGLE_NONCE_COOKIE);
  return { response, body, nonce: body.data?.nonce ?? "", cookie: cookie ? `${GOOGLE_NONCE_COOKIE}=${cookie.value}` : "" };
}

function idToken({ claims = {}, key = google.privateKey, kid = "google-1", expiresIn = "1h", issuedAt }: TokenOptions = {}) {
  const standard = { iss: "https://accounts.google.com", aud: CLIENT_ID, sub: "google-sub-1" };
  return new SignJWT({ ...standard, email: "g-user@example.com", email_verified: true, name: "G User", ...claims })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresIn)
    .sign(key);
}

/** Sends a token as the page does after Google answered: with the nonce cookie of its request. */
async function postGoogleLogin(token: string, cookie: string, invCode?: string) {
  const response = await t.server.request(
    await signedRequest("POST", "/api/googleLogin", {
      key: t.app.config.CLIENT_SIGNING_KEY,
      body: { idToken: token, ...(invCode ? { invCode } : {}) },
      headers: cookie ? { Cookie: cookie } : {},
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: the user info is read loosely.
  return { response, http: response.status, body: (await response.json()) as { status: number | string; data: any } };
}

/** A whole Google sign-in: a fresh nonce, a token carrying it (plus `claims`), the login call. */
async function googleLogin(options: TokenOptions = {}) {
  const { nonce, cookie } = await askNonce();
  return postGoogleLogin(await idToken({ ...options, claims: { nonce, ...options.claims } }), cookie);
}

describe("POST /api/googleLogin", () => {
  it("signs a new Google account in: session cookie, user info with the session's signing key, starting points", async () => {
    const { response, body } = await googleLogin();
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ email: "g-user@example.com", nick: "G User", point: 10, emailVerified: true });
    expect(typeof body.data.signingKey).toBe("string");
    for (const secret of ["googleId", "facebookId", "openid", "unionid", "sessionKey", "token"]) {
      expect(body.data, secret).not.toHaveProperty(secret);
    }
    expect(JSON.stringify(body)).not.toContain("google-sub-1");
    const cookie = setCookieOf(response, "token");
    expect(cookie?.attributes).toMatch(/HttpOnly/i);

    // The same Google account again: the same user, a new session.
    const again = await googleLogin();
    expect(again.body.data.id).toBe(body.data.id);
    expect(again.body.data.signingKey).not.toBe(body.data.signingKey);
  });

  it("also accepts the issuer without https://", async () => {
    const { body } = await googleLogin({
      claims: { iss: "accounts.google.com", sub: "google-sub-bare", email: "bare@example.com" },
    });
    expect(body.status).toBe(200);
  });

  it("names a new Google account after its profile, or, when the profile has no name or its name is the address's, a generated name (decision 0036)", async () => {
    const named = await googleLogin({
      claims: { sub: "google-sub-named", email: "named-g@example.com", name: "  Grace Hopper " },
    });
    expect(named.body.data.nick).toBe("Grace Hopper");
    const generated = new RegExp(`^(${NAME_ADJECTIVES.join("|")}) (${NAME_ANIMALS.join("|")}) \\d{3}$`);
    const unnamed = await googleLogin({ claims: { sub: "google-sub-unnamed", email: "unnamed-g@example.com", name: undefined } });
    expect(unnamed.body.data.nick).toMatch(generated);
    const address = await googleLogin({ claims: { sub: "google-sub-address", email: "grace.h@example.com", name: "Grace.H" } });
    expect(address.body.data.nick).toMatch(generated);
  });

  it("links a Google account to the e-mail user with the same verified address instead of duplicating it", async () => {
    const byEmail = await signInByEmail(t, "both@example.com");
    const { body } = await googleLogin({ claims: { sub: "google-sub-both", email: "Both@Example.com" } });
    expect(body.status).toBe(200);
    expect(body.data.id).toBe(byEmail.userId);
    expect(body.data.point).toBe(10);
    const rows = await t.app.database.db.select().from(users).where(eq(users.email, "both@example.com"));
    expect(rows).toMatchObject([{ id: byEmail.userId, googleId: "google-sub-both" }]);
  });

  it("refuses a banned account with ACCOUNT_BANNED (403) and no session cookie (decision 0031)", async () => {
    const first = await googleLogin({ claims: { sub: "google-sub-banned", email: "banned-g@example.com" } });
    expect(first.body.status).toBe(200);
    await t.app.database.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, first.body.data.id));
    const refused = await googleLogin({ claims: { sub: "google-sub-banned", email: "banned-g@example.com" } });
    expect(refused.http).toBe(403);
    expect(refused.body.status).toBe("ACCOUNT_BANNED");
    expect(setCookieOf(refused.response, "token")).toBeNull();
  });

  const refusedWith = async (sent: Awaited<ReturnType<typeof postGoogleLogin>>, usersBefore: number) => {
    expect(sent.http).toBe(401);
    expect(sent.body.status).toBe("GOOGLE_TOKEN_INVALID");
    expect(setCookieOf(sent.response, "token")).toBeNull();
    expect(await t.app.database.db.select({ id: users.id }).from(users)).toHaveLength(usersBefore);
  };
  const userCount = async () => (await t.app.database.db.select({ id: users.id }).from(users)).length;

  it.each<[string, () => TokenOptions]>([
    ["a wrong audience", () => ({ claims: { aud: "someone-else.apps.googleusercontent.com" } })],
    ["a wrong issuer", () => ({ claims: { iss: "https://accounts.evil.example" } })],
    ["an expired token", () => ({ expiresIn: Math.floor(Date.now() / 1000) - 600 })],
    ["a token issued 6 minutes ago (iat), though not expired", () => ({ issuedAt: Math.floor(Date.now() / 1000) - 6 * 60 })],
    ["a bad signature", () => ({ key: stranger.privateKey })],
    ["an unknown kid", () => ({ key: stranger.privateKey, kid: "not-googles" })],
    ["an unverified e-mail", () => ({ claims: { sub: "google-sub-unverified", email_verified: false } })],
    ["no e-mail", () => ({ claims: { sub: "google-sub-no-email", email: undefined } })],
    ["no nonce claim", () => ({ claims: { nonce: undefined } })],
    ["another nonce than the cookie's", () => ({ claims: { nonce: "bm90LXRoZS1yaWdodC1ub25jZS1hdC1hbGwtMDEyMzQ1Njc" } })],
  ])("refuses %s with GOOGLE_TOKEN_INVALID (401) and no session", async (_name, options) => {
    const before = await userCount();
    await refusedWith(await googleLogin(options()), before);
  });

  it.each<[string, () => Promise<{ token: string; cookie: string }>]>([
    [
      "the right nonce without its cookie",
      async () => ({ token: await idToken({ claims: { nonce: (await askNonce()).nonce } }), cookie: "" }),
    ],
    [
      "the nonce itself as the cookie (the cookie must hold its secret)",
      async () => {
        const { nonce } = await askNonce();
        return { token: await idToken({ claims: { nonce } }), cookie: `${GOOGLE_NONCE_COOKIE}=${nonce}` };
      },
    ],
    ["garbage", async () => ({ token: "not.a.jwt", cookie: (await askNonce()).cookie })],
  ])("refuses %s with GOOGLE_TOKEN_INVALID (401) and no session", async (_name, make) => {
    const before = await userCount();
    const { token, cookie } = await make();
    await refusedWith(await postGoogleLogin(token, cookie), before);
  });

  it("accepts a token issued 4 minutes ago", async () => {
    const { body } = await googleLogin({
      issuedAt: Math.floor(Date.now() / 1000) - 4 * 60,
      claims: { sub: "google-sub-4min", email: "four@example.com" },
    });
    expect(body.status).toBe(200);
  });

  it("hands out a nonce that is the SHA-256 of the secret in its HttpOnly cookie, scoped to the sign-in call", async () => {
    const { body, response, nonce } = await askNonce();
    expect(body.status).toBe(200);
    const cookie = setCookieOf(response, GOOGLE_NONCE_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).toBe(
      createHash("sha256")
        .update(cookie?.value ?? "")
        .digest("base64url"),
    );
    expect(cookie?.attributes).toMatch(/HttpOnly/i);
    expect(cookie?.attributes).toMatch(/Path=\/api\/googleLogin/);
    expect(cookie?.attributes).toMatch(/Max-Age=600/);
    expect((await askNonce()).nonce).not.toBe(nonce);
  });

  it("signs in once per nonce: the same token and cookie again are refused, and the cookie is cleared", async () => {
    const { nonce, cookie } = await askNonce();
    const token = await idToken({ claims: { nonce, sub: "google-sub-once", email: "once-g@example.com" } });
    const first = await postGoogleLogin(token, cookie);
    expect(first.body.status).toBe(200);
    expect(first.response.headers.getSetCookie().some((line) => line.startsWith(`${GOOGLE_NONCE_COOKIE}=;`))).toBe(true);
    const replay = await postGoogleLogin(token, cookie);
    expect(replay.http).toBe(401);
    expect(replay.body.status).toBe("GOOGLE_TOKEN_INVALID");
    expect(setCookieOf(replay.response, "token")).toBeNull();
  });
});

describe("Google sign-in switched off", () => {
  it("answers GOOGLE_DISABLED (404) without GOOGLE_CLIENT_ID", async () => {
    const off = await createTestApp();
    try {
      const { http, body } = await callApi(off, "POST", "/api/googleLogin", { body: { idToken: await idToken() } });
      expect(http).toBe(404);
      expect(body.status).toBe("GOOGLE_DISABLED");
      const nonce = await askNonce(off);
      expect(nonce.response.status).toBe(404);
      expect(nonce.body.status).toBe("GOOGLE_DISABLED");
    } finally {
      await closeTestApp(off);
    }
  });
});
