/**
 * A build file that is not there (`/assets/…`) answers a small plain 404 with the headers of a service
 * answer (CSP, no framing, referrer policy, nosniff), on a real socket (`nodeListener`, as production
 * serves) and in process alike — never the app's 404 page, which shows a signed-in viewer's account.
 * The renderer here is a stand-in that, like the real pages, reads the session and prints the user.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userOfRequest } from "#app/features/auth/session.server.ts";
import type { PageRenderer } from "#server/app.ts";
import { API_POLICY } from "#server/http/security-headers.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import type { TestSession } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, createTestApp, serveOnSocket, type TestApp } from "#tests/support/test-app.ts";

const EMAIL = "asset-viewer@example.com";

/** Every unknown path renders the 404 page with the signed-in user's e-mail and points, as the app's shell does. */
const renderPage: PageRenderer = async (request, context) => {
  const user = await userOfRequest(context.app, request, { touch: false });
  const account = user ? `${user.email} — ${user.point} points` : "visitor";
  return new Response(`<!doctype html><title>Page not found</title><p class="account">${account}</p>`, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
};

let t: TestApp;
let assetsDir: string;
let socket: Awaited<ReturnType<typeof serveOnSocket>>;
let origin: string;
let viewer: TestSession;

beforeAll(async () => {
  assetsDir = await mkdtemp(path.join(tmpdir(), "sticker-assets-"));
  await mkdir(path.join(assetsDir, "assets"));
  await writeFile(path.join(assetsDir, "assets", "entry-abc123.js"), "console.log(1);\n");
  t = await createTestApp({}, { clientAssetsDir: assetsDir, renderPage });
  viewer = await userWithPoints(t, EMAIL, 37);
  socket = await serveOnSocket(t);
  origin = socket.origin;
});
afterAll(async () => {
  await socket.close();
  await closeTestApp(t);
  await rm(assetsDir, { recursive: true, force: true });
});

const signedIn = () => ({ Cookie: `${sessionCookieName(t.app.config)}=${viewer.token}` });

describe("a missing file under /assets/", () => {
  it("the stand-in page does show the signed-in user (so the checks below mean something)", async () => {
    const page = await (await fetch(`${origin}/no-such-page`, { headers: signedIn() })).text();
    expect(page).toContain(EMAIL);
    expect(page).toContain(`${await balanceOf(t, viewer.userId)} points`);
  });

  for (const where of ["socket", "in process"] as const) {
    it(`answers /assets/nope.js signed in (${where}) with a plain 404 without the user's e-mail or points, with CSP, framing and referrer headers`, async () => {
      const response =
        where === "socket"
          ? await fetch(`${origin}/assets/nope.js`, { headers: signedIn() })
          : await t.server.request("/assets/nope.js", { headers: signedIn() });
      const body = await response.text();
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(body).toBe("Not Found\n");
      expect(body).not.toContain(EMAIL);
      expect(body).not.toContain("points");
      expect(response.headers.get("content-security-policy")).toBe(API_POLICY);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("set-cookie")).toBeNull();
    });
  }

  it("answers a deeper path, another method and a visitor the same way, and still serves a file that is there", async () => {
    for (const [target, init] of [
      ["/assets/chunks/nope-123.css", {}],
      ["/assets/nope.js", { method: "POST" }],
      ["/assets/", {}],
    ] as const) {
      const response = await fetch(`${origin}${target}`, init);
      expect([target, response.status, await response.text()]).toEqual([target, 404, "Not Found\n"]);
      expect(response.headers.get("content-security-policy"), target).toBe(API_POLICY);
    }
    const found = await fetch(`${origin}/assets/entry-abc123.js`);
    expect(found.status).toBe(200);
    expect(await found.text()).toBe("console.log(1);\n");
  });
});
