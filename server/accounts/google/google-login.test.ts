import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedRequest, type TestApp } from "../../../tests/setup/test-app.ts";
import { users } from "../../db/schema.ts";
import { callApi } from "../../stickers/test-helpers.ts";
import { closeTestApp, setCookieOf, signInByEmail } from "../test-helpers.ts";

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
  claims?: JWTPayload & { email?: string; email_verified?: boolean; name?: string };
  key?: Keys["privateKey"];
  kid?: string;
  expiresIn?: string | number;
}

function idToken({ claims = {}, key = google.privateKey, kid = "google-1", expiresIn = "1h" }: TokenOptions = {}) {
  const standard = { iss: "https://accounts.google.com", aud: CLIENT_ID, sub: "google-sub-1" };
  return new SignJWT({ ...standard, email: "g-user@example.com", email_verified: true, name: "G User", ...claims })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(key);
}

const googleLogin = (token: string, invCode?: string) =>
  callApi(t, "POST", "/api/googleLogin", { body: { idToken: token, ...(invCode ? { invCode } : {}) } });

describe("POST /api/googleLogin", () => {
  it("signs a new Google account in: session cookie, user info with the session's signing key, starting points", async () => {
    const token = await idToken();
    const response = await t.server.request(
      await signedRequest("POST", "/api/googleLogin", {
        key: t.app.config.CLIENT_SIGNING_KEY,
        body: { idToken: token },
      }),
    );
    const body = (await response.json()) as { status: number; data: Record<string, unknown> };
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
    const again = await googleLogin(await idToken());
    expect(again.body.data.id).toBe(body.data.id);
    expect(again.body.data.signingKey).not.toBe(body.data.signingKey);
  });

  it("also accepts the issuer without https://", async () => {
    const token = await idToken({ claims: { iss: "accounts.google.com", sub: "google-sub-bare", email: "bare@example.com" } });
    expect((await googleLogin(token)).body.status).toBe(200);
  });

  it("links a Google account to the e-mail user with the same verified address instead of duplicating it", async () => {
    const byEmail = await signInByEmail(t, "both@example.com");
    const { body } = await googleLogin(await idToken({ claims: { sub: "google-sub-both", email: "Both@Example.com" } }));
    expect(body.status).toBe(200);
    expect(body.data.id).toBe(byEmail.userId);
    expect(body.data.point).toBe(10);
    const rows = await t.app.database.db.select().from(users).where(eq(users.email, "both@example.com"));
    expect(rows).toMatchObject([{ id: byEmail.userId, googleId: "google-sub-both" }]);
  });

  it.each<[string, () => Promise<string>]>([
    ["a wrong audience", () => idToken({ claims: { aud: "someone-else.apps.googleusercontent.com" } })],
    ["a wrong issuer", () => idToken({ claims: { iss: "https://accounts.evil.example" } })],
    ["an expired token", () => idToken({ expiresIn: Math.floor(Date.now() / 1000) - 600 })],
    ["a bad signature", () => idToken({ key: stranger.privateKey })],
    ["an unknown kid", () => idToken({ key: stranger.privateKey, kid: "not-googles" })],
    ["an unverified e-mail", () => idToken({ claims: { sub: "google-sub-unverified", email_verified: false } })],
    ["no e-mail", () => idToken({ claims: { sub: "google-sub-no-email", email: undefined } })],
    ["garbage", async () => "not.a.jwt"],
  ])("refuses %s with GOOGLE_TOKEN_INVALID (401) and no session", async (_name, make) => {
    const before = await t.app.database.db.select({ id: users.id }).from(users);
    const response = await t.server.request(
      await signedRequest("POST", "/api/googleLogin", {
        key: t.app.config.CLIENT_SIGNING_KEY,
        body: { idToken: await make() },
      }),
    );
    expect(response.status).toBe(401);
    expect(((await response.json()) as { status: string }).status).toBe("GOOGLE_TOKEN_INVALID");
    expect(setCookieOf(response, "token")).toBeNull();
    expect(await t.app.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });
});

describe("Google sign-in switched off", () => {
  it("answers GOOGLE_DISABLED (404) without GOOGLE_CLIENT_ID", async () => {
    const off = await createTestApp();
    try {
      const { http, body } = await callApi(off, "POST", "/api/googleLogin", { body: { idToken: await idToken() } });
      expect(http).toBe(404);
      expect(body.status).toBe("GOOGLE_DISABLED");
    } finally {
      await closeTestApp(off);
    }
  });
});
