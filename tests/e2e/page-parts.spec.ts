import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedCall } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/** The page parts' scripts (decision 0056), by the chunk names the build gives them. */
const OWNER_PART = /\/assets\/pack-owner-[\w-]+\.js$/;
const MENU_PART = /\/assets\/user-menu-[\w-]+\.js$/;

function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith(".js")) scripts.push(path);
  });
  return scripts;
}

test.describe("parts only some viewers see are scripts of their own (decision 0056)", () => {
  test("a visitor's pack page loads neither the owner's controls nor the signed-in menu; the owner's page hydrates with both, and Rename answers the first click while the part's script is slow", async ({
    page,
    browser,
  }) => {
    test.slow(); // signs in by e-mail
    await page.goto("/");
    await signInByLink(page, uniqueEmail("parts"));
    const pack = await signedCall<{ packId: string }>(page, "POST", "/api/pack/create", {
      name: "Parts of a page",
      visibility: "public",
    });
    const packPath = `/pack/${pack.packId}/parts-of-a-page`;

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const visitorScripts = scriptsOf(visitorPage);
    await visitorPage.goto(packPath);
    await expect(visitorPage.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Parts of a page" })).toBeVisible();
    await expect(visitorPage.getByRole("button", { name: "Rename" })).toHaveCount(0);
    expect(visitorScripts.filter((path) => OWNER_PART.test(path) || MENU_PART.test(path))).toEqual([]);
    await visitor.close();

    // The owner's page: the part's script answers late, and the page must not claim to be ready before it.
    const ownerScripts = scriptsOf(page);
    await page.route(OWNER_PART, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(packPath);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(ownerScripts.filter((path) => OWNER_PART.test(path))).toHaveLength(1);
    expect(ownerScripts.filter((path) => MENU_PART.test(path))).toHaveLength(1);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByLabel("Pack name")).toHaveValue("Parts of a page");
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
  });
});
