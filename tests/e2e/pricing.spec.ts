import type { BrowserContext, Locator, Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedCall } from "./page-calls.ts";
import { skipAheadUntil } from "./page-clock.ts";
import { look } from "./screenshots.ts";
import { followSignInLink, signInByLink, uniqueEmail } from "./session.ts";

/** Clicks a button that opens the payment step in a new window (spec §4) and returns that window. */
async function paymentWindow(context: BrowserContext, open: () => Promise<void>): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent("page"), open()]);
  await popup.waitForURL(/\/billing\/sandbox\//);
  await expect(popup.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(popup.getByText("Test mode", { exact: true })).toBeVisible();
  return popup;
}

/** The plan card headed `name` in `scope`: the page, or a part of it such as the points window. */
const card = (scope: Page | Locator, name: string) =>
  scope
    .getByRole("listitem")
    .filter({ has: ("page" in scope ? scope.page() : scope).getByRole("heading", { name, exact: true }) });

test.describe("plans and billing on the payments sandbox (spec §2, §4, §5)", () => {
  test("trial → member (points hidden) → monthly → annual → back to free, followed by another tab", async ({ page, context }) => {
    test.slow(); // sign-in, a checkout window and four plan changes
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("trial"));
    await expect(page.getByRole("heading", { level: 1, name: "Try every plan free for 7 days" })).toBeVisible();
    // A free user: free is the current plan and cannot be chosen (spec §5); the header shows points.
    await expect(card(page, "Free").getByRole("button", { name: "Current plan" })).toBeDisabled();
    await expect(page.getByRole("banner").getByRole("link", { name: "10 points" })).toBeVisible();
    const other = await context.newPage();
    await other.goto("/");
    await expect(other.getByRole("banner").getByRole("link", { name: "10 points" })).toBeVisible();

    const checkout = await paymentWindow(context, () =>
      card(page, "Annual").getByRole("button", { name: "Start free trial" }).click(),
    );
    await expect(checkout.getByText("The Annual plan with a 7-day free trial")).toBeVisible();
    await checkout.getByRole("button", { name: "Start free trial" }).click();
    await expect(checkout).toHaveURL(/\/rechargeSuccess\?status=success&id=cs_sandbox_/);
    await expect(checkout.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await checkout.close();

    // recharge_success: the chosen card starts, and every tab follows (members see no points, spec §6).
    await expect(card(page, "Annual").getByText("Started!")).toBeVisible();
    await expect(card(page, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
    await expect(page.getByRole("heading", { level: 1, name: "Your plan" })).toBeVisible();
    for (const tab of [page, other]) {
      await expect(tab.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
      await expect(tab.getByRole("banner").getByRole("link", { name: /points/ })).toHaveCount(0);
      await expect(tab.getByRole("banner").getByRole("button", { name: "Get free credit" })).toHaveCount(0);
    }
    await other.close();

    // Trialing → another paid plan: the end-trial confirmation comes first.
    await card(page, "Monthly").getByRole("button", { name: "Switch to monthly" }).click();
    const endTrial = page.getByRole("dialog", { name: "End your free trial now?" });
    await expect(endTrial).toBeVisible();
    await endTrial.getByRole("button", { name: "End trial and switch" }).click();
    await expect(endTrial).toBeHidden();
    await expect(card(page, "Monthly").getByRole("button", { name: "Current plan" })).toBeDisabled();

    // Monthly → annual: the year/month confirmation.
    await card(page, "Annual").getByRole("button", { name: "Switch to annual" }).click();
    const toAnnual = page.getByRole("dialog", { name: "Switch to annual billing?" });
    await toAnnual.getByRole("button", { name: "Switch plan" }).click();
    await expect(toAnnual).toBeHidden();
    await expect(card(page, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();

    // Back to free: the confirmation with its tips, then the cancel tip; the plan lasts to the period end.
    await card(page, "Free").getByRole("button", { name: "Switch to free" }).click();
    const toFree = page.getByRole("dialog", { name: "Go back to the free plan?" });
    await expect(toFree.getByRole("listitem")).toHaveCount(4);
    await expect(toFree.getByRole("button", { name: "Keep my plan" })).toBeVisible();
    await toFree.getByRole("button", { name: "Cancel my plan" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your plan is cancelled and ends on" })).toBeVisible();
    await expect(card(page, "Free").getByRole("button", { name: /^Free from / })).toBeDisabled();
    await expect(card(page, "Annual").getByRole("button", { name: "Keep my plan" })).toBeEnabled();
    await page.reload();
    await expect(card(page, "Annual").getByRole("button", { name: "Keep my plan" })).toBeEnabled();
  });

  test("a point pack is paid in a new window and credited once", async ({ page, context }) => {
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("pack"));
    const checkout = await paymentWindow(context, () => page.getByRole("button", { name: "Buy 50 points" }).click());
    await expect(checkout.getByText("Due today")).toBeVisible();
    await checkout.getByRole("button", { name: "Pay with the test card" }).click();
    await expect(checkout.getByText("50 points have been added to your balance.")).toBeVisible();
    await expect(page.getByText("Points added!")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "60 points" })).toBeVisible();
    // Coming back to the same return page again credits nothing more.
    await checkout.reload();
    await expect(checkout.getByRole("banner").getByRole("link", { name: "60 points" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("banner").getByRole("link", { name: "60 points" })).toBeVisible();
  });

  test("a declined card changes nothing and says so", async ({ page, context }, info) => {
    test.skip(info.project.name === "mobile", "the same page logic as on desktop");
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("decline"));
    const checkout = await paymentWindow(context, () =>
      card(page, "Monthly").getByRole("button", { name: "Start free trial" }).click(),
    );
    await checkout.getByRole("button", { name: "Simulate a declined card" }).click();
    await expect(checkout).toHaveURL(/\/rechargeSuccess\?status=fail/);
    await expect(checkout.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
    await page.reload();
    await expect(card(page, "Monthly").getByRole("button", { name: "Start free trial" })).toBeEnabled();
    await expect(page.getByRole("banner").getByRole("link", { name: "10 points" })).toBeVisible();
  });

  test("a plan chosen while signed out is resumed right after sign-in (TO_PLAN_ID)", async ({ page, context }, info) => {
    test.skip(info.project.name === "mobile", "the same page logic as on desktop");
    await page.goto("/pricing");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(card(page, "Free").getByRole("button", { name: "Sign in" })).toBeEnabled();
    await card(page, "Monthly").getByRole("button", { name: "Start free trial" }).click();
    // spec §6: the sign-in confirmation, then the login dialog.
    const prompt = page.getByRole("dialog");
    await expect(prompt).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("TO_PLAN_ID"))).toBe("2");
    await prompt.getByRole("button", { name: "Sign in" }).click();
    const login = page.getByRole("dialog");
    await login.getByRole("checkbox").check();
    await login.getByRole("button", { name: "Continue with e-mail" }).click();
    const email = uniqueEmail("resume");
    await login.getByLabel("E-mail address").fill(email);
    await login.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(login.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    // The mailed link opens /pricing signed in, and that tab (where the person now is) goes on to the
    // checkout in place: a window opened without a click would be blocked.
    const landing = await context.newPage();
    await followSignInLink(landing, email);
    await landing.waitForURL(/\/billing\/sandbox\/checkout\//, { timeout: 30_000 });
    await expect(landing.getByText("The Monthly plan with a 7-day free trial")).toBeVisible();
    // The first tab is signed in too and stays where it was; the kept plan is used up.
    await expect(login.getByRole("heading", { name: "You're signed in" })).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(await page.evaluate(() => localStorage.getItem("TO_PLAN_ID"))).toBeNull();
  });

  test("Manage subscription opens the billing portal in a new window", async ({ page, context }, info) => {
    test.skip(info.project.name === "mobile", "the same page logic as on desktop");
    test.slow(); // sign-in, a checkout window and the portal window
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("portal"));
    // Never subscribed: told so, nothing opens for long.
    await page.getByRole("contentinfo").getByRole("button", { name: "Manage subscription" }).click();
    await expect(page.getByText("You don't have a subscription to manage yet.")).toBeVisible();

    const checkout = await paymentWindow(context, () =>
      card(page, "Monthly").getByRole("button", { name: "Start free trial" }).click(),
    );
    await checkout.getByRole("button", { name: "Start free trial" }).click();
    await expect(checkout.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await checkout.close();
    await expect(card(page, "Monthly").getByRole("button", { name: "Current plan" })).toBeDisabled();

    const portal = await paymentWindow(context, () =>
      page.getByRole("contentinfo").getByRole("button", { name: "Manage subscription" }).click(),
    );
    await expect(portal.getByRole("heading", { name: "Billing portal" })).toBeVisible();
    await portal.getByRole("button", { name: "Switch to Annual" }).click();
    await expect(portal).toHaveURL(/\/pricing$/);
    await expect(card(portal, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
  });

  test("in German and Arabic: translated, prices in the language's format, every placeholder filled", async ({ page }) => {
    await page.goto("/de/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Alle Tarife 7 Tage kostenlos testen" })).toBeVisible();
    const annual = card(page, "Jährlich");
    await expect(annual.getByText(/^1\s\$$/)).toBeVisible();
    await expect(annual.getByText(/^6,99\s\$$/)).toBeVisible();
    await page.getByText(/^Was beinhaltet der Preis von 1\s\$\?/).click();
    await expect(page.getByText(/12\s\$/)).toBeVisible();
    await expect(page.locator("main")).not.toContainText("{{");
    await expect(page.locator("main")).not.toContainText("pricing.");

    await page.goto("/ar/pricing");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("main")).not.toContainText("{{");
    await expect(page.locator("main")).not.toContainText("pricing.");
    await expect(page.getByRole("button", { name: "تسجيل الدخول" }).first()).toBeVisible();
  });

  test("the home page's pricing area shows the same cards once scrolled to (spec §1)", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    const area = page.getByRole("region", { name: "Plans for every sticker maker" });
    await area.scrollIntoViewIfNeeded();
    await expect(area.getByRole("heading", { name: "Annual", exact: true })).toBeVisible();
    await expect(area.getByRole("button", { name: "Buy 120 points" })).toBeVisible();
    await area.getByRole("button", { name: "Start free trial" }).first().click();
    await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
    await expect(area.getByRole("link", { name: "See all plan details" })).toHaveAttribute("href", "/pricing");
  });
});

/** Holds the subscription reads between `hold()` and `release()`: the pricing states while it is slow. */
async function subscriptionGate(page: Page) {
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  await page.route("**/api/user/subscribe", async (route: Route) => {
    if (gate) await gate;
    await route.continue();
  });
  return {
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      gate = null;
      open();
    },
  };
}

/** Signs in and starts the annual plan's trial through the payments sandbox: a subscriber. */
async function subscriber(page: Page, context: BrowserContext) {
  await page.goto("/");
  await signInByLink(page, uniqueEmail("member"));
  const checkoutUrl = await signedCall<string>(page, "POST", "/api/subscribe", {
    plan: 1,
    successPage: "/rechargeSuccess",
    errorPage: "/rechargeSuccess",
  });
  const checkout = await context.newPage();
  await checkout.goto(checkoutUrl);
  await checkout.getByRole("button", { name: "Start free trial" }).click();
  await expect(checkout).toHaveURL(/\/rechargeSuccess\?status=success/);
  await checkout.close();
}

test.describe("the plan cards before the subscription is known", () => {
  // These sign in, hold the subscription's reads or skip the page's clock through them (up to 40 s of checks).
  test.describe.configure({ timeout: 120_000 });

  test.describe("while it is read: no trial offer, no price and no enabled button until it is known", () => {
    test("a subscriber never sees the trial offer nor an enabled button for their plan while the subscription is slow", async ({
      page,
      context,
    }) => {
      test.slow();
      await subscriber(page, context);
      const slow = await subscriptionGate(page);
      slow.hold();
      await page.goto("/");
      const area = page.locator("#pricing");
      await area.scrollIntoViewIfNeeded();
      await expect(area.getByTestId("price-loading")).toHaveCount(3);
      await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(3);
      for (const button of await area.getByRole("listitem").getByRole("button").all()) await expect(button).toBeDisabled();
      await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      await expect(area.getByText("$1", { exact: false })).toHaveCount(0);
      await area.getByRole("heading", { name: "Annual" }).scrollIntoViewIfNeeded();
      await look(page, "pricing-loading-home");
      slow.release();
      await expect(card(area, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
      await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      await expect(area.getByTestId("price-loading")).toHaveCount(0);

      // The points window: the same while its own read is slow.
      slow.hold();
      await page.evaluate(() => window.dispatchEvent(new CustomEvent("sticker:request-points", { detail: {} })));
      const dialog = page.getByRole("dialog", { name: "Plans and points" });
      await expect(dialog.getByTestId("price-loading")).toHaveCount(3);
      for (const button of await dialog.getByRole("listitem").getByRole("button").all()) await expect(button).toBeDisabled();
      await expect(dialog.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      await look(page, "pricing-loading-window");
      slow.release();
      await expect(card(dialog, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled();
      await expect(dialog.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
    });

    test("a new user's cards wait for the read too, then offer the trial", async ({ page }) => {
      await page.goto("/");
      await signInByLink(page, uniqueEmail("newbie"));
      const slow = await subscriptionGate(page);
      slow.hold();
      await page.goto("/");
      const area = page.locator("#pricing");
      await area.scrollIntoViewIfNeeded();
      await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(3);
      await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      slow.release();
      await expect(card(area, "Annual").getByRole("button", { name: "Start free trial" })).toBeEnabled();
      await expect(card(area, "Free").getByRole("button", { name: "Current plan" })).toBeDisabled();

      // The same wait in Arabic (right to left).
      slow.hold();
      await page.goto("/ar");
      const arabic = page.locator("#pricing");
      await arabic.scrollIntoViewIfNeeded();
      await expect(arabic.getByTestId("price-loading")).toHaveCount(3);
      await expect(arabic.getByRole("button", { name: "جارٍ تحميل خطتك…" })).toHaveCount(3);
      await arabic.getByTestId("price-loading").first().scrollIntoViewIfNeeded();
      await look(page, "pricing-loading-ar");
      slow.release();
      await expect(arabic.getByTestId("price-loading")).toHaveCount(0);
    });
  });

  test.describe("when it cannot be read (decision 0029)", () => {
    test("a new user's cards stop waiting after the scheduled reads fail: Free is current, paid plans can be chosen, no trial offer is promised", async ({
      page,
      consoleErrors,
    }) => {
      await page.goto("/");
      await signInByLink(page, uniqueEmail("unread"));
      await page.route("**/api/user/subscribe", (route) => route.abort("internetdisconnected"));
      await page.clock.install();
      await page.goto("/");
      const area = page.locator("#pricing");
      await area.scrollIntoViewIfNeeded();
      await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(3);
      await skipAheadUntil(page, () =>
        expect(card(area, "Free").getByRole("button", { name: "Current plan" })).toBeDisabled({ timeout: 1_000 }),
      );
      await expect(card(area, "Annual").getByRole("button", { name: "Choose plan" })).toBeEnabled();
      await expect(card(area, "Monthly").getByRole("button", { name: "Choose plan" })).toBeEnabled();
      await expect(area.getByRole("button", { name: "Loading your plan…" })).toHaveCount(0);
      await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      await expect(area.getByTestId("price-loading")).toHaveCount(0);
      await look(page, "pricing-unread-new-user");
      consoleErrors.splice(
        0,
        consoleErrors.length,
        ...consoleErrors.filter((text) => !text.includes("ERR_INTERNET_DISCONNECTED")),
      );
    });

    test("a subscriber whose plan cannot be read is offered the switch to free, never their paid plan, and the cards catch up once the read answers", async ({
      page,
      context,
      consoleErrors,
    }) => {
      test.slow();
      await subscriber(page, context);
      await page.route("**/api/user/subscribe", (route) => route.abort("internetdisconnected"));
      await page.clock.install();
      await page.goto("/");
      const area = page.locator("#pricing");
      await area.scrollIntoViewIfNeeded();
      await skipAheadUntil(page, () =>
        expect(card(area, "Free").getByRole("button", { name: "Switch to free" })).toBeEnabled({ timeout: 1_000 }),
      );
      for (const name of ["Annual", "Monthly"]) {
        await expect(card(area, name).getByRole("button")).toBeDisabled();
      }
      await expect(area.getByRole("button", { name: "Start free trial" })).toHaveCount(0);
      await expect(area.getByTestId("price-loading")).toHaveCount(0);
      // The read goes on in the background: once it answers, the annual plan shows as current.
      await page.unroute("**/api/user/subscribe");
      await skipAheadUntil(page, () =>
        expect(card(area, "Annual").getByRole("button", { name: "Current plan" })).toBeDisabled({ timeout: 1_000 }),
      );
      await expect(card(area, "Monthly").getByRole("button", { name: "Switch to monthly" })).toBeEnabled();
      consoleErrors.splice(
        0,
        consoleErrors.length,
        ...consoleErrors.filter((text) => !text.includes("ERR_INTERNET_DISCONNECTED")),
      );
    });
  });
});
