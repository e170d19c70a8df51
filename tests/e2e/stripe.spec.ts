import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInByLink, uniqueEmail } from "./session.ts";
import { payOnStripe } from "./stripe-stand-in.ts";

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** Stripe's hosted pages cannot load here: the browser gets a plain page at their address instead. */
const STRIPE_PAGE = (title: string) => `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

test("with Stripe: the trial checkout, membership, a switch, the cancel and the billing portal (spec §4, §7)", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow(); // sign-in, a checkout window, webhooks, two plan changes and the portal window
  await context.route("https://checkout.stripe.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: STRIPE_PAGE("Stripe Checkout") }),
  );
  await context.route("https://billing.stripe.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: STRIPE_PAGE("Stripe billing portal") }),
  );
  await page.goto("/pricing");
  await signInByLink(page, uniqueEmail("stripe"));
  // No sandbox: the page does not say test mode.
  await expect(page.getByText("Test mode: payments here are simulated")).toHaveCount(0);

  const [checkout] = await Promise.all([
    context.waitForEvent("page"),
    card(page, "Annual").getByRole("button", { name: "Start free trial" }).click(),
  ]);
  await checkout.waitForURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  const sessionId = new URL(checkout.url()).pathname.split("/").pop() as string;
  const paid = await payOnStripe(sessionId, `${baseURL}/api/stripe/webhook`);
  expect(paid.deliveries.length).toBeGreaterThan(0);
  expect(paid.deliveries.every((status) => status === 200)).toBe(true);
  await checkout.goto(paid.successUrl);
  await expect(checkout.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  // The heading comes with the server's HTML; the other tabs hear recharge_success only once the page runs.
  await expect(checkout.locator("html")).toHaveAttribute("data-hydrated", "true");
  await checkout.close();

  await expect(card(page, "Annual").getByText("Started!")).toBeVisible();
  await expect(card(page, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
  await expect(page.getByRole("banner").getByRole("link", { name: /points/ })).toHaveCount(0);

  await card(page, "Monthly").getByRole("button", { name: "Switch to monthly" }).click();
  await page
    .getByRole("dialog", { name: "End your free trial now?" })
    .getByRole("button", { name: "End trial and switch" })
    .click();
  await expect(card(page, "Monthly").getByRole("button", { name: "Current plan" })).toBeDisabled();

  await card(page, "Free").getByRole("button", { name: "Switch to free" }).click();
  await page.getByRole("dialog", { name: "Go back to the free plan?" }).getByRole("button", { name: "Cancel my plan" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your plan is cancelled and ends on" })).toBeVisible();

  const [portal] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("contentinfo").getByRole("button", { name: "Manage subscription" }).click(),
  ]);
  await portal.waitForURL(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
  await expect(portal.getByRole("heading", { name: "Stripe billing portal" })).toBeVisible();
});
