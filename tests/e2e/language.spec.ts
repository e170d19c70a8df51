import { expect, test } from "./fixtures.ts";

test.describe("the language of a prefixed link is remembered", () => {
  test("a visitor who arrives through /fr/… comes back to French at /", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/fr/pricing");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("fr");
    await page.goto("/");
    await expect(page).toHaveURL(/\/fr$/);
    await context.close();
  });

  test("a visitor whose browser asks for German who arrives through /en/… stays in English at /", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/en/pricing");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page).not.toHaveURL(/\/de/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await context.close();
  });
});
