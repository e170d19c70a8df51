import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNUAL_PLAN_ID, MONTHLY_PLAN_ID } from "#common/plans.ts";
import { addUser, billingContext, billingState } from "#tests/support/billing.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { paymentEvents, subscriptions } from "../db/schema.ts";
import type { BillingContext } from "./billing-context.ts";
import { SANDBOX_PRICES } from "./billing-options.ts";
import { billingPortal } from "./billing-portal.ts";
import { buyPoints } from "./buy-points.ts";
import { currentSubscription } from "./current-subscription.ts";
import { handleWebhook } from "./handle-webhook.ts";
import { createSandboxProvider, type SandboxProvider } from "./sandbox/sandbox-provider.ts";
import { subscribe } from "./subscribe.ts";
import { trialedTrade } from "./trialed-trade.ts";

let t: TestApp;
let ctx: BillingContext;
let sandbox: SandboxProvider;
let stateDir: string;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  t = await createTestApp();
  stateDir = await mkdtemp(path.join(tmpdir(), "billing-sandbox-"));
  ctx = billingContext(t, {
    publicUrl: ORIGIN,
    prices: { ...SANDBOX_PRICES },
    introCoupons: {},
    trialDays: 7,
    stripe: null,
    sandboxStateFile: path.join(stateDir, "billing-sandbox.json"),
  });
  sandbox = ctx.billing.sandbox as SandboxProvider;
});

afterAll(async () => {
  await sandbox?.drain();
  await closeTestApp(t);
  await rm(stateDir, { recursive: true, force: true });
});

const checkoutIdOf = (url: string) => url.split("/").pop() as string;

async function nothingChanged(userId: number) {
  const state = await billingState(t, userId);
  expect(state.subscriptions).toEqual([]);
  expect(state.trades).toEqual([]);
  expect(state.user).toEqual({ subscribePlan: "", point: 0 });
}

describe("the payments sandbox", () => {
  it("checkout pay: a trail user becomes a trialing member through the same events as Stripe's", async () => {
    const userId = await addUser(t, "sandbox-pay@example.com");
    const url = await subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID, successPage: "/rechargeSuccess" });
    expect(url).toMatch(new RegExp(`^${ORIGIN}/billing/sandbox/checkout/cs_sandbox_`));
    const id = checkoutIdOf(url);
    expect(sandbox.checkout(id)).toMatchObject({
      status: "open",
      dueTodayCents: 0,
      item: { kind: "plan", planId: 1, trialDays: 7 },
    });
    await nothingChanged(userId);

    const { redirectUrl } = await sandbox.pay(id);
    expect(redirectUrl).toBe(`${ORIGIN}/rechargeSuccess?status=success&id=${id}`);
    const state = await billingState(t, userId);
    expect(state.user?.subscribePlan).toBe(SANDBOX_PRICES[ANNUAL_PLAN_ID]);
    expect(state.subscriptions).toEqual([
      {
        planId: ANNUAL_PLAN_ID,
        priceId: SANDBOX_PRICES[ANNUAL_PLAN_ID],
        status: "trialing",
        cancelAtPeriodEnd: false,
        hasPeriodEnd: true,
      },
    ]);
    expect(state.trades).toEqual([{ kind: "trial", planId: ANNUAL_PLAN_ID, status: "trialing", amountCents: 0 }]);
    expect(await trialedTrade(ctx, userId)).toEqual({ status: "trialing" });
    expect(await currentSubscription(ctx, userId)).toMatchObject({
      status: "trialing",
      planId: ANNUAL_PLAN_ID,
      userType: "formal",
    });
    const types = (await t.app.database.db.select({ type: paymentEvents.type }).from(paymentEvents)).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]),
    );
    await expect(sandbox.pay(id)).rejects.toMatchObject({ code: "CHECKOUT_CLOSED" });
  });

  it("checkout decline: nothing changes and the checkout is closed", async () => {
    const userId = await addUser(t, "sandbox-decline@example.com");
    const url = await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID, errorPage: "/pricing" });
    const { redirectUrl } = await sandbox.decline(checkoutIdOf(url));
    expect(redirectUrl).toBe(`${ORIGIN}/pricing?status=fail`);
    await nothingChanged(userId);
    expect(sandbox.checkout(checkoutIdOf(url))?.status).toBe("expired");
    await expect(sandbox.pay(checkoutIdOf(url))).rejects.toMatchObject({ code: "CHECKOUT_CLOSED" });
  });

  it("checkout cancel: nothing changes; the checkout can still be paid later", async () => {
    const userId = await addUser(t, "sandbox-cancel@example.com");
    const url = await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID });
    expect((await sandbox.cancel(checkoutIdOf(url))).redirectUrl).toBe(`${ORIGIN}/rechargeSuccess?status=fail`);
    await nothingChanged(userId);
    expect(sandbox.checkout(checkoutIdOf(url))?.status).toBe("open");
  });

  it("portal cancel sets cancel at period end (still a member); portal switch changes the plan", async () => {
    const userId = await addUser(t, "sandbox-portal@example.com");
    await sandbox.pay(checkoutIdOf(await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID })));
    const portalUrl = await billingPortal(ctx, userId, "/pricing");
    expect(portalUrl).toMatch(new RegExp(`^${ORIGIN}/billing/sandbox/portal/bps_sandbox_`));
    const portal = sandbox.portal(checkoutIdOf(portalUrl));
    expect(portal?.userId).toBe(userId);
    expect(portal?.subscriptions).toHaveLength(1);
    const subscriptionId = portal!.subscriptions[0]!.id;

    expect(await sandbox.portalSwitch(portal!.id, subscriptionId, ANNUAL_PLAN_ID)).toEqual({ redirectUrl: `${ORIGIN}/pricing` });
    let state = await billingState(t, userId);
    expect(state.subscriptions[0]).toMatchObject({ planId: ANNUAL_PLAN_ID, status: "trialing" });
    expect(state.user?.subscribePlan).toBe(SANDBOX_PRICES[ANNUAL_PLAN_ID]);

    await sandbox.portalCancel(portal!.id, subscriptionId);
    state = await billingState(t, userId);
    expect(state.subscriptions[0]).toMatchObject({ cancelAtPeriodEnd: true, status: "trialing" });
    expect(state.user?.subscribePlan).toBe(SANDBOX_PRICES[ANNUAL_PLAN_ID]);

    // A portal session cannot touch another customer's subscription.
    const other = await addUser(t, "sandbox-other@example.com");
    await sandbox.pay(checkoutIdOf(await subscribe(ctx, other, { plan: MONTHLY_PLAN_ID })));
    const otherPortal = checkoutIdOf(await billingPortal(ctx, other));
    await expect(sandbox.portalCancel(otherPortal, subscriptionId)).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_ERROR" });
  });

  it("switching in the app ends the trial and reports the change as Stripe's webhook would", async () => {
    const userId = await addUser(t, "sandbox-switch@example.com");
    await sandbox.pay(checkoutIdOf(await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID })));
    expect(await subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID })).toBe("success");
    await sandbox.drain();
    const state = await billingState(t, userId);
    expect(state.subscriptions[0]).toMatchObject({ planId: ANNUAL_PLAN_ID, status: "active" });
    expect(state.trades).toEqual([
      { kind: "subscription", planId: ANNUAL_PLAN_ID, status: "paid", amountCents: 8388 },
      { kind: "trial", planId: MONTHLY_PLAN_ID, status: "converted", amountCents: 0 },
    ]);
    expect(await subscribe(ctx, userId, { plan: 0 })).toBe("success");
    await sandbox.drain();
    expect((await billingState(t, userId)).subscriptions[0]).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
  });

  it("a point pack paid in the sandbox is credited once", async () => {
    const userId = await addUser(t, "sandbox-points@example.com");
    const url = await buyPoints(ctx, userId, "points-50");
    expect(sandbox.checkout(checkoutIdOf(url))).toMatchObject({ dueTodayCents: 499, item: { kind: "pack" } });
    await sandbox.pay(checkoutIdOf(url));
    const state = await billingState(t, userId);
    expect(state.user).toEqual({ subscribePlan: "", point: 50 });
    expect(state.trades).toEqual([{ kind: "points", planId: null, status: "paid", amountCents: 499 }]);
  });

  it("accepts no webhooks, and keeps its state across a restart", async () => {
    await expect(handleWebhook(ctx, "{}", "t=1,v1=x")).rejects.toMatchObject({ code: "WEBHOOK_SIGNATURE_INVALID" });
    const [row] = await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.provider, "sandbox")).limit(1);
    const restarted = createSandboxProvider({
      publicUrl: ORIGIN,
      prices: SANDBOX_PRICES,
      stateFile: path.join(stateDir, "billing-sandbox.json"),
    });
    expect(await restarted.retrieveSubscription(row!.providerSubscriptionId)).toMatchObject({
      id: row!.providerSubscriptionId,
      priceId: row!.priceId,
      status: row!.status,
    });
  });
});
