import { expect, test, waitForHydration } from "./fixtures.ts";
import { signInLinkFor } from "./mail-sink.ts";
import { askForSignInLink, uniqueEmail } from "./session.ts";

/**
 * The mailed sign-in link's confirm page (decisions 0013, 0033): it names the address it signs in, and
 * warns when the link is opened in another browser than the one that asked for it — someone may have
 * asked for a link to their own address and forwarded it, to sign the reader into their account. The
 * reader can still go on (their own link, opened on another device).
 */
const WARNING = "This link was requested from another browser. Continue only if you asked for it.";

/** Asks for a link through the login dialog, as a person does, and answers the mailed link. */
async function askThroughTheDialog(page: import("@playwright/test").Page, email: string) {
  await page.goto("/");
  await askForSignInLink(page, email);
  return signInLinkFor(email);
}

test.describe("the sign-in link's confirm page", () => {
  test("in the browser that asked, it names the address and shows no warning", async ({ context, page }) => {
    const email = uniqueEmail("same-browser");
    const href = await askThroughTheDialog(page, email);
    const tab = await context.newPage();
    await tab.goto(href);
    await expect(tab.getByTestId("sign-in-address").first()).toHaveText(email);
    await expect(tab.getByText(`This link signs ${email} in to Sticker Studio.`)).toBeVisible();
    await expect(tab.getByRole("alert")).toHaveCount(0);
    await expect(tab.getByText(WARNING)).toHaveCount(0);
    await tab.getByRole("button", { name: `Sign in as ${email}` }).click();
    await expect(tab.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
  });

  test("in another browser, it warns that the link was asked for elsewhere, names the address, and still signs in on Continue", async ({
    browser,
    page,
  }) => {
    const email = uniqueEmail("forwarded");
    const href = await askThroughTheDialog(page, email);
    // Someone else's browser: the forwarded link.
    const other = await browser.newContext();
    try {
      const reader = await other.newPage();
      await reader.goto(href);
      const alert = reader.getByRole("alert");
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(WARNING);
      await expect(alert).toContainText(`If ${email} is not your address, close this page`);
      await expect(reader.getByTestId("sign-in-address").first()).toHaveText(email);
      await expect(reader.getByTestId("sign-in-address").first()).toBeVisible();
      // The warning comes before the button, so it is read first.
      const warningTop = (await alert.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
      const button = reader.getByRole("button", { name: `Sign in as ${email}` });
      expect(warningTop).toBeLessThan((await button.boundingBox())?.y ?? 0);
      await button.click();
      await expect(reader.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("speaks the warning in the mail's language", async ({ browser, page }) => {
    const email = uniqueEmail("warn-fr");
    await page.goto("/fr");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Continuer avec une adresse e-mail" }).click();
    await dialog.getByLabel("Adresse e-mail").fill(email);
    await dialog.getByRole("button", { name: "Envoyer le lien de connexion" }).click();
    const href = await signInLinkFor(email);
    const other = await browser.newContext();
    try {
      const reader = await other.newPage();
      await reader.goto(href);
      await expect(reader.getByRole("alert")).toContainText("Ce lien a été demandé depuis un autre navigateur.");
      await expect(reader.locator("html")).toHaveAttribute("lang", "fr");
    } finally {
      await other.close();
    }
  });
});
