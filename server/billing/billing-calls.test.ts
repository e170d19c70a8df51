import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POINT_PACKS } from "#common/plans.ts";
import { callApi, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import {
  type StripeStub,
  signedDelivery,
  startStripeStub,
  TEST_PRICES,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "#tests/support/stripe-api-server.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { paymentEvents } from "../db/schema.ts";
import { SANDBOX_PRICES } from "./billing-options.ts";
import { confirmCheckout } from "./confirm-checkout.ts";
import { STRIPE_WEBHOOK_PATH } from "./routes.ts";

/** The calls of spec §7 (subscribe, billingportal, trialedTrade, user/subscribe) and the point packs, over HTTP. */
describe("billing calls on the payments sandbox (local mode)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => closeTestApp(t));

  const sandbox = () => {
    const provider = t.app.billing.sandbox;
    if (!provider) throw new Error("the local test app runs the sandbox");
    return provider;
  };
  const checkoutIdOf = (url: string) => new URL(url).pathname.split("/").pop() as string;

  it("a visitor is asked to sign in; bad plans and foreign return pages are refused with a translated message", async () => {
    const visitor = await callApi(t, "POST", "/api/subscribe", { body: { plan: 1 } });
    expect([visitor.http, visitor.body.status]).toEqual([401, "AUTH_ERROR"]);
    const user = await signInTestUser(t, "rules@example.com");
    const unknown = await callApi(t, "POST", "/api/subscribe", { body: { plan: 3 }, session: user });
    expect([unknown.http, unknown.body.status]).toEqual([400, "INVALID_INPUT"]);
    const foreign = await callApi(t, "POST", "/api/subscribe", {
      body: { plan: 1, successPage: "https://evil.example/x" },
      session: user,
    });
    expect([foreign.http, foreign.body.status]).toEqual([400, "INVALID_INPUT"]);
    // spec §5: a user with no plan cannot choose free.
    const free = await callApi(t, "POST", "/api/subscribe", { body: { plan: 0 }, session: user, language: "fr" });
    expect(free.http).toBe(409);
    expect(free.body).toMatchObject({ status: "ALREADY_FREE", msgKey: "errors.alreadyFree" });
    expect((free.body as { msg?: string }).msg).not.toBe("You are already on the free plan.");
    const portal = await callApi(t, "POST", "/api/billingportal", { body: {}, session: user });
    expect([portal.http, portal.body.status]).toEqual([404, "NO_SUBSCRIPTION"]);
  });

  it("trial → member → monthly → cancel to free, as the pricing page drives it", async () => {
    const user = await signInTestUser(t, "trial@example.com");
    const read = async (session: TestSession) => (await callApi(t, "GET", "/api/user/subscribe", { session })).body.data;
    expect(await read(user)).toMatchObject({ status: null, planId: 0, priceId: "", userType: "trail" });
    expect((await callApi(t, "GET", "/api/user/trialedTrade", { session: user })).body.data).toEqual({ status: "none" });

    const chosen = await callApi(t, "POST", "/api/subscribe", {
      body: { plan: 1, successPage: "/rechargeSuccess", errorPage: "/pricing" },
      session: user,
    });
    expect(chosen.http).toBe(200);
    const url = new URL(chosen.body.data);
    expect(url.origin).toBe(new URL(t.app.config.PUBLIC_URL).origin);
    expect(url.pathname).toMatch(/^\/billing\/sandbox\/checkout\/cs_sandbox_/);
    const paid = await sandbox().pay(checkoutIdOf(chosen.body.data));
    expect(paid.redirectUrl).toMatch(/\/rechargeSuccess\?status=success&id=cs_sandbox_/);

    expect(await read(user)).toMatchObject({ status: "trialing", planId: 1, priceId: SANDBOX_PRICES[1], userType: "formal" });
    expect((await callApi(t, "GET", "/api/subscribe", { session: user })).body.data).toMatchObject({ status: "trialing" });
    expect((await callApi(t, "GET", "/api/user/trialedTrade", { session: user })).body.data).toEqual({ status: "trialing" });
    const info = await callApi(t, "GET", "/api/user/refreshUserInfo", { session: user });
    expect(info.body.data.subscribePlan).toBe(SANDBOX_PRICES[1]);

    // The same plan again is refused; the other plan ends the trial (the page confirms first).
    const same = await callApi(t, "POST", "/api/subscribe", { body: { plan: 1 }, session: user });
    expect([same.http, same.body.status]).toEqual([409, "PLAN_UNCHANGED"]);
    const monthly = await callApi(t, "POST", "/api/subscribe", { body: { plan: 2 }, session: user });
    expect(monthly.body).toEqual({ status: 200, data: "success" });
    await sandbox().drain();
    expect(await read(user)).toMatchObject({ status: "active", planId: 2, priceId: SANDBOX_PRICES[2], cancelAtPeriodEnd: false });

    // Members buy no point packs.
    const pack = await callApi(t, "POST", "/api/recharge", { body: { packId: POINT_PACKS[0]?.id }, session: user });
    expect([pack.http, pack.body.status]).toEqual([409, "POINTS_FOR_FREE_USERS"]);

    const portal = await callApi(t, "POST", "/api/billingportal", { body: { returnUrl: "/pricing" }, session: user });
    expect(portal.body.data).toMatch(/\/billing\/sandbox\/portal\/bps_sandbox_/);

    const cancel = await callApi(t, "POST", "/api/subscribe", { body: { plan: 0 }, session: user });
    expect(cancel.body).toEqual({ status: 200, data: "success" });
    await sandbox().drain();
    // Cancelled at the end of the period: still a member until then.
    expect(await read(user)).toMatchObject({ status: "active", planId: 2, cancelAtPeriodEnd: true });
  });

  it("a free user buys a point pack: the checkout URL, then the points once the payment is reported", async () => {
    const user = await signInTestUser(t, "pack@example.com");
    const before = (await callApi(t, "GET", "/api/user/refreshUserInfo", { session: user })).body.data.point as number;
    const pack = POINT_PACKS[1];
    if (!pack) throw new Error("no pack");
    const bad = await callApi(t, "POST", "/api/recharge", { body: { packId: "points-1000000" }, session: user });
    expect([bad.http, bad.body.status]).toEqual([400, "INVALID_INPUT"]);
    const bought = await callApi(t, "POST", "/api/recharge", { body: { packId: pack.id }, session: user });
    expect(bought.http).toBe(200);
    const checkoutId = checkoutIdOf(bought.body.data);
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session: user })).body.data.point).toBe(before);
    await sandbox().pay(checkoutId);
    await expect(sandbox().pay(checkoutId)).rejects.toMatchObject({ code: "CHECKOUT_CLOSED" });
    expect((await callApi(t, "GET", "/api/user/refreshUserInfo", { session: user })).body.data.point).toBe(before + pack.points);
  });

  it("the return page confirms only the buyer's own finished checkout (confirmCheckout)", async () => {
    const buyer = await signInTestUser(t, "return@example.com");
    const stranger = await signInTestUser(t, "stranger@example.com");
    const bought = await callApi(t, "POST", "/api/recharge", { body: { packId: POINT_PACKS[0]?.id }, session: buyer });
    const checkoutId = checkoutIdOf(bought.body.data);
    expect(await confirmCheckout(t.app, buyer.userId, checkoutId)).toEqual({ status: "open", kind: "points", points: 50 });
    expect(await confirmCheckout(t.app, stranger.userId, checkoutId)).toMatchObject({ status: "unknown" });
    expect(await confirmCheckout(t.app, buyer.userId, "cs_sandbox_nothing")).toMatchObject({ status: "unknown" });
    expect(await confirmCheckout(t.app, buyer.userId, "../../etc")).toMatchObject({ status: "unknown" });
    const points = async () => (await callApi(t, "GET", "/api/user/refreshUserInfo", { session: buyer })).body.data.point;
    const before = await points();
    await sandbox().pay(checkoutId);
    expect(await confirmCheckout(t.app, buyer.userId, checkoutId)).toMatchObject({ status: "complete" });
    expect(await confirmCheckout(t.app, buyer.userId, checkoutId)).toMatchObject({ status: "complete" });
    expect(await points()).toBe(before + 50);
  });

  it("the sandbox's checkout and portal pages are in the caller's page language", async () => {
    const user = await signInTestUser(t, "arabic@example.com");
    const chosen = await callApi(t, "POST", "/api/subscribe", { body: { plan: 2 }, session: user, language: "ar" });
    expect(new URL(chosen.body.data).pathname).toMatch(/^\/ar\/billing\/sandbox\/checkout\/cs_sandbox_/);
    await sandbox().pay(checkoutIdOf(chosen.body.data));
    const portal = await callApi(t, "POST", "/api/billingportal", { body: {}, session: user, language: "de" });
    expect(new URL(portal.body.data).pathname).toMatch(/^\/de\/billing\/sandbox\/portal\/bps_sandbox_/);
    const english = await callApi(t, "POST", "/api/billingportal", { body: {}, session: user, language: "en-US" });
    expect(new URL(english.body.data).pathname).toMatch(/^\/billing\/sandbox\/portal\//);
  });

  it("the sandbox takes no webhooks", async () => {
    const response = await t.server.request(STRIPE_WEBHOOK_PATH, { method: "POST", body: "{}" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: "WEBHOOK_SIGNATURE_INVALID" });
  });
});

describe("the Stripe webhook route (Stripe configured against a local Stripe-like server)", () => {
  let t: TestApp;
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub();
    t = await createTestApp({
      PUBLIC_URL: "https://stickers.example",
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_PRICE_ANNUAL: TEST_PRICES.annual,
      STRIPE_PRICE_MONTHLY: TEST_PRICES.monthly,
      STRIPE_API_BASE: stub.url,
    });
  });
  afterAll(async () => {
    await closeTestApp(t);
    await stub.close();
  });

  const post = (body: string, signature?: string) =>
    t.server.request(STRIPE_WEBHOOK_PATH, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
    });

  it("verifies the raw body: bad, altered and stale deliveries get 400; a genuine one applies once", async () => {
    expect(t.app.billing.provider.name).toBe("stripe");
    const user = await signInTestUser(t, "hook@example.com");
    const chosen = await callApi(t, "POST", "/api/subscribe", { body: { plan: 2 }, session: user });
    expect(chosen.body.data).toMatch(/^https:\/\//);
    const sessionId = new URL(chosen.body.data).pathname.split("/").pop() as string;
    const events = stub.completeCheckout(sessionId);
    const completed = events.find((event) => event.type === "checkout.session.completed");
    if (!completed) throw new Error("no checkout.session.completed");

    const good = signedDelivery(completed);
    const refused = [
      post(good.body),
      post(good.body, signedDelivery(completed, { secret: "whsec_other" }).signature),
      post(good.body.replace(sessionId, `${sessionId}x`), good.signature),
      post(good.body, signedDelivery(completed, { timestamp: Math.floor(Date.now() / 1000) - 3600 }).signature),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ status: "WEBHOOK_SIGNATURE_INVALID" });
    }
    expect(await t.app.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, completed.id))).toEqual([]);

    const first = await post(good.body, good.signature);
    expect([first.status, await first.json()]).toEqual([200, { received: true, outcome: "applied" }]);
    const again = await post(good.body, good.signature);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    const info = await callApi(t, "GET", "/api/user/refreshUserInfo", { session: user });
    expect(info.body.data.subscribePlan).toBe(TEST_PRICES.monthly);
  });
});
