import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signInByEmail, signInByLink, uniqueEmail } from "./session.ts";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const popularCard = (page: Page) =>
  page.getByRole("main").getByRole("list", { name: "Popular stickers", exact: true }).getByRole("listitem").first();

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "token");
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** Clicks the first popular card's heart (hovered first on desktop, where it shows on hover). */
async function heartOf(page: Page, isDesktop: boolean) {
  const card = popularCard(page);
  if (isDesktop) await card.hover();
  return card.getByRole("button", { name: /favorites/ });
}

test.describe("sessions that last, errors that help (decision 0017)", () => {
  test("a page load renews a session cookie that was about to expire, for every tab", async ({ page, context }) => {
    test.slow(); // signs in by e-mail
    await page.goto("/");
    await signInByLink(page, uniqueEmail("slide"));
    const cookie = await sessionCookie(context);
    expect(cookie.expires * 1000).toBeGreaterThan(Date.now() + 29 * DAY);
    // The browser's copy is about to run out (as after weeks of use with the idle deadline moving on).
    await context.addCookies([{ ...cookie, expires: Math.round(Date.now() / 1000) + 120 }]);
    expect((await sessionCookie(context)).expires * 1000).toBeLessThan(Date.now() + 200_000);

    const other = await context.newPage();
    await other.goto("/stickers/popular");
    await expect(other.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
    const renewed = await sessionCookie(context);
    expect(renewed.value).toBe(cookie.value);
    expect(renewed.expires * 1000).toBeGreaterThan(Date.now() + 29 * DAY);
    await page.reload();
    await expect(page.getByRole("banner").getByRole("button", { name: "Account menu" })).toBeVisible();
    await other.close();
  });

  test("a tab whose cookie expired gets the sign-in prompt, never 'Illegal request'; a later rate limit still toasts", async ({
    page,
    context,
  }, info) => {
    test.slow(); // signs in by e-mail
    await page.goto("/stickers/popular");
    await signInByLink(page, uniqueEmail("expired"));
    await context.clearCookies({ name: "token" });

    const refused = page.waitForResponse((response) => response.url().endsWith("/api/favorite"));
    await (await heartOf(page, info.project.name === "desktop")).click();
    expect(((await (await refused).json()) as { status: string }).status).toBe("AUTH_ERROR");
    const prompt = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(prompt).toBeVisible();
    // The page dropped to signed-out.
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText(/Illegal request/)).toHaveCount(0);

    // Confirming the prompt sets has-catch-error; it must not swallow the next real error (spec §8).
    await prompt.getByRole("button", { name: "Sign in" }).click();
    await page.route("**/api/getVerifyEmail**", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({
          status: "RATE_LIMITED",
          data: null,
          msg: "Too many requests. Please wait a moment and try again.",
          msgKey: "errors.rateLimited",
        }),
      }),
    );
    const login = page.getByRole("dialog");
    await login.getByRole("checkbox").check();
    await login.getByRole("button", { name: "Continue with e-mail" }).click();
    await login.getByLabel("E-mail address").fill(uniqueEmail("limited"));
    await login.getByRole("button", { name: "Send sign-in link" }).click();
    await expect(page.getByText("Too many requests. Please wait a moment and try again.")).toBeVisible();
    await expect(page.getByText(/Illegal request/)).toHaveCount(0);
  });

  test("with the device clock 3 hours off, a signed-in user favourites a sticker, also after the clock jumps", async ({
    page,
    context,
  }, info) => {
    test.slow(); // signs in by e-mail
    await context.clock.install({ time: Date.now() - 3 * HOUR });
    // No call needs a second try: the page signs with the server's time from its first load.
    const refusals: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/api/") && response.status() === 401) refusals.push(response.url());
    });
    await page.goto("/stickers/popular");
    expect(await page.evaluate(() => Date.now())).toBeLessThan(Date.now() - 2 * HOUR);
    await signInByEmail(page, context, uniqueEmail("clock"));

    const heart = await heartOf(page, info.project.name === "desktop");
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    const added = page.waitForResponse((response) => response.url().endsWith("/api/favorite"));
    await heart.click();
    expect(((await (await added).json()) as { status: number }).status).toBe(200);
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    expect(refusals).toEqual([]);

    // The clock moves to 3 hours ahead while the page is open: the stale answer's Date header fixes the offset.
    await context.clock.setSystemTime(Date.now() + 3 * HOUR);
    const answers: number[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith("/api/favorite")) answers.push(response.status());
    });
    const retried = page.waitForResponse((response) => response.url().endsWith("/api/favorite") && response.status() === 200);
    if (info.project.name === "desktop") await popularCard(page).hover();
    await heart.click();
    await retried;
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    expect(answers).toEqual([401, 200]);
    await expect(page.getByText(/Illegal request/)).toHaveCount(0);
  });
});

test.describe("/rechargeSuccess while the payment is being confirmed (decision 0017)", () => {
  /** A signed-in /pricing tab and an open sandbox checkout of 50 points (its window closed again). */
  async function openCheckout(page: Page, context: BrowserContext) {
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("pending"));
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.getByRole("button", { name: "Buy 50 points" }).click(),
    ]);
    await popup.waitForURL(/\/billing\/sandbox\/checkout\//);
    const checkoutUrl = popup.url();
    await popup.close();
    return { checkoutUrl, checkoutId: checkoutUrl.split("/").pop() ?? "" };
  }

  test("re-checks with back-off and, once paid, shows the points and tells the other tabs", async ({ page, context }) => {
    test.slow(); // sign-in and a checkout
    const { checkoutUrl, checkoutId } = await openCheckout(page, context);
    const returned = await context.newPage();
    await returned.goto(`/rechargeSuccess?status=success&id=${checkoutId}`);
    await expect(returned.getByRole("heading", { name: "Confirming your payment" })).toBeVisible();
    await expect(returned.getByRole("status")).toHaveText("Checking with the payment provider…");

    // The payment clears without any tab landing on the success page (as when the webhook is late).
    const paid = await page.request.post(new URL(checkoutUrl).pathname, {
      form: { outcome: "pay" },
      headers: { Origin: new URL(checkoutUrl).origin },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);

    await expect(returned.getByText("50 points have been added to your balance.")).toBeVisible({ timeout: 20_000 });
    // Only the re-checking tab can have broadcast recharge_success: the pricing tab follows it.
    await expect(page.getByText("Points added!")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "60 points" })).toBeVisible();
  });

  test("after two minutes still unpaid, says the payment is still pending", async ({ page, context }) => {
    test.slow(); // sign-in and a checkout
    const { checkoutId } = await openCheckout(page, context);
    const returned = await context.newPage();
    await context.clock.install();
    const rechecks: string[] = [];
    returned.on("request", (request) => {
      if (request.url().includes("rechargeSuccess.data")) rechecks.push(request.url());
    });
    await returned.goto(`/rechargeSuccess?status=success&id=${checkoutId}`);
    await expect(returned.getByRole("heading", { name: "Confirming your payment" })).toBeVisible();
    await expect(async () => {
      await context.clock.fastForward(10_000);
      await expect(returned.getByRole("heading", { name: "Your payment is still pending" })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(
      returned.getByText("We'll add it to your account as soon as the payment clears.", { exact: false }),
    ).toBeVisible();
    await expect(returned.getByRole("status")).toHaveCount(0);
    expect(rechecks.length).toBe(8);
  });
});
