import en from "#common/i18n/locales/en.json" with { type: "json" };
import fr from "#common/i18n/locales/fr.json" with { type: "json" };
import { inlineHydrationData } from "#tests/support/hydration-data.ts";
import { expect, test } from "./fixtures.ts";

test.describe("the page's catalog is a file of its own (decision 0055)", () => {
  test("the home page's data carries no catalog, at most 15 kB inline, and names its language's catalog file", async ({
    request,
  }) => {
    for (const [path, language] of [
      ["/", "en"],
      ["/fr/", "fr"],
    ] as const) {
      const html = await (await request.get(path)).text();
      const address = /<html[^>]* data-catalog="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(address, path).toMatch(new RegExp(`^/assets/catalog-${language}-[0-9a-f]{12}\\.json$`));
      expect(html).toContain(`<link rel="preload" href="${address}" as="fetch" crossorigin="anonymous"/>`);
      const data = inlineHydrationData(html);
      expect(data.length, path).toBeGreaterThan(0);
      expect(Buffer.byteLength(data), path).toBeLessThanOrEqual(15_000);
      // Texts no part of the home page renders on the server (the pricing page's, an error's) are not sent with it.
      const catalog = language === "fr" ? fr : en;
      expect(data).not.toContain(catalog.errors.apiNotFound);
      expect(data).not.toContain(catalog.errors.invalidInput);
      const file = await request.get(address);
      expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await file.json()).toEqual(catalog);
    }
  });

  test("the browser loads the catalog once, hydrates in its language, and speaks French after the footer's language switch without a reload", async ({
    page,
  }) => {
    const catalogs: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/catalog-/.test(request.url())) catalogs.push(new URL(request.url()).pathname);
    });
    await page.goto("/pricing");
    expect(catalogs).toEqual([expect.stringMatching(/^\/assets\/catalog-en-/)]);
    await page.getByRole("banner").getByRole("link", { name: "Sticker Studio" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.home.heading);
    expect(catalogs).toHaveLength(1);
    // A client-side navigation to another language: the page renders once French's file is in.
    await page.evaluate(() => {
      (window as { stillThisDocument?: boolean }).stillThisDocument = true;
    });
    await page.getByRole("combobox", { name: en.footer.language }).selectOption("fr");
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr.home.heading);
    await expect(page.getByRole("combobox", { name: fr.footer.language })).toHaveValue("fr");
    expect(catalogs).toEqual([expect.stringMatching(/^\/assets\/catalog-en-/), expect.stringMatching(/^\/assets\/catalog-fr-/)]);
    expect(await page.evaluate(() => (window as { stillThisDocument?: boolean }).stillThisDocument)).toBe(true);
  });
});
