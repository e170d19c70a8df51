import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userOfRequest } from "#app/features/auth/session.server.ts";
import { setCookieOf } from "#tests/support/accounts.ts";
import { signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";

/** A signed call carrying one cookie, signed with the session's key or the public client key. */
async function callWithCookie(t: TestApp, path: string, cookie: string, key: string, params: Record<string, string> = {}) {
  return t.server.request(await signedRequest("GET", path, { key, params, headers: { Cookie: cookie } }));
}

function pageRequest(cookie: string) {
  return new Request("http://localhost/pricing", { headers: { Cookie: cookie } });
}

describe("the session cookie on an https PUBLIC_URL (decision 0012)", () => {
  let t: TestApp;
  let user: TestSession;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: "https://stickers.example" });
    user = await signInTestUser(t, "host-cookie@example.com");
  }, 60_000);
  afterAll(() => closeTestApp(t));

  it("is written as __Host-token: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain", async () => {
    const response = await callWithCookie(t, "/api/user/refreshUserInfo", `__Host-token=${user.token}`, user.signingKey);
    expect((await response.json()).status).toBe(200);
    const cookie = setCookieOf(response, "__Host-token");
    expect(cookie?.value).toBe(user.token);
    expect(cookie?.attributes).toMatch(/;\s*Secure(;|$)/);
    expect(cookie?.attributes).toMatch(/;\s*HttpOnly(;|$)/);
    expect(cookie?.attributes).toMatch(/;\s*SameSite=Lax(;|$)/);
    expect(cookie?.attributes).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie?.attributes).not.toMatch(/Domain=/i);
    expect(setCookieOf(response, "token")).toBeNull();
  });

  it("names __Host-token as the session cookie in the OpenAPI description", async () => {
    const docs = await (await t.server.request("/api/docs")).json();
    expect(docs.components.securitySchemes.session).toEqual({ type: "apiKey", in: "cookie", name: "__Host-token" });
  });

  it("ignores a plain token cookie, which another host could have planted (API and pages)", async () => {
    const plain = await callWithCookie(t, "/api/user/invcode", `token=${user.token}`, t.app.config.CLIENT_SIGNING_KEY);
    expect((await plain.json()).status).toBe("AUTH_ERROR");
    const prefixed = await callWithCookie(t, "/api/user/invcode", `__Host-token=${user.token}`, user.signingKey);
    expect((await prefixed.json()).status).toBe(200);
    expect(await userOfRequest(t.app, pageRequest(`token=${user.token}`))).toBeNull();
    expect((await userOfRequest(t.app, pageRequest(`theme=x; __Host-token=${user.token}`)))?.id).toBe(user.userId);
  });

  it("clears a dead __Host-token with Secure, so the browser accepts the removal", async () => {
    const response = await callWithCookie(t, "/api/style/page", "__Host-token=dead", t.app.config.CLIENT_SIGNING_KEY, {
      page: "1",
      size: "1",
      type: "1",
    });
    expect(response.status).toBe(200);
    const cleared = setCookieOf(response, "__Host-token");
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toMatch(/;\s*Secure(;|$)/);
    expect(cleared?.attributes).toMatch(/;\s*Path=\/(;|$)/);
  });

  it("sign-out clears __Host-token (Secure, Path=/) and ends the session", async () => {
    const other = await signInTestUser(t, "host-cookie-out@example.com");
    const response = await callWithCookie(t, "/api/user/logout", `__Host-token=${other.token}`, other.signingKey);
    expect((await response.json()).status).toBe(200);
    const cleared = setCookieOf(response, "__Host-token");
    expect(cleared?.value).toBe("");
    expect(cleared?.attributes).toMatch(/Max-Age=0/);
    expect(cleared?.attributes).toMatch(/;\s*Secure(;|$)/);
    expect(setCookieOf(response, "token")).toBeNull();
    const after = await callWithCookie(t, "/api/user/invcode", `__Host-token=${other.token}`, other.signingKey);
    expect((await after.json()).status).toBe("AUTH_ERROR");
  });
});

describe("the session cookie on an http PUBLIC_URL (local mode)", () => {
  let t: TestApp;
  let user: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signInTestUser(t, "plain-cookie@example.com");
  }, 60_000);
  afterAll(() => closeTestApp(t));

  it("stays token (the spec's name), HttpOnly without Secure, and a __Host-token is not read", async () => {
    const response = await callWithCookie(t, "/api/user/refreshUserInfo", `token=${user.token}`, user.signingKey);
    expect((await response.json()).status).toBe(200);
    const cookie = setCookieOf(response, "token");
    expect(cookie?.value).toBe(user.token);
    expect(cookie?.attributes).toMatch(/;\s*HttpOnly(;|$)/);
    expect(cookie?.attributes).not.toMatch(/Secure/);
    const prefixed = await callWithCookie(t, "/api/user/invcode", `__Host-token=${user.token}`, t.app.config.CLIENT_SIGNING_KEY);
    expect((await prefixed.json()).status).toBe("AUTH_ERROR");
    expect((await userOfRequest(t.app, pageRequest(`token=${user.token}`)))?.id).toBe(user.userId);
    expect(await userOfRequest(t.app, pageRequest(`__Host-token=${user.token}`))).toBeNull();
  });

  it("sign-out clears token", async () => {
    const response = await callWithCookie(t, "/api/user/logout", `token=${user.token}`, user.signingKey);
    expect((await response.json()).status).toBe(200);
    expect(setCookieOf(response, "token")?.attributes).toMatch(/Max-Age=0/);
    expect(setCookieOf(response, "__Host-token")).toBeNull();
  });
});
