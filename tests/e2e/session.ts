import type { BrowserContext, Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures.ts";
import { signInLinkFor } from "./mail-sink.ts";
import { signedCall } from "./page-calls.ts";

/**
 * Follows the newest sign-in link mailed to `email` (over SMTP to the run's mail sink) in `page` and
 * presses the confirm page's "Sign in as …" button, which spends the link.
 */
export async function followSignInLink(page: Page, email: string) {
  const href = await signInLinkFor(email);
  expect(href).toMatch(/\/auth\/email\/callback\?token=/);
  await page.goto(href);
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
}

/**
 * Asks for a sign-in link through the login dialog of a hydrated English page, as a person does, and
 * returns the dialog once it says the mail is sent.
 */
export async function askForSignInLink(page: Page, email: string) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Continue with e-mail" }).click();
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(dialog.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  return dialog;
}

/** Signs `page` in by e-mail through the login dialog and the run's mail sink. */
export async function signInByEmail(page: Page, context: BrowserContext, email: string) {
  const dialog = await askForSignInLink(page, email);
  const mailbox = await context.newPage();
  await followSignInLink(mailbox, email);
  await expect(mailbox.getByRole("button", { name: "Account menu" })).toBeVisible();
  // The landing tab tells the others once it runs (after hydration), then tidies its URL.
  await expect(mailbox).not.toHaveURL(/login=email/, { timeout: 30_000 });
  await mailbox.close();
  await expect(dialog.getByRole("heading", { name: "You're signed in" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  // The page has taken the session in (root revalidated): its own signed calls use it from here on.
  await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
}

/**
 * Signs `page` in by e-mail without the login dialog, for tests about something else: the page asks
 * for the link with the same signed call the dialog makes (`GET /api/getVerifyEmail`, redirect = this
 * page), the mailed link is opened in this tab, and its "Sign in as …" button brings the tab back
 * here, signed in. One tab and no broadcast: a third of the dialog's time on a busy machine. The
 * dialog itself, the second tab and the tabs that follow are proved by sign-in.spec.ts and by the
 * tests that still call `signInByEmail`.
 */
export async function signInByLink(page: Page, email: string) {
  await waitForHydration(page);
  const here = new URL(page.url());
  await signedCall(page, "GET", "/api/getVerifyEmail", { email, redirect: `${here.pathname}${here.search}` });
  await followSignInLink(page, email);
  // Back where it was; the landing page tidies `?login=email` away once it has hydrated.
  await page.waitForURL((url) => url.pathname === here.pathname && !url.searchParams.has("login"), { timeout: 20_000 });
  await waitForHydration(page);
  await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
}

/**
 * A fresh address per test, so parallel runs never share a user. Kept short: the sign-in field takes
 * at most 40 characters (spec §5), and a longer address would be cut and the mail sent elsewhere.
 */
export function uniqueEmail(prefix: string): string {
  const email = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}@example.com`;
  if (email.length > 40) throw new Error(`test e-mail too long for the sign-in field: ${email}`);
  return email;
}
