import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByEmail } from "#tests/support/accounts.ts";
import { callApi, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signInByEmail(t, "alice@example.com");
  bob = await signInByEmail(t, "bob@example.com");
});
afterAll(() => closeTestApp(t));

/** Every user-scoped call of accounts. Logout goes last: it ends the session it is called with. */
const USER_CALLS = ["/api/user/refreshUserInfo", "/api/user/invcode", "/api/user/logout"] as const;

describe("user-scoped account calls", () => {
  it.each(USER_CALLS)("%s refuses a visitor and a dead token with AUTH_ERROR (401)", async (path) => {
    const visitor = await callApi(t, "GET", path);
    expect(visitor.http).toBe(401);
    expect(visitor.body.status).toBe("AUTH_ERROR");
    const dead = await callApi(t, "GET", path, {
      session: { userId: alice.userId, token: "dead-token", signingKey: alice.signingKey },
    });
    expect(dead.body.status).toBe("AUTH_ERROR");
  });

  it.each(USER_CALLS.slice(0, 2))("%s refuses a session signed with another user's key", async (path) => {
    const { body } = await callApi(t, "GET", path, { session: { ...bob, signingKey: alice.signingKey } });
    expect(body.status).toBe("SIGNATURE_INVALID");
  });

  it("answers each session only its own user's data", async () => {
    const a = await callApi(t, "GET", "/api/user/refreshUserInfo", { session: alice });
    const b = await callApi(t, "GET", "/api/user/refreshUserInfo", { session: bob });
    expect(a.body.data).toMatchObject({ id: alice.userId, email: "alice@example.com" });
    expect(b.body.data).toMatchObject({ id: bob.userId, email: "bob@example.com" });
    const codeA = await callApi(t, "GET", "/api/user/invcode", { session: alice });
    const codeB = await callApi(t, "GET", "/api/user/invcode", { session: bob });
    expect(codeA.body.data.code).not.toBe(codeB.body.data.code);
  });

  it("logging out with Bob's session leaves Alice signed in", async () => {
    expect((await callApi(t, "GET", "/api/user/logout", { session: bob })).body.status).toBe(200);
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session: bob })).body.status).toBe("AUTH_ERROR");
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session: alice })).body.data.id).toBe(alice.userId);
  });
});
