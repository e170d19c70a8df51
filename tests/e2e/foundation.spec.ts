import type { Response } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const requestBody = (response: Response) => response.request().postDataJSON();

test.describe("foundation", () => {
  test("the home page renders on the server and a signed call works after hydration", async ({ page }) => {
    const eventCall = page.waitForResponse((response) => response.url().endsWith("/api/event"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn words into stickers");
    const response = await eventCall;
    expect(requestBody(response)).toMatchObject({ name: "page_view", path: "/" });
    const request = response.request();
    expect(request.headers().v).toBe("2");
    expect(request.headers()["x-sign"]).toMatch(/^[0-9a-f]{64}$/);
    expect(request.headers()["x-timestamp"]).toMatch(/^\d{13}$/);
    expect(request.headers()["x-client"]).toMatch(/^web\//);
    expect(request.headers()["accept-language"]).toBe("en-US");
    expect(await response.json()).toEqual({ status: 200, data: { recorded: true } });
  });

  test("the server-rendered HTML already holds the translated page, before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/fr/");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("home.heading");
    await context.close();
  });

  test("Arabic pages are right-to-left and send ar as their language", async ({ page }) => {
    const eventCall = page.waitForRequest((request) => request.url().endsWith("/api/event"));
    await page.goto("/ar/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect((await eventCall).headers()["accept-language"]).toBe("ar");
  });

  test("an unknown error type redirects to the 404 error page, whose button goes home replacing history", async ({ page }) => {
    await page.goto("/error/418");
    await expect(page).toHaveURL(/\/error\/404$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the error page shows a catalog message named in its query, never free text from it", async ({ page }) => {
    await page.goto("/de/error/403?message=errors.emailLinkExpired");
    await expect(page.getByText("Dieser Anmeldelink ist abgelaufen", { exact: false })).toBeVisible();
    const response = await page.goto("/de/error/500?message=Datenbank%20nicht%20erreichbar%20at%20pg.connect");
    expect(response?.status()).toBe(500);
    await expect(page.getByText("Datenbank nicht erreichbar", { exact: false })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the 500 page shows the request id: its own, or the one of the page that failed", async ({ page }) => {
    const response = await page.goto("/error/500");
    const own = response?.headers()["x-request-id"] ?? "";
    expect(own).not.toBe("");
    await expect(page.getByTestId("request-id")).toHaveText(`Request ID: ${own}`);
    await page.goto("/fr/error/500?requestId=failed-request-0001");
    await expect(page.getByTestId("request-id")).toHaveText("Identifiant de la requête : failed-request-0001");
    await page.goto("/error/500?requestId=%3Cscript%3E");
    await expect(page.getByTestId("request-id")).not.toContainText("script");
  });

  test("a sticker page whose loader fails shows the 500 page with the failed request's id, not the failure", async ({ page }) => {
    // A NUL byte cannot be stored or compared in a PostgreSQL text column: the sticker lookup fails.
    const failed = page.waitForResponse((r) => r.url().includes("/sticker/") && r.status() === 302);
    await page.goto("/sticker/a%00b");
    const requestId = (await failed).headers()["x-request-id"] ?? "";
    expect(requestId).not.toBe("");
    await expect(page).toHaveURL(new RegExp(`/error/500\\?requestId=${requestId}$`));
    await expect(page.getByTestId("request-id")).toHaveText(`Request ID: ${requestId}`);
    await expect(page.locator("main")).not.toContainText(/0x00|byte|UTF8|select|sticker_inst_id/i);
  });

  test("an unknown path and an unknown language prefix answer 404 with the error page", async ({ page }) => {
    const unknown = await page.goto("/no/such/page");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the page carries a nonce-based CSP that every one of its scripts matches", async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    // A page rendered for one reader (any session cookie, even a dead one): visitors' shared pages
    // allow their scripts by hash instead (decision 0021, tests/e2e/page-cache.spec.ts).
    await context.addCookies([{ name: "token", value: "no-such-session", url: baseURL ?? "" }]);
    const reader = { headers: { Cookie: "token=no-such-session" } };
    const viewed = page.waitForResponse((r) => r.url().endsWith("/api/event") && r.ok());
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
    // The server-rendered document: every script tag carries this response's nonce.
    const html = await (await request.get("/", reader)).text();
    const again = await request.get("/", reader);
    expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/nonce="[^"]+"/);
    // And the hydrated page works under that policy (the signed page_view call needs the scripts to run).
    await viewed;
  });

  test("hashed assets are served precompressed with immutable caching, without the page's policy", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(script ?? "", { headers: { "Accept-Encoding": "br" } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-encoding"]).toBe("br");
    expect(asset.headers()["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers()["content-security-policy"]).toBeUndefined();
    // Navigation data is never cached like a file (it carries the signed-in state).
    const data = await request.get("/stickers/latest.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"] ?? "").not.toContain("max-age");
    expect((await request.get("/favicon.svg")).headers()["cache-control"]).toBe("public, max-age=3600");
  });

  test("an uncaught page error and an unhandled rejection are reported to the server", async ({ page, consoleErrors }) => {
    const viewed = page.waitForResponse((r) => r.url().endsWith("/api/event") && r.ok());
    await page.goto("/");
    await viewed;
    const reports: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/clientError")) reports.push(request.postDataJSON());
    });
    const both = Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/clientError") && r.request().postDataJSON().kind === "error"),
      page.waitForResponse(
        (r) => r.url().endsWith("/api/clientError") && r.request().postDataJSON().kind === "unhandledrejection",
      ),
    ]);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("boom from a test");
      });
      void Promise.reject(new Error("rejected in a test"));
    });
    const [errorReport, rejectionReport] = await both;
    expect(await errorReport.json()).toEqual({ status: 200, data: { recorded: true } });
    expect(await rejectionReport.json()).toEqual({ status: 200, data: { recorded: true } });
    expect(reports).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "error", message: expect.stringContaining("boom from a test") }),
        expect.objectContaining({ kind: "unhandledrejection", message: expect.stringContaining("rejected in a test") }),
      ]),
    );
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((text) => !/boom from a test|rejected in a test/.test(text)),
    );
  });
});
