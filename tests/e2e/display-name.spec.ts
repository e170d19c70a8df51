import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedCall } from "./page-calls.ts";
import { look } from "./screenshots.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

/** A generated display name (decision 0036): two capitalised words and a number, 100..999. */
const GENERATED = /^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d\d$/;

function byline(page: Page) {
  return page.getByRole("main").getByText(/^by /);
}

test.describe("the display name (decision 0036)", () => {
  test("a new user is shown by a generated name; they change it from the account menu and their pack page shows it at once, in another tab and to visitors", async ({
    page,
    browser,
  }) => {
    test.slow(); // signs in by e-mail, three pages
    const email = uniqueEmail("name");
    await page.goto("/");
    await signInByLink(page, email);
    const pack = await signedCall<{ packId: string }>(page, "POST", "/api/pack/create", {
      name: "Named friends",
      visibility: "public",
    });
    const packPath = `/pack/${pack.packId}/named-friends`;

    await page.goto(packPath);
    const generated = ((await byline(page).textContent()) ?? "").replace(/^by /, "").replace(/ · .*$/, "");
    expect(generated).toMatch(GENERATED);
    expect(generated.toLowerCase()).not.toContain("name-");

    // A visitor's copy of the page is cached for everyone (decision 0021); another tab of the owner is open.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(packPath);
    await expect(byline(visitorPage)).toContainText(`by ${generated}`);
    const otherTab = await page.context().newPage();
    await otherTab.goto(packPath);
    await expect(byline(otherTab)).toContainText(`by ${generated}`);

    // The menu shows the name others see, and the address only the user sees.
    await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText(generated, { exact: true })).toBeVisible();
    await expect(menu.getByText(/^Signed in as /)).toHaveText(`Signed in as \u2068${email}\u2069`);
    await look(page, "display-name-menu");
    await menu.getByRole("menuitem", { name: "Change display name" }).click();

    const dialog = page.getByRole("dialog", { name: "Your display name" });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel("Display name");
    await expect(field).toHaveValue(generated);
    await look(page, "display-name-dialog");

    // Nothing but spaces: said in the dialog, nothing sent.
    await field.fill("   ");
    await dialog.getByRole("button", { name: "Save" }).click();
    const problem = dialog.getByText("Choose a display name of 1 to 40 characters, on one line.");
    await expect(problem).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await look(page, "display-name-invalid");

    await field.fill("  Ada Lovelace 🦦 ");
    await expect(problem).toHaveCount(0);
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/user/name"));
    await dialog.getByRole("button", { name: "Save" }).click();
    expect((await (await saved).json()).data.nick).toBe("Ada Lovelace 🦦");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Your display name is now \u2068Ada Lovelace 🦦\u2069.")).toBeVisible();

    // This page, the menu, the other tab and a visitor all read the new name, without a reload here.
    await expect(byline(page)).toContainText("by Ada Lovelace 🦦");
    await page.getByRole("banner").getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu").getByText("Ada Lovelace 🦦", { exact: true })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toHaveText("A");
    await look(page, "display-name-changed");
    await expect(byline(otherTab)).toContainText("by Ada Lovelace 🦦");
    await visitorPage.goto(packPath);
    await expect(byline(visitorPage)).toContainText("by Ada Lovelace 🦦");
    await visitor.close();
  });
});
