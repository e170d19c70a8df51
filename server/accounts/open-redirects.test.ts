import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE_REDIRECT_TARGETS, locationStaysOn } from "#tests/fixtures/hostile-redirects.ts";
import { latestLinkFor, openLink, setCookieOf, viewLink } from "#tests/support/accounts.ts";
import { callApi, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * The redirect table over the server's own redirecting routes (decision 0013): every hostile target
 * in every place a route takes a path from, and each answer's Location must stay on this site. The
 * page routes (React Router) walk the same table in tests/e2e/open-redirects.spec.ts.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  // One sign-in link per hostile target from one client: the per-client limit is raised for it.
  t = await createTestApp({ EMAIL_LINK_CLIENT_LIMIT: "1000" });
  origin = new URL(t.app.config.PUBLIC_URL).origin;
});
afterAll(() => closeTestApp(t));

const cases = HOSTILE_REDIRECT_TARGETS.map((target, index) => [target, index] as const);

const expectOnSite = (response: Response, what: string) => {
  const location = response.headers.get("location");
  expect(locationStaysOn(location, origin), `${what} → ${response.status} ${JSON.stringify(location)}`).toBe(true);
  return location;
};

describe("locationStaysOn (the table's judge)", () => {
  it("passes absent and same-site Locations and fails every way off the site", () => {
    for (const good of [null, "/", "/fr/stickers?x=1", `${"http://localhost:3000"}/pricing`]) {
      expect(locationStaysOn(good, "http://localhost:3000"), String(good)).toBe(true);
    }
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example/", "https:evil.example", "/\t/evil.example"]) {
      expect(locationStaysOn(bad, "http://localhost:3000"), bad).toBe(false);
    }
  });
});

describe("no server route redirects off the site", () => {
  it.each(cases)("the sign-in link asked with redirect=%j lands on this site (asked, viewed, opened)", async (target, index) => {
    const email = `hostile-${index}@example.com`;
    const asked = await callApi(t, "GET", "/api/getVerifyEmail", { params: { email, redirect: target } });
    // Some targets are not even accepted as input (longer than 512 or not a string): then no link.
    if (asked.body.status !== 200) {
      expect(asked.http).toBe(400);
      return;
    }
    const link = await latestLinkFor(t, email);
    const viewed = await viewLink(t, link);
    expect(viewed.status).toBe(200);
    expectOnSite(viewed, "GET link");
    const opened = await openLink(t, link);
    expect(opened.status).toBe(303);
    expect(setCookieOf(opened, "token")).not.toBeNull();
    expect(expectOnSite(opened, "POST link")).toBe("/?login=email");
  });

  it.each(cases)("the link's pages with lang=%j stay on this site", async (target) => {
    const viewed = await t.server.request(`/auth/email/callback?token=x&s=y&lang=${encodeURIComponent(target)}`);
    expect(viewed.status).toBe(302);
    expect(expectOnSite(viewed, "GET lang")).toBe("/error/403?message=errors.emailLinkExpired");
    const posted = await t.server.request("/auth/email/callback", {
      method: "POST",
      body: new URLSearchParams({ token: "x", s: "y", lang: target }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    });
    expect(posted.status).toBe(303);
    expect(expectOnSite(posted, "POST lang")).toBe("/error/403?message=errors.emailLinkExpired");
    const foreign = await t.server.request("/auth/email/callback", {
      method: "POST",
      body: new URLSearchParams({ token: "x", s: "y", lang: target }),
      // A header holds no newlines or non-Latin-1 characters: those targets go percent-encoded.
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: encodeURI(target) },
    });
    expect(expectOnSite(foreign, "POST foreign origin")).toBe("/error/403");
  });

  it.each(cases)("the invite routes with %j in the code or the language land on this site", async (target) => {
    const encoded = encodeURIComponent(target);
    for (const path of [
      `/invite/${encoded}`,
      `/fr/invite/${encoded}`,
      `/${encoded}/invite/ABCDEFGH`,
      `/invite/ABCDEFGH?next=${encoded}`,
    ]) {
      const response = await t.server.request(path);
      const location = expectOnSite(response, path);
      if (location !== null) expect(["/", "/fr"], path).toContain(location);
    }
  });

  it("checkout and portal return pages: every hostile target is refused (INVALID_INPUT), a path becomes a URL on PUBLIC_URL", async () => {
    const user = await signInTestUser(t, "hostile-billing@example.com");
    const sandbox = t.app.billing.sandbox;
    if (!sandbox) throw new Error("the local test app runs the sandbox");
    const chosen = await callApi(t, "POST", "/api/subscribe", {
      body: { plan: 2, successPage: "/fr/rechargeSuccess" },
      session: user,
    });
    expect(chosen.http).toBe(200);
    const paid = await sandbox.pay(new URL(chosen.body.data).pathname.split("/").pop() ?? "");
    expect(paid.redirectUrl.startsWith(`${origin}/fr/rechargeSuccess?status=success`)).toBe(true);
    for (const target of HOSTILE_REDIRECT_TARGETS) {
      const attempts = [
        callApi(t, "POST", "/api/subscribe", { body: { plan: 1, successPage: target }, session: user }),
        callApi(t, "POST", "/api/subscribe", { body: { plan: 1, errorPage: target }, session: user }),
        callApi(t, "POST", "/api/recharge", { body: { packId: "points-50", successPage: target }, session: user }),
        callApi(t, "POST", "/api/recharge", { body: { packId: "points-50", errorPage: target }, session: user }),
        callApi(t, "POST", "/api/billingportal", { body: { returnUrl: target }, session: user }),
      ];
      for (const [i, attempt] of (await Promise.all(attempts)).entries()) {
        expect([attempt.http, attempt.body.status], `${i} ${JSON.stringify(target)}`).toEqual([400, "INVALID_INPUT"]);
      }
    }
    const portal = await callApi(t, "POST", "/api/billingportal", { body: { returnUrl: "/de/pricing" }, session: user });
    expect(portal.http).toBe(200);
    expect(new URL(portal.body.data).origin).toBe(origin);
  });
});
