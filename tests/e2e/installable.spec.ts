import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { translate } from "#common/i18n/catalogs.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import { expect, test } from "./fixtures.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/** The installable app (decision 0045): manifest, service worker, offline page, install offer. */

// The other specs block service workers (playwright.config.ts); these are about the worker.
test.use({ serviceWorkers: "allow" });

/** Waits until the page's service worker has installed and controls the page. */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.scriptURL.endsWith("/sw.js") === true, undefined, {
    timeout: 20_000,
  });
}

/** Every address kept in the page's caches (the worker's), by path. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/**
 * Chromium's own offer, made by hand: an event as the browser sends it, whose `prompt()` the page
 * may call once. Returns whether the page kept it (took it from the browser's banner).
 */
function offerToInstall(page: Page, outcome: "accepted" | "dismissed" = "accepted"): Promise<boolean> {
  return page.evaluate((outcome) => {
    const offer = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(offer, {
      prompt: async () => {
        (window as unknown as { __prompted: number }).__prompted =
          ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome, platform: "web" }),
    });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  }, outcome);
}

test.describe("the app installs like an app", () => {
  test("each language's page links its own manifest, whose icons are PNGs of exactly their size, and Chromium finds the app installable", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#947C62");
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const manifest = (await (await request.get("/manifest.webmanifest")).json()) as {
      start_url: string;
      icons: { src: string; sizes: string; purpose: string }[];
      share_target: { action: string };
    };
    expect(manifest.icons.map((icon) => icon.purpose)).toContain("maskable");
    for (const { src, sizes } of [...manifest.icons, { src: appleIcon ?? "", sizes: "180x180" }]) {
      const answer = await request.get(src);
      expect([src, answer.status(), answer.headers()["content-type"]]).toEqual([src, 200, "image/png"]);
      const { width, height } = await sharp(await answer.body()).metadata();
      expect([src, `${width}x${height}`]).toEqual([src, sizes]);
    }

    // What Chromium itself reads: no manifest error (a share target outside the scope would be one),
    // and nothing that keeps the app from being installed. Chromium installs nothing from a private
    // profile, which each test's context is: this looks from a profile on disk.
    const profile = await mkdtemp(path.join(tmpdir(), "pwa-profile-"));
    const installer = await playwright.chromium.launchPersistentContext(profile, {
      ...test.info().project.use.launchOptions,
      baseURL,
    });
    try {
      const tab = installer.pages()[0] ?? (await installer.newPage());
      const cdp = await installer.newCDPSession(tab);
      for (const [address, manifestPath] of [
        ["/", "/manifest.webmanifest"],
        ["/ja/pricing", "/ja/manifest.webmanifest"],
      ] as const) {
        await tab.goto(address);
        await controlledByWorker(tab);
        const { url, errors } = await cdp.send("Page.getAppManifest");
        expect([new URL(url).pathname, errors]).toEqual([manifestPath, []]);
        expect((await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
      }
    } finally {
      await installer.close();
      await rm(profile, { recursive: true, force: true });
    }
    await page.goto("/ja/pricing");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/ja/manifest.webmanifest");
  });

  test("the service worker takes the page over, and with the network off a page opens as the offline page in its language (Arabic right to left, once an Arabic page was seen); Try again brings the page back", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    await controlledByWorker(page);
    // An Arabic page, seen once with the network on, leaves its language's offline page kept.
    await page.goto("/ar");
    await expect.poll(() => cachedPaths(page)).toContain("/ar/offline.html");
    // The page's own pictures are all in before the network goes (their failing is not the test's point).
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    await page.goto("/packs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("en", "pwa.offline.title"));
    await expect(page).toHaveURL(/\/packs$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await look(page, "offline-en");

    await page.goto("/ar/stickers");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("ar", "pwa.offline.title"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await look(page, "offline-ar");

    await context.setOffline(false);
    await page.getByRole("link", { name: translate("ar", "pwa.offline.retry") }).click();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page).toHaveURL(/\/ar\/stickers$/);
  });

  test("a link followed with the network off shows the offline words in the page's language, not a server error; Try again loads the page once the network is back", async ({
    page,
    context,
    consoleErrors,
  }) => {
    await page.goto("/fr/pricing");
    await controlledByWorker(page);
    const home = page.getByRole("banner").getByRole("link", { name: translate("fr", "app.name") });
    // The home page's code is loaded once with the network on; back on the pricing page, the network goes.
    await home.click();
    await expect(page).toHaveURL(/\/fr\/?$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/fr\/pricing$/);
    await page.waitForLoadState("networkidle");
    await context.setOffline(true);
    // A client-side navigation whose data cannot come.
    await home.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(translate("fr", "pwa.offline.title"));
    await expect(page.getByText(translate("fr", "pwa.offline.text"))).toBeVisible();
    await expect(page.getByText(translate("fr", "error.500.title"))).toHaveCount(0);

    await context.setOffline(false);
    // What failed while the network was off is logged by Chromium and the router (route discovery): expected here.
    const offline = /ERR_INTERNET_DISCONNECTED|Failed to fetch/;
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !offline.test(error)));
    await page.getByRole("button", { name: translate("fr", "pwa.offline.retry") }).click();
    await expect(page).toHaveURL(/\/fr\/?$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(translate("fr", "pwa.offline.title"));
    await expect(page.getByRole("textbox").first()).toBeVisible();
  });

  test("the worker's caches hold the build's files, an icon and the offline page, never a signed-in page, its data or an API answer", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/");
    await signInByLink(page, uniqueEmail("pwa"));
    await controlledByWorker(page);
    // Pages through the worker, signed in: a document, a client-side navigation (its .data), a call.
    await page.goto("/stickers");
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Sticker Studio" }).first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    const called = await page.evaluate(async () => (await fetch("/api/user/refreshUserInfo")).status);
    expect(called).toBeGreaterThan(0);
    // An icon the page shows is kept like the build's files.
    expect(await page.evaluate(async () => (await fetch("/icons/icon-192.png")).status)).toBe(200);

    let paths: string[] = [];
    await expect
      .poll(async () => {
        paths = await cachedPaths(page);
        return paths.some((path) => path.startsWith("/assets/"));
      })
      .toBe(true);
    expect(paths).toContain("/offline.html");
    await expect.poll(() => cachedPaths(page)).toContain("/icons/icon-192.png");
    paths = await cachedPaths(page);
    expect(paths.filter((path) => !/^\/(assets\/|icons\/|([a-zA-Z-]+\/)?offline\.html$)/.test(path))).toEqual([]);
  });

  test("Install the app is offered on a return visit when the browser offers it, never on the first; it prompts from the keyboard, and Not now is remembered", async ({
    page,
  }) => {
    const offerCard = page.getByRole("complementary", { name: "Install Sticker Studio" });
    await page.goto("/");
    // First visit: the offer is taken from the browser's own banner, and not shown.
    expect(await offerToInstall(page)).toBe(true);
    await page.waitForTimeout(500);
    await expect(offerCard).toHaveCount(0);

    // Back two hours later: a second visit.
    const returnVisit = async () => {
      await page.evaluate(
        ({ key }) => localStorage.setItem(key, JSON.stringify({ count: 1, lastSeen: Date.now() - 2 * 3_600_000 })),
        { key: STORAGE_KEYS.visits },
      );
      await page.reload();
    };
    await returnVisit();
    await expect(offerCard).toHaveCount(0);
    expect(await offerToInstall(page)).toBe(true);
    await expect(offerCard).toBeVisible();
    await look(page, "install-offer");
    const install = offerCard.getByRole("button", { name: "Install the app" });
    await install.focus();
    await page.keyboard.press("Enter");
    await expect(offerCard).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);

    // Not now: the offer is not made again for a while, even when the browser offers again.
    await page.reload();
    expect(await offerToInstall(page)).toBe(true);
    await offerCard.getByRole("button", { name: "Not now" }).click();
    await expect(offerCard).toHaveCount(0);
    await returnVisit();
    expect(await offerToInstall(page)).toBe(true);
    await page.waitForTimeout(500);
    await expect(offerCard).toHaveCount(0);
  });

  test("the install offer speaks the page's language and sits mirrored on Arabic pages", async ({ page }) => {
    await page.goto("/ar");
    await page.evaluate(
      ({ key }) => localStorage.setItem(key, JSON.stringify({ count: 1, lastSeen: Date.now() - 2 * 3_600_000 })),
      { key: STORAGE_KEYS.visits },
    );
    await page.reload();
    await offerToInstall(page);
    const offerCard = page.getByRole("complementary", { name: translate("ar", "pwa.install.title") });
    await expect(offerCard.getByRole("button", { name: translate("ar", "pwa.install.button") })).toBeVisible();
    const card = await offerCard.boundingBox();
    const icon = await offerCard.locator("img").boundingBox();
    // Right to left: the icon leads at the right.
    expect((icon?.x ?? 0) + (icon?.width ?? 0)).toBeGreaterThan((card?.x ?? 0) + (card?.width ?? 0) / 2);
    await look(page, "install-offer-ar");
  });
});
