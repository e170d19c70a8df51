import { expect, test } from "./fixtures.ts";
import { signInLinkFor } from "./mail-sink.ts";
import { followSignInLink } from "./session.ts";

test.describe("e-mail sign-in (spec §4, §5)", () => {
  test("sign in by e-mail across two tabs, then sign out in one signs the other out", async ({ context, page }) => {
    // Two tabs, the mail and the link's confirm page: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    await page.goto("/stickers/latest");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName("Sign in to Sticker Studio");
    const withEmail = dialog.getByRole("button", { name: "Continue with e-mail" });
    // The terms must be accepted first.
    await expect(withEmail).toBeDisabled();
    await dialog.getByRole("checkbox").check();
    await withEmail.click();
    const send = dialog.getByRole("button", { name: "Send sign-in link" });
    const input = dialog.getByLabel("E-mail address");
    await input.press("Enter");
    await expect(page.getByText("Please enter your e-mail address.")).toBeVisible();
    await input.fill("not-an-email");
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(input).toHaveAttribute("maxlength", "40");
    await input.fill(email);
    await input.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(dialog.getByText(email)).toBeVisible();

    const other = await context.newPage();
    await followSignInLink(other, email);
    // The link's tab lands where sign-in started, signed in, with the starting points.
    await expect(other).toHaveURL(/\/stickers\/latest$/);
    await expect(other.getByRole("button", { name: "Account menu" })).toBeVisible();
    await expect(other.getByRole("link", { name: "10 points" })).toBeVisible();

    // The waiting tab hears about it and shows the success screen with the address.
    await expect(dialog.getByRole("heading", { name: "You're signed in" })).toBeVisible();
    await expect(dialog.getByText(email)).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();

    // Signing out in one tab signs the other out.
    await other.getByRole("button", { name: "Account menu" }).click();
    await other.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(other.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
    // The old session is dead on the server too.
    await page.reload();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("the e-mail sign-in works with the keyboard alone", async ({ page }, info) => {
    test.skip(info.project.name === "mobile", "keyboard navigation is a desktop concern");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName("Sign in to Sticker Studio");
    // Focus moves into the dialog; Tab reaches the terms checkbox.
    for (let i = 0; i < 6 && !(await dialog.getByRole("checkbox").evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("checkbox")).toBeChecked();
    for (let i = 0; i < 8; i += 1) {
      if (await dialog.getByRole("button", { name: "Continue with e-mail" }).evaluate((el) => el === document.activeElement))
        break;
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await expect(dialog.getByLabel("E-mail address")).toBeFocused();
    await page.keyboard.type(`keys-${Date.now()}@example.com`);
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("a protected tab asks to confirm, then opens the login dialog", async ({ page }) => {
    await page.goto("/stickers/stickers");
    // The page comes from the shared page cache at once; its button works once the page has hydrated.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
    const prompt = page.getByRole("dialog", { name: "Sign in to continue" });
    await prompt.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to Sticker Studio" })).toBeVisible();
  });

  test("text typed before signing in is kept for after (INPUT_CONTENT_BEFORE_LOGIN)", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Describe your sticker").fill("a fox with a scarf");
    await page.getByRole("button", { name: "Generate sticker" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Describe your sticker")).toHaveValue("a fox with a scarf");
  });

  test("a used sign-in link is refused with a clear page", async ({ context, page }) => {
    const email = `reuse-${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName("Sign in to Sticker Studio");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Continue with e-mail" }).click();
    await dialog.getByLabel("E-mail address").fill(email);
    await dialog.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(dialog.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    const reader = await context.newPage();
    const href = await signInLinkFor(email);
    await reader.goto(href);
    await reader.getByRole("button", { name: `Sign in as ${email}` }).click();
    await expect(reader.getByRole("button", { name: "Account menu" })).toBeVisible();
    const stranger = await (await context.browser()?.newContext())?.newPage();
    await stranger?.goto(href ?? "");
    await expect(stranger?.locator("h1") ?? reader.locator("h1")).toHaveText("Access denied");
    await stranger?.context().close();
  });

  test("the mailed link opens a confirm page: loading it (as a mail scanner does) does not sign in, its button does", async ({
    browser,
    page,
  }) => {
    const email = `scan-${Date.now().toString(36)}@example.com`;
    await page.goto("/fr/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Continuer avec une adresse e-mail" }).click();
    await dialog.getByRole("textbox").fill(email);
    await dialog.getByRole("textbox").press("Enter");
    const href = await signInLinkFor(email);
    // A scanner fetches the link first, in a context of its own.
    const scanner = await browser.newContext();
    const scanned = await scanner.request.get(href);
    expect(scanned.status()).toBe(200);
    await scanner.close();
    const reader = await browser.newPage();
    await reader.goto(href);
    // The page speaks the mail's language (French) and offers one button with the address.
    await expect(reader.locator("html")).toHaveAttribute("lang", "fr");
    await expect(reader.getByRole("button")).toHaveCount(1);
    const button = reader.getByRole("button", { name: `Se connecter en tant que ${email}` });
    await expect(button).toBeVisible();
    expect((await reader.context().cookies()).find((cookie) => cookie.name === "token")).toBeUndefined();
    await button.click();
    await expect(reader).toHaveURL(/\/fr\/?(\?login=email)?$/);
    await expect(reader.getByRole("button", { name: "Menu du compte" })).toBeVisible();
    await reader.context().close();
  });
});
