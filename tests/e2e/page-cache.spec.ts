import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInByEmail, uniqueEmail } from "./session.ts";

/** The document's own answer: how the shared page cache found it (decision 0021). */
async function open(page: Page, path: string) {
  const answer = await page.goto(path);
  expect(answer?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return answer!;
}

test.describe("visitors' pages shared from the page cache (decision 0021)", () => {
  test("a visitor's home and list page come from the cache, hydrate with no console error, and signing in shows the user's own account", async ({
    page,
    context,
  }) => {
    test.slow(); // signs in by e-mail
    for (const path of ["/", "/stickers/latest/1"]) {
      await open(page, path);
      const again = await open(page, path);
      expect(["hit", "stale"]).toContain(await again.headerValue("x-page-cache"));
      // The shared page is allowed its scripts by hash, and carries no nonce a reader could reuse.
      const policy = (await again.headerValue("content-security-policy")) ?? "";
      expect(policy).toMatch(/script-src 'self' 'sha256-/);
      expect(policy).not.toContain("nonce-");
      expect(await again.headerValue("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    }
    // The cards of a shared list page still work: a detail page, then back to the cached home.
    await open(page, "/");
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();

    const email = uniqueEmail("shared");
    await signInByEmail(page, context, email);
    for (const path of ["/", "/stickers/latest/1"]) {
      const mine = await open(page, path);
      expect(await mine.headerValue("x-page-cache")).toBeNull();
      expect(await mine.headerValue("cache-control")).toBe("private, no-cache");
      expect(await mine.headerValue("content-security-policy")).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toHaveCount(0);
    }
  });

  test("a visitor whose browser asks for French is sent to /fr even when the English home is cached", async ({
    page,
    request,
  }) => {
    await open(page, "/");
    await open(page, "/");
    const french = await request.get("/", { headers: { "Accept-Language": "fr-FR,fr;q=0.9" }, maxRedirects: 0 });
    expect(french.status()).toBe(302);
    expect(french.headers().location).toBe("/fr");
    const english = await request.get("/", { headers: { "Accept-Language": "en-US" }, maxRedirects: 0 });
    expect(english.status()).toBe(200);
    expect(english.headers()["x-page-cache"]).toMatch(/^(hit|stale)$/);
    expect(english.headers().vary).toBe("Accept-Encoding, Cookie, Accept-Language");
  });

  test("a detail page and /pricing from the cache run their scripts under the hash policy", async ({ page }) => {
    await open(page, "/stickers/latest/1");
    const card = page
      .getByRole("main")
      .getByRole("link")
      .filter({ has: page.locator("img") })
      .first();
    const href = await card.getAttribute("href");
    expect(href).toMatch(/^\/sticker\//);
    for (const path of [href!, "/pricing"]) {
      await open(page, path);
      const again = await open(page, path);
      expect(["hit", "stale"]).toContain(await again.headerValue("x-page-cache"));
    }
  });

  test("a page asked with a parameter no page reads (a campaign tag) is the shared page, hydrates with no console error and keeps its address", async ({
    page,
  }) => {
    await open(page, "/pricing");
    const tagged = await open(page, "/pricing?utm_source=newsletter&x=1");
    expect(["hit", "stale"]).toContain(await tagged.headerValue("x-page-cache"));
    expect(new URL(page.url()).search).toBe("?utm_source=newsletter&x=1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A search keeps its own page: the words are a parameter the page reads.
    await open(page, "/search?q=cat&utm_source=newsletter");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("cat");
  });
});
