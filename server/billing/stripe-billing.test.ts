import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import { ANNUAL_PLAN_ID, MONTHLY_PLAN_ID } from "#common/plans.ts";
import { addUser, billingContext, billingState, shuffled } from "#tests/support/billing.ts";
import {
  type StripeStub,
  signedDelivery,
  startStripeStub,
  TEST_PRICES,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "#tests/support/stripe-api-server.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { paymentEvents, pointsLedger, subscriptions, trades, users } from "../db/schema.ts";
import type { BillingContext } from "./billing-context.ts";
import type { BillingOptions } from "./billing-options.ts";
import { billingPortal } from "./billing-portal.ts";
import { buyPoints } from "./buy-points.ts";
import { confirmCheckout } from "./confirm-checkout.ts";
import { currentSubscription } from "./current-subscription.ts";
import { handleWebhook } from "./handle-webhook.ts";
import { subscribe } from "./subscribe.ts";
import { trialedTrade } from "./trialed-trade.ts";
import { lockUser } from "./user-lock.ts";

let t: TestApp;
let stub: StripeStub;
let ctx: BillingContext;

beforeAll(async () => {
  t = await createTestApp();
  stub = await startStripeStub();
  const options: BillingOptions = {
    publicUrl: "https://stickers.example",
    prices: { [ANNUAL_PLAN_ID]: TEST_PRICES.annual, [MONTHLY_PLAN_ID]: TEST_PRICES.monthly },
    introCoupons: { [ANNUAL_PLAN_ID]: "intro_annual", [MONTHLY_PLAN_ID]: "intro_monthly" },
    trialDays: 7,
    stripe: {
      secretKey: TEST_SECRET_KEY,
      webhookSecret: TEST_WEBHOOK_SECRET,
      host: "127.0.0.1",
      port: stub.port,
      protocol: "http",
    },
  };
  ctx = billingContext(t, options);
});

afterAll(async () => {
  await stub?.close();
  await closeTestApp(t);
});

// biome-ignore lint/suspicious/noExplicitAny: Stripe event JSON.
type Json = Record<string, any>;

async function deliver(event: Json) {
  const { body, signature } = signedDelivery(event);
  return handleWebhook(ctx, body, signature);
}

/** Each event three times, all in a shuffled order, some at the same time. */
async function deliverThriceShuffled(events: Json[], seed: number) {
  const copies = shuffled([...events, ...events, ...events], seed);
  const half = Math.floor(copies.length / 2);
  for (const event of copies.slice(0, half)) await deliver(event);
  await Promise.all(copies.slice(half).map(deliver));
}

const lastRequest = (method: string, path: RegExp) =>
  [...stub.requests].reverse().find((r) => r.method === method && path.test(r.path));
const sessionIdOf = (url: string) => url.split("/").pop() as string;

async function subscribedUser(email: string, plan: number): Promise<{ userId: number; subscriptionId: string; events: Json[] }> {
  const userId = await addUser(t, email);
  const url = await subscribe(ctx, userId, { plan });
  const events = stub.completeCheckout(sessionIdOf(url));
  for (const event of events) await deliver(event);
  const [row] = await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return { userId, subscriptionId: row!.providerSubscriptionId, events };
}

describe("checkout through the real Stripe SDK", () => {
  it("a trail user gets a subscription checkout with the trial, the intro coupon and their metadata", async () => {
    const userId = await addUser(t, "trail@example.com");
    expect(await currentSubscription(ctx, userId)).toMatchObject({ status: null, planId: 0, userType: "trail" });
    const url = await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID, successPage: "/rechargeSuccess", errorPage: "/pricing" });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const customer = lastRequest("POST", /^\/v1\/customers$/);
    expect(customer?.body).toMatchObject({ email: "trail@example.com", metadata: { userId: String(userId) } });
    const request = lastRequest("POST", /^\/v1\/checkout\/sessions$/);
    expect(request?.body).toMatchObject({
      mode: "subscription",
      client_reference_id: String(userId),
      line_items: { 0: { price: TEST_PRICES.monthly, quantity: "1" } },
      subscription_data: { trial_period_days: "7", metadata: { userId: String(userId), planId: "2" } },
      discounts: { 0: { coupon: "intro_monthly" } },
      success_url: "https://stickers.example/rechargeSuccess?status=success&id={CHECKOUT_SESSION_ID}",
      cancel_url: "https://stickers.example/pricing?status=fail",
    });
    expect(request?.body.customer).toMatch(/^cus_/);

    // Nothing changes until Stripe reports the paid checkout.
    expect((await billingState(t, userId)).subscriptions).toEqual([]);
    for (const event of stub.completeCheckout(sessionIdOf(url))) await deliver(event);
    const state = await billingState(t, userId);
    expect(state.user?.subscribePlan).toBe(TEST_PRICES.monthly);
    expect(state.subscriptions).toEqual([
      { planId: MONTHLY_PLAN_ID, priceId: TEST_PRICES.monthly, status: "trialing", cancelAtPeriodEnd: false, hasPeriodEnd: true },
    ]);
    expect(state.trades).toEqual([{ kind: "trial", planId: MONTHLY_PLAN_ID, status: "trialing", amountCents: 0 }]);
    expect(await trialedTrade(ctx, userId)).toEqual({ status: "trialing" });
    expect(await currentSubscription(ctx, userId)).toMatchObject({
      status: "trialing",
      planId: MONTHLY_PLAN_ID,
      userType: "formal",
    });
  });

  it("a user who had a trial pays from the start: no trial, no intro coupon, their existing customer", async () => {
    const { userId, subscriptionId } = await subscribedUser("again@example.com", ANNUAL_PLAN_ID);
    await deliver(stub.changeSubscription(subscriptionId, { status: "canceled" }));
    expect(await currentSubscription(ctx, userId)).toMatchObject({ status: "canceled", planId: 0, userType: "other" });
    expect(await trialedTrade(ctx, userId)).toEqual({ status: "ended" });

    const customersBefore = stub.customers.size;
    await subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID });
    const request = lastRequest("POST", /^\/v1\/checkout\/sessions$/);
    expect(request?.body.subscription_data.trial_period_days).toBeUndefined();
    expect(request?.body.discounts).toBeUndefined();
    expect(request?.body.customer).toBe(stub.subscriptions.get(subscriptionId)?.customer);
    expect(stub.customers.size).toBe(customersBefore);
  });

  it("plan rules: free without a plan, the same plan again, an unknown plan", async () => {
    const free = await addUser(t, "free@example.com");
    await expect(subscribe(ctx, free, { plan: 0 })).rejects.toMatchObject({ code: "ALREADY_FREE" });
    await expect(subscribe(ctx, free, { plan: 7 })).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(subscribe(ctx, free, { plan: 1, successPage: "https://evil.example/" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
    const { userId } = await subscribedUser("same@example.com", ANNUAL_PLAN_ID);
    await expect(subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID })).rejects.toMatchObject({ code: "PLAN_UNCHANGED" });
  });

  it("annual → monthly during the trial ends the trial and prorates; monthly → annual prorates", async () => {
    const { userId, subscriptionId } = await subscribedUser("switch@example.com", ANNUAL_PLAN_ID);
    expect(await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID })).toBe("success");
    const first = lastRequest("POST", new RegExp(`^/v1/subscriptions/${subscriptionId}$`));
    expect(first?.body).toMatchObject({
      items: { 0: { price: TEST_PRICES.monthly } },
      proration_behavior: "create_prorations",
      trial_end: "now",
      cancel_at_period_end: "false",
    });
    let state = await billingState(t, userId);
    expect(state.user?.subscribePlan).toBe(TEST_PRICES.monthly);
    expect(state.subscriptions[0]).toMatchObject({ planId: MONTHLY_PLAN_ID, status: "active" });
    expect(state.trades.find((trade) => trade.kind === "trial")?.status).toBe("converted");

    expect(await subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID })).toBe("success");
    const second = lastRequest("POST", new RegExp(`^/v1/subscriptions/${subscriptionId}$`));
    expect(second?.body).toMatchObject({ items: { 0: { price: TEST_PRICES.annual } }, proration_behavior: "create_prorations" });
    expect(second?.body.trial_end).toBeUndefined();
    state = await billingState(t, userId);
    expect(state.user?.subscribePlan).toBe(TEST_PRICES.annual);
    expect(state.subscriptions).toHaveLength(1);
  });

  it("free plan = cancel at period end: still a member until Stripe ends it; choosing the plan again resumes", async () => {
    const { userId, subscriptionId } = await subscribedUser("cancel@example.com", MONTHLY_PLAN_ID);
    expect(await subscribe(ctx, userId, { plan: 0 })).toBe("success");
    expect(lastRequest("POST", new RegExp(`^/v1/subscriptions/${subscriptionId}$`))?.body).toEqual({
      cancel_at_period_end: "true",
    });
    let state = await billingState(t, userId);
    expect(state.subscriptions[0]).toMatchObject({ status: "trialing", cancelAtPeriodEnd: true });
    expect(state.user?.subscribePlan).toBe(TEST_PRICES.monthly);
    // Asking again changes nothing at Stripe.
    const count = stub.requests.length;
    expect(await subscribe(ctx, userId, { plan: 0 })).toBe("success");
    expect(stub.requests.filter((r) => r.method === "POST").length).toBe(
      stub.requests.slice(0, count).filter((r) => r.method === "POST").length,
    );

    expect(await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID })).toBe("success");
    expect((await billingState(t, userId)).subscriptions[0]).toMatchObject({ cancelAtPeriodEnd: false });
    await subscribe(ctx, userId, { plan: 0 });

    await deliver(stub.changeSubscription(subscriptionId, { status: "canceled" }));
    state = await billingState(t, userId);
    expect(state.subscriptions[0]).toMatchObject({ status: "canceled" });
    expect(state.user?.subscribePlan).toBe("");
    await expect(subscribe(ctx, userId, { plan: 0 })).rejects.toMatchObject({ code: "ALREADY_FREE" });
  });

  it("billing portal: the customer's Stripe portal; refused for a user who never subscribed", async () => {
    const { userId, subscriptionId } = await subscribedUser("portal@example.com", MONTHLY_PLAN_ID);
    const url = await billingPortal(ctx, userId, "/pricing");
    expect(url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(lastRequest("POST", /^\/v1\/billing_portal\/sessions$/)?.body).toEqual({
      customer: stub.subscriptions.get(subscriptionId)?.customer,
      return_url: "https://stickers.example/pricing",
      locale: "en",
    });
    const never = await addUser(t, "never@example.com");
    await expect(billingPortal(ctx, never)).rejects.toMatchObject({ code: "NO_SUBSCRIPTION" });
  });

  it("Stripe's pages speak the buyer's language where Stripe has it, else the browser's", async () => {
    const userId = await addUser(t, "locale@example.com");
    const sessionLocale = async (language: Language) => {
      await subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID, language });
      return lastRequest("POST", /^\/v1\/checkout\/sessions$/)?.body.locale;
    };
    expect(await sessionLocale("fr")).toBe("fr");
    expect(await sessionLocale("zh-TW")).toBe("zh-TW");
    expect(await sessionLocale("pt")).toBe("pt-BR");
    expect(await sessionLocale("ar")).toBe("auto");
    const { userId: member } = await subscribedUser("locale-portal@example.com", ANNUAL_PLAN_ID);
    await billingPortal(ctx, member, "/ja/pricing", "ja");
    expect(lastRequest("POST", /^\/v1\/billing_portal\/sessions$/)?.body).toMatchObject({
      return_url: "https://stickers.example/ja/pricing",
      locale: "ja",
    });
  });
});

describe("webhooks", () => {
  it("rejects a bad signature, an altered body, a stale timestamp and a missing header, recording nothing", async () => {
    const { subscriptionId } = await subscribedUser("hooks@example.com", MONTHLY_PLAN_ID);
    const event = stub.changeSubscription(subscriptionId, { status: "past_due" });
    const good = signedDelivery(event);

    const wrongSecret = signedDelivery(event, { secret: "whsec_someone_else" });
    const altered = { body: good.body.replace('"past_due"', '"active"'), signature: good.signature };
    const stale = signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const [name, delivery] of [
      ["wrong secret", wrongSecret],
      ["altered body", altered],
      ["stale", stale],
    ] as const) {
      await expect(handleWebhook(ctx, delivery.body, delivery.signature), name).rejects.toMatchObject({
        code: "WEBHOOK_SIGNATURE_INVALID",
      });
    }
    await expect(handleWebhook(ctx, good.body, undefined)).rejects.toMatchObject({ code: "WEBHOOK_SIGNATURE_INVALID" });
    const recorded = await t.app.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toEqual([]);

    // The genuine delivery, as raw bytes, is applied.
    expect(await handleWebhook(ctx, new TextEncoder().encode(good.body), good.signature)).toMatchObject({ outcome: "applied" });
    expect(await handleWebhook(ctx, good.body, good.signature)).toMatchObject({ outcome: "duplicate" });
  });

  it("every handled event type ×3 in shuffled order leaves the same state as each once", async () => {
    // The same life for two users: A gets each event once in order, B three times shuffled.
    async function life(email: string, deliverAll: (events: Json[], seed: number) => Promise<void>) {
      const userId = await addUser(t, email);
      const url = await subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID });
      await deliverAll(stub.completeCheckout(sessionIdOf(url)), 1);
      const [row] = await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      const id = row!.providerSubscriptionId;
      // Trial ends and the first year is paid; a switch; a failed renewal; the end.
      await deliverAll(
        [
          stub.changeSubscription(id, { status: "active", trial_end: Math.floor(Date.now() / 1000) }),
          stub.renewalInvoice(id, true),
        ],
        2,
      );
      stub.subscriptions.get(id)!.items.data[0].price = { id: TEST_PRICES.monthly };
      await deliverAll([stub.event("customer.subscription.updated", stub.subscriptions.get(id)!)], 3);
      await deliverAll([stub.renewalInvoice(id, false), stub.changeSubscription(id, { status: "past_due" })], 4);
      const afterFailure = await billingState(t, userId);
      await deliverAll([stub.changeSubscription(id, { status: "canceled" })], 5);
      return { userId, afterFailure, final: await billingState(t, userId) };
    }
    const once = await life("once@example.com", async (events) => {
      for (const event of events) await deliver(event);
    });
    const thrice = await life("thrice@example.com", deliverThriceShuffled);

    expect(once.afterFailure.user?.subscribePlan).toBe("");
    expect(once.afterFailure.subscriptions).toEqual([
      { planId: MONTHLY_PLAN_ID, priceId: TEST_PRICES.monthly, status: "past_due", cancelAtPeriodEnd: false, hasPeriodEnd: true },
    ]);
    expect(once.afterFailure.trades).toEqual([
      { kind: "subscription", planId: MONTHLY_PLAN_ID, status: "open", amountCents: 999 },
      // A trade keeps the plan it was for: the trial and the first year were annual.
      { kind: "subscription", planId: ANNUAL_PLAN_ID, status: "paid", amountCents: 8388 },
      { kind: "trial", planId: ANNUAL_PLAN_ID, status: "converted", amountCents: 0 },
    ]);
    expect(once.final.subscriptions[0]?.status).toBe("canceled");
    expect(once.final.trades.find((trade) => trade.kind === "trial")?.status).toBe("ended");
    expect(thrice.afterFailure).toEqual(once.afterFailure);
    expect(thrice.final).toEqual(once.final);
  });

  it("a paid point pack is credited exactly once however often and concurrently it is reported", async () => {
    const userId = await addUser(t, "points@example.com");
    const url = await buyPoints(ctx, userId, "points-120", { successPage: "/rechargeSuccess" });
    const sessionId = sessionIdOf(url);
    expect(lastRequest("POST", /^\/v1\/checkout\/sessions$/)?.body).toMatchObject({
      mode: "payment",
      customer_email: "points@example.com",
      line_items: {
        0: { quantity: "1", price_data: { currency: "usd", unit_amount: "999", product_data: { name: "120 points" } } },
      },
      metadata: { userId: String(userId), kind: "pack", packId: "points-120" },
    });
    // An unpaid session credits nothing.
    await deliver(stub.event("checkout.session.completed", stub.sessions.get(sessionId)!));
    expect((await billingState(t, userId)).user?.point).toBe(0);

    const [completed] = stub.completeCheckout(sessionId);
    // The same event several times, and distinct events about the same session (Stripe may send both).
    await Promise.all([
      deliver(completed!),
      deliver(completed!),
      deliver(stub.event("checkout.session.completed", completed!.data.object)),
      deliver(stub.event("checkout.session.async_payment_succeeded", completed!.data.object)),
    ]);
    await deliver(completed!);
    const state = await billingState(t, userId);
    expect(state.user?.point).toBe(120);
    expect(state.ledger).toEqual([{ delta: 120, reason: "pack" }]);
    expect(state.trades).toEqual([{ kind: "points", planId: null, status: "paid", amountCents: 999 }]);
    const [entry] = await t.app.database.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId));
    expect(entry?.idempotencyKey).toBe(`pack:${sessionId}`);
  });

  it("members cannot buy points; unknown packs are refused", async () => {
    const { userId } = await subscribedUser("member-points@example.com", MONTHLY_PLAN_ID);
    await expect(buyPoints(ctx, userId, "points-50")).rejects.toMatchObject({ code: "POINTS_FOR_FREE_USERS" });
    const free = await addUser(t, "free-points@example.com");
    await expect(buyPoints(ctx, free, "points-7")).rejects.toMatchObject({ code: "INVALID_INPUT" });
  });

  it("events about objects this site does not know are recorded and ignored", async () => {
    // A subscription made elsewhere on the same Stripe account: Stripe has it, without our metadata.
    const elsewhere = {
      id: "sub_made_elsewhere",
      object: "subscription",
      customer: "cus_elsewhere",
      status: "active",
      cancel_at_period_end: false,
      trial_start: null,
      trial_end: null,
      metadata: {},
      items: { object: "list", data: [{ id: "si_elsewhere", object: "subscription_item", price: { id: TEST_PRICES.monthly } }] },
    };
    stub.subscriptions.set(elsewhere.id, elsewhere);
    const foreign = stub.event("customer.subscription.updated", elsewhere);
    const unhandled = stub.event("customer.created", { id: "cus_x" });
    expect(await deliver(foreign)).toEqual({ outcome: "ignored", userId: null });
    expect(await deliver(unhandled)).toEqual({ outcome: "ignored", userId: null });

    const db = t.app.database.db;
    const recorded = await db
      .select()
      .from(paymentEvents)
      .where(inArray(paymentEvents.eventId, [foreign.id, unhandled.id]));
    expect(recorded.map((row) => row.eventId).sort()).toEqual([foreign.id, unhandled.id].sort());
    expect(await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, elsewhere.id))).toEqual([]);
    // Recorded: a redelivery is a duplicate, not a second look.
    expect(await deliver(foreign)).toMatchObject({ outcome: "duplicate" });
  });

  it("an event Stripe cannot answer for fails and is not recorded, so Stripe's retry can apply it later", async () => {
    const unknown = stub.event("customer.subscription.updated", { id: "sub_unknown" });
    await expect(deliver(unknown)).rejects.toMatchObject({ code: "PAYMENT_PROVIDER_ERROR" });
    expect(await t.app.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, unknown.id))).toEqual([]);
  });
});

describe("concurrent plan switches", () => {
  it("annual→monthly and monthly→annual at the same time leave one subscription matching Stripe", async () => {
    const { userId, subscriptionId } = await subscribedUser("race@example.com", ANNUAL_PLAN_ID);
    await deliver(stub.changeSubscription(subscriptionId, { status: "active" }));
    stub.latencyMs = 15;
    try {
      for (let round = 0; round < 4; round++) {
        const stripeUpdates = stub.requests.length;
        const results = await Promise.allSettled([
          subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID }),
          subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID }),
          deliver(stub.event("customer.subscription.updated", stub.subscriptions.get(subscriptionId)!)),
        ]);
        // The switches run one after the other: both change the plan, or the second finds it chosen.
        const outcomes = results
          .slice(0, 2)
          .map((r) => (r.status === "fulfilled" ? r.value : isAppError(r.reason) ? r.reason.code : r.reason));
        for (const outcome of outcomes) expect(["success", "PLAN_UNCHANGED"]).toContain(outcome);
        expect(outcomes).toContain("success");
        expect(results[2]?.status).toBe("fulfilled");
        const updates = stub.requests.slice(stripeUpdates).filter((r) => r.method === "POST");
        expect(updates).toHaveLength(outcomes.filter((o) => o === "success").length);

        const atStripe = stub.subscriptions.get(subscriptionId)!.items.data[0].price.id;
        const rows = await t.app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
        expect(rows).toHaveLength(1);
        expect(rows[0]?.priceId).toBe(atStripe);
        expect(rows[0]?.planId).toBe(atStripe === TEST_PRICES.annual ? ANNUAL_PLAN_ID : MONTHLY_PLAN_ID);
        const [user] = await t.app.database.db.select({ plan: users.subscribePlan }).from(users).where(eq(users.id, userId));
        expect(user?.plan).toBe(atStripe);
      }
    } finally {
      stub.latencyMs = 0;
    }
    const trialTrades = await t.app.database.db
      .select()
      .from(trades)
      .where(and(eq(trades.userId, userId), eq(trades.kind, "trial")));
    expect(trialTrades).toHaveLength(1);
  });
});

describe("Stripe calls and the user's row lock (decision 0011)", () => {
  const SLOW_STRIPE_MS = 1000;

  /**
   * Runs `work` with Stripe answering slowly; once its first request has reached Stripe, takes the
   * user's row lock in another transaction. Answers how long that lock took: far less than Stripe's
   * delay when no transaction holds the row during the call.
   */
  async function lockWaitWhileStripeAnswers(userId: number, work: () => Promise<unknown>): Promise<number> {
    const before = stub.requests.length;
    stub.latencyMs = SLOW_STRIPE_MS;
    try {
      const running = work();
      while (stub.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      const started = performance.now();
      await t.app.database.db.transaction((tx) => lockUser(tx, userId));
      const waited = performance.now() - started;
      await running;
      return waited;
    } finally {
      stub.latencyMs = 0;
    }
  }

  it("opening a plan or a point-pack checkout does not hold the user's row while Stripe answers", async () => {
    const trail = await addUser(t, "slow-plan-checkout@example.com");
    expect(await lockWaitWhileStripeAnswers(trail, () => subscribe(ctx, trail, { plan: ANNUAL_PLAN_ID }))).toBeLessThan(
      SLOW_STRIPE_MS / 2,
    );
    const buyer = await addUser(t, "slow-pack-checkout@example.com");
    expect(await lockWaitWhileStripeAnswers(buyer, () => buyPoints(ctx, buyer, "points-50"))).toBeLessThan(SLOW_STRIPE_MS / 2);
  });

  it("a plan switch holds the user's row while Stripe answers, so switches never cross", async () => {
    const { userId, subscriptionId } = await subscribedUser("slow-switch@example.com", ANNUAL_PLAN_ID);
    await deliver(stub.changeSubscription(subscriptionId, { status: "active" }));
    expect(await lockWaitWhileStripeAnswers(userId, () => subscribe(ctx, userId, { plan: MONTHLY_PLAN_ID }))).toBeGreaterThan(
      SLOW_STRIPE_MS / 2,
    );
  });

  it("during a plan switch, another user's read waits for Stripe on the embedded database only", async () => {
    const { userId, subscriptionId } = await subscribedUser("slow-switch-other@example.com", MONTHLY_PLAN_ID);
    await deliver(stub.changeSubscription(subscriptionId, { status: "active" }));
    const other = await addUser(t, "bystander@example.com");
    const before = stub.requests.length;
    stub.latencyMs = SLOW_STRIPE_MS;
    try {
      const running = subscribe(ctx, userId, { plan: ANNUAL_PLAN_ID });
      while (stub.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
      const started = performance.now();
      await t.app.database.db.select({ point: users.point }).from(users).where(eq(users.id, other));
      const waited = performance.now() - started;
      expect(await running).toBe("success");
      // PGlite has one connection: an open transaction blocks every statement of the process.
      if (t.app.database.kind === "pglite") expect(waited).toBeGreaterThan(SLOW_STRIPE_MS / 2);
      else expect(waited).toBeLessThan(SLOW_STRIPE_MS / 2);
    } finally {
      stub.latencyMs = 0;
    }
  });

  it("the return page tells a checkout Stripe does not have (unknown: nothing to confirm) from Stripe not answering (unreadable: ask again)", async () => {
    const userId = await addUser(t, "return-unknown@example.com");
    expect(await confirmCheckout(ctx, userId, "cs_test_never_made")).toEqual({ status: "unknown", kind: null, points: 0 });
    expect(lastRequest("GET", /^\/v1\/checkout\/sessions\/cs_test_never_made$/)).toBeDefined();
    const sessionId = sessionIdOf(await buyPoints(ctx, userId, "points-50"));
    const refused = billingContext(t, {
      ...ctx.billing.options,
      stripe: { ...ctx.billing.options.stripe!, secretKey: "sk_test_revoked" },
    });
    expect(await confirmCheckout(refused, userId, sessionId)).toEqual({ status: "unreadable", kind: null, points: 0 });
    expect(await confirmCheckout(ctx, userId, sessionId)).toEqual({ status: "open", kind: "points", points: 50 });
  });

  it("two returns to /rechargeSuccess for the same paid pack at once, with its webhook, credit it once", async () => {
    const userId = await addUser(t, "double-return@example.com");
    const sessionId = sessionIdOf(await buyPoints(ctx, userId, "points-50"));
    const [completed] = stub.completeCheckout(sessionId);
    stub.latencyMs = 30;
    try {
      const [first, second, webhook] = await Promise.all([
        confirmCheckout(ctx, userId, sessionId),
        confirmCheckout(ctx, userId, sessionId),
        deliver(completed!),
      ]);
      expect(first).toEqual({ status: "complete", kind: "points", points: 50 });
      expect(second).toEqual(first);
      expect(webhook.outcome).toBe("applied");
    } finally {
      stub.latencyMs = 0;
    }
    const state = await billingState(t, userId);
    expect(state.user?.point).toBe(50);
    expect(state.ledger).toEqual([{ delta: 50, reason: "pack" }]);
    expect(state.trades).toEqual([{ kind: "points", planId: null, status: "paid", amountCents: 499 }]);
  });
});
