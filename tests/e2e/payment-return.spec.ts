import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { signedCall } from "./page-calls.ts";
import { signInByLink, uniqueEmail } from "./session.ts";

const card = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** A tab of the same browser that records every recharge_success another tab posts. */
async function listeningTab(context: BrowserContext) {
  const tab = await context.newPage();
  await tab.goto("/terms");
  await tab.evaluate(() => {
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    new BroadcastChannel("recharge_success").onmessage = (event) => heard.push(event.data);
  });
  return {
    heard: () => tab.evaluate(() => (window as unknown as { heard: unknown[] }).heard.length),
    close: () => tab.close(),
  };
}

/** The page has run its effects (hydrated) and had time to post; nothing it posted may arrive later than this. */
async function settle(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await page.waitForTimeout(1000);
}

test.describe("/rechargeSuccess thanks only for a payment it can confirm (decision 0011)", () => {
  test("without a checkout id, with a checkout that does not exist, or with a plan-change mark this browser never made: no thanks, nothing told to the other tabs, the way to plans", async ({
    page,
    context,
  }) => {
    test.slow(); // signs in by e-mail
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("no-payment"));
    const listener = await listeningTab(context);
    for (const query of [
      "status=success",
      "status=success&id=cs_sandbox_never_made",
      "status=success&change=0f8fad5b-d9cb-469f-a165-70867728950e",
    ]) {
      await page.goto(`/rechargeSuccess?${query}`);
      await expect(page.getByRole("heading", { level: 1, name: "We couldn't find this payment" }), query).toBeVisible();
      await expect(page.getByText("This page has no payment we can confirm for your account.", { exact: false })).toBeVisible();
      await expect(page.getByText("Thank you!")).toHaveCount(0);
      await expect(page.getByRole("status")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Check my plan and points" })).toHaveAttribute("href", "/pricing");
      await settle(page);
      expect(await listener.heard(), query).toBe(0);
    }
    await listener.close();
  });

  test("a visitor's success address without a checkout id is not thanked for, in the page's language", async ({ page }) => {
    await page.goto("/de/rechargeSuccess?status=success");
    await expect(page.getByRole("heading", { level: 1, name: "Wir konnten diese Zahlung nicht finden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Meinen Tarif und meine Punkte ansehen" })).toHaveAttribute(
      "href",
      "/de/pricing",
    );
  });

  test("a plan change this browser made without a checkout is thanked for and told to the other tabs once; its address in another tab is not", async ({
    page,
    context,
  }, info) => {
    test.skip(info.project.name === "mobile", "the same page logic as on desktop");
    test.slow(); // sign-in, a checkout and a plan change
    await page.goto("/pricing");
    await signInByLink(page, uniqueEmail("plan-change"));
    await expect(card(page, "Monthly").getByRole("button", { name: "Start free trial" })).toBeEnabled();
    // Behind this page's back the user becomes a member (annual, in its trial): the page still offers
    // the monthly trial, and choosing it makes the server switch the plan instead of opening a checkout.
    const checkoutUrl = await signedCall<string>(page, "POST", "/api/subscribe", {
      plan: 1,
      successPage: "/rechargeSuccess",
      errorPage: "/rechargeSuccess",
    });
    const paid = await page.request.post(new URL(checkoutUrl).pathname, {
      form: { outcome: "pay" },
      headers: { Origin: new URL(checkoutUrl).origin },
      maxRedirects: 0,
    });
    expect(paid.status()).toBeLessThan(400);
    const listener = await listeningTab(context);

    const [result] = await Promise.all([
      context.waitForEvent("page"),
      card(page, "Monthly").getByRole("button", { name: "Start free trial" }).click(),
    ]);
    await result.waitForURL(/\/rechargeSuccess\?status=success&change=[A-Za-z0-9-]{16,64}$/);
    await expect(result.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
    await expect(result.getByText("Your plan is active.", { exact: false })).toBeVisible();
    await expect.poll(listener.heard).toBe(1);

    // A reload of that window still thanks, and tells no one again.
    await result.reload();
    await expect(result.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
    await settle(result);
    expect(await listener.heard()).toBe(1);

    // The same address in another tab did not make the change.
    const copy = await context.newPage();
    await copy.goto(result.url());
    await expect(copy.getByRole("heading", { level: 1, name: "We couldn't find this payment" })).toBeVisible();
    await settle(copy);
    expect(await listener.heard()).toBe(1);
    await listener.close();
  });
});
