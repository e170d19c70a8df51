import { and, desc, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/languages.ts";
import type { SubscriptionView } from "#common/plans.ts";
import { isSameSitePath } from "#common/same-site-path.ts";
import { subscriptions, trades, users } from "../db/schema.ts";
import { type ApplyResult, applyBillingEvent, lockUser, syncSubscription, type Tx } from "./apply-event.ts";
import type { Billing, BillingContext } from "./billing-context.ts";
import { grantsMembership, type SubscriptionStatus, type UserType, userTypeFor } from "./membership.ts";
import { type BillingOptions, FREE_PLAN_ID, isPaidPlanId, packById, planById, planForPrice } from "./plans.ts";
import { createSandboxProvider } from "./sandbox-provider.ts";
import { createStripeProvider } from "./stripe-provider.ts";

/** Chooses the provider (Stripe with keys, else the local sandbox) and connects the sandbox's events. */
export function createBilling(deps: Omit<BillingContext, "billing">, options: BillingOptions): Billing {
  if (options.stripe) return { options, provider: createStripeProvider(options.stripe), sandbox: null };
  const sandbox = createSandboxProvider({
    publicUrl: options.publicUrl,
    prices: options.prices,
    stateFile: options.sandboxStateFile,
    onDeliveryError: (error, event) => deps.log.error({ err: error, event }, "sandbox billing event failed"),
  });
  const billing: Billing = { options, provider: sandbox, sandbox };
  sandbox.connect((event) => applyBillingEvent({ ...deps, billing }, event));
  return billing;
}

/** The answer of POST /api/subscribe (spec §7): "success", "fail", or a payment URL to open. */
export type SubscribeResult = "success" | "fail" | (string & {});

export interface SubscribeInput {
  /** 0 free (cancel at period end), 1 annual, 2 monthly. */
  plan: number;
  /** Where the checkout returns on success / on failure: a path or a URL on this site. */
  successPage?: string | undefined;
  errorPage?: string | undefined;
  /** The page language of the caller: the checkout is shown in it where possible (English by default). */
  language?: Language | undefined;
}

/**
 * POST /api/subscribe (spec §4, §5). Under the user's row lock, with the current subscription
 * re-fetched from the provider first:
 * - no plan, paid plan chosen → a checkout URL (with the free trial and intro offer for a trail user);
 * - no plan, free chosen → ALREADY_FREE;
 * - member, free chosen → cancel at period end → "success";
 * - member, the other paid plan → price switch with proration (ends a running trial) → "success",
 *   or "fail" when the provider leaves the subscription not granting membership;
 * - member, the same plan → PLAN_UNCHANGED, unless a cancel is pending: then it is undone.
 */
export async function subscribe(app: BillingContext, userId: number, input: SubscribeInput): Promise<SubscribeResult> {
  const plan = planById(input.plan);
  if (!plan) throw new AppError("INVALID_INPUT", `unknown plan ${input.plan}`, { issues: ["plan: unknown plan"] });
  const { provider, options } = app.billing;
  const successUrl = returnUrl(options, input.successPage, "/rechargeSuccess", "success");
  const cancelUrl = returnUrl(options, input.errorPage, "/rechargeSuccess", "fail");

  return app.database.db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId);
    const current = await refreshedMembership(tx, app, userId);

    if (plan.id === FREE_PLAN_ID) {
      if (!current) throw new AppError("ALREADY_FREE");
      if (current.cancelAtPeriodEnd) return "success";
      await syncSubscription(tx, app, userId, await provider.cancelAtPeriodEnd(current.providerSubscriptionId));
      return "success";
    }
    if (!isPaidPlanId(plan.id)) throw new AppError("INVALID_INPUT", `unknown plan ${plan.id}`);
    const priceId = options.prices[plan.id];

    if (current) {
      if (current.planId === plan.id) {
        if (!current.cancelAtPeriodEnd) throw new AppError("PLAN_UNCHANGED");
        await syncSubscription(tx, app, userId, await provider.resume(current.providerSubscriptionId));
        return "success";
      }
      const updated = await provider.updateSubscriptionPrice({
        subscriptionId: current.providerSubscriptionId,
        priceId,
        planId: plan.id,
        endTrial: current.status === "trialing",
      });
      await syncSubscription(tx, app, userId, updated);
      return grantsMembership(updated.status) ? "success" : "fail";
    }

    const trail = !(await hasTrialTrade(tx, userId));
    const checkout = await provider.createCheckout({
      user: { id: userId, email: user.email, customerId: await customerIdFor(tx, app, userId, user.email) },
      item: {
        kind: "plan",
        planId: plan.id,
        priceId,
        trialDays: trail ? options.trialDays : 0,
        couponId: trail ? (options.introCoupons[plan.id] ?? null) : null,
      },
      successUrl,
      cancelUrl,
      language: input.language ?? DEFAULT_LANGUAGE,
    });
    return checkout.url;
  });
}

/** Buys a point pack (free users only): a checkout URL. The points arrive with the paid checkout's event. */
export async function buyPoints(
  app: BillingContext,
  userId: number,
  packId: string,
  pages: { successPage?: string | undefined; errorPage?: string | undefined; language?: Language | undefined } = {},
): Promise<string> {
  const pack = packById(packId);
  if (!pack) throw new AppError("INVALID_INPUT", `unknown pack ${packId}`, { issues: ["packId: unknown pack"] });
  const { options } = app.billing;
  const successUrl = returnUrl(options, pages.successPage, "/rechargeSuccess", "success");
  const cancelUrl = returnUrl(options, pages.errorPage, "/rechargeSuccess", "fail");
  return app.database.db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId);
    if (user.subscribePlan !== "") throw new AppError("POINTS_FOR_FREE_USERS");
    const checkout = await app.billing.provider.createCheckout({
      user: { id: userId, email: user.email, customerId: await customerIdFor(tx, app, userId, user.email, false) },
      item: { kind: "pack", pack },
      successUrl,
      cancelUrl,
      language: pages.language ?? DEFAULT_LANGUAGE,
    });
    return checkout.url;
  });
}

/** POST /api/billingportal: the provider's portal for the user's customer (NO_SUBSCRIPTION if never subscribed). */
export async function billingPortal(
  app: BillingContext,
  userId: number,
  returnPage?: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const { provider, options } = app.billing;
  const customerId = await knownCustomerId(app.database.db, app, userId);
  if (!customerId) throw new AppError("NO_SUBSCRIPTION");
  const session = await provider.createPortalSession({
    customerId,
    returnUrl: returnUrl(options, returnPage, "/pricing"),
    language,
  });
  return session.url;
}

export interface CurrentSubscription {
  /** The subscription's status (spec §3), or null when the user never subscribed. */
  status: SubscriptionStatus | null;
  /** 0 free, 1 annual, 2 monthly: the plan that grants membership now (0 when none does). */
  planId: number;
  priceId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** The pricing page's user type (spec §4). */
  userType: UserType;
}

/** The subscription as the page and the API carry it (JSON: the period end as an ISO string). */
export function subscriptionView(
  value: CurrentSubscription,
): Omit<CurrentSubscription, "currentPeriodEnd"> & Pick<SubscriptionView, "currentPeriodEnd"> {
  return { ...value, currentPeriodEnd: value.currentPeriodEnd?.toISOString() ?? null };
}

/** GET /api/user/subscribe: the user's subscription as last synced (the membership one first). */
export async function currentSubscription(app: BillingContext, userId: number): Promise<CurrentSubscription> {
  const db = app.database.db;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, app.billing.provider.name)))
    .orderBy(desc(inArray(subscriptions.status, ["trialing", "active"])), desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  const trial = await hasTrialTrade(db, userId);
  const member = row && grantsMembership(row.status);
  return {
    status: row?.status ?? null,
    planId: member ? row.planId : FREE_PLAN_ID,
    priceId: member ? row.priceId : "",
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    userType: userTypeFor({ hasTrialTrade: trial, status: row?.status ?? null }),
  };
}

/** GET /api/user/trialedTrade: the trial trade's status ("trialing", "converted", "ended"), or "none". */
export async function trialedTrade(app: BillingContext, userId: number): Promise<{ status: string }> {
  const [trade] = await app.database.db
    .select({ status: trades.status })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.kind, "trial")))
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(1);
  return { status: trade?.status ?? "none" };
}

/** What the buyer's return to /rechargeSuccess found: the checkout's state and what it sold. */
export interface CheckoutReturn {
  status: "complete" | "open" | "expired" | "unknown";
  kind: "plan" | "points" | null;
  points: number;
}

const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{1,240}$/;

/**
 * The buyer is back from the checkout (/rechargeSuccess?id=…): the paid checkout is applied now,
 * through the same event code and re-fetched from the provider, instead of waiting for the webhook.
 * Only the buyer's own checkout counts; applying it twice (here and by the webhook) changes nothing.
 */
export async function confirmCheckout(app: BillingContext, userId: number, checkoutId: string): Promise<CheckoutReturn> {
  const unknown: CheckoutReturn = { status: "unknown", kind: null, points: 0 };
  if (!CHECKOUT_ID.test(checkoutId)) return unknown;
  let checkout: Awaited<ReturnType<BillingContext["billing"]["provider"]["retrieveCheckout"]>>;
  try {
    checkout = await app.billing.provider.retrieveCheckout(checkoutId);
  } catch (error) {
    app.log.warn({ err: error, checkoutId }, "the returning checkout could not be read");
    return unknown;
  }
  if (checkout.userId !== userId) return unknown;
  if (checkout.status === "complete") {
    await applyBillingEvent(app, { id: `return:${checkout.id}`, type: "checkout.session.completed", objectId: checkout.id });
  }
  const status =
    checkout.status === "complete" || checkout.status === "open" || checkout.status === "expired" ? checkout.status : "unknown";
  const pack = checkout.packId ? packById(checkout.packId) : undefined;
  return { status, kind: checkout.mode === "payment" ? "points" : "plan", points: pack?.points ?? 0 };
}

/** The provider's webhook: verify the signature over the raw body, then apply the event once. */
export async function handleWebhook(
  app: BillingContext,
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
): Promise<ApplyResult> {
  const event = await app.billing.provider.verifyWebhook(rawBody, signatureHeader);
  return applyBillingEvent(app, event);
}

type Reader = Pick<BillingContext["database"]["db"], "select">;

async function lockedUser(tx: Tx, userId: number) {
  if (!(await lockUser(tx, userId))) throw new AppError("NOT_FOUND", `no user ${userId}`);
  const [user] = await tx
    .select({ email: users.email, subscribePlan: users.subscribePlan })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", `no user ${userId}`);
  return user;
}

async function hasTrialTrade(db: Reader, userId: number): Promise<boolean> {
  const [trade] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.kind, "trial")))
    .limit(1);
  return trade !== undefined;
}

/**
 * The user's membership subscription: every live subscription is re-fetched from the provider and
 * written back first, so a decision never rests on a webhook that has not arrived yet. Null when none
 * grants membership.
 */
async function refreshedMembership(tx: Tx, app: BillingContext, userId: number) {
  const { provider, options } = app.billing;
  const rows = await tx
    .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, provider.name),
        notInArray(subscriptions.status, ["canceled", "incomplete_expired"]),
      ),
    );
  let best: { providerSubscriptionId: string; planId: number; status: SubscriptionStatus; cancelAtPeriodEnd: boolean } | null =
    null;
  for (const row of rows) {
    const fresh = await provider.retrieveSubscription(row.providerSubscriptionId);
    await syncSubscription(tx, app, userId, fresh);
    if (grantsMembership(fresh.status) && !best) {
      best = {
        providerSubscriptionId: fresh.id,
        planId: planForPrice(options, fresh.priceId) ?? fresh.planId ?? FREE_PLAN_ID,
        status: fresh.status,
        cancelAtPeriodEnd: fresh.cancelAtPeriodEnd,
      };
    }
  }
  return best;
}

/** The provider customer of the user's newest subscription (any status), or null when they never had one. */
async function knownCustomerId(db: Reader, app: BillingContext, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, app.billing.provider.name),
        isNotNull(subscriptions.providerCustomerId),
      ),
    )
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  return row?.customerId ?? null;
}

/** The provider customer the user already has (from any earlier subscription), else a new one. */
async function customerIdFor(
  tx: Tx,
  app: BillingContext,
  userId: number,
  email: string | null,
  create = true,
): Promise<string | null> {
  const known = await knownCustomerId(tx, app, userId);
  if (known) return known;
  return create ? (await app.billing.provider.createCustomer({ userId, email })).id : null;
}

/**
 * A return page as an absolute URL on this site (open redirects refused), with the spec's
 * /rechargeSuccess query: status, and on success the checkout id the provider fills in.
 */
export function returnUrl(
  options: Pick<BillingOptions, "publicUrl">,
  page: string | undefined,
  fallback: string,
  status?: "success" | "fail",
): string {
  const origin = new URL(options.publicUrl).origin;
  const wanted = page && page.trim() !== "" ? page.trim() : fallback;
  // An absolute URL on this site is taken as its path; the path must pass sameSitePath (decision
  // 0013), and the URL is built on PUBLIC_URL's origin, never on anything from the request.
  let path = wanted;
  if (URL.canParse(wanted)) {
    const absolute = new URL(wanted);
    path = absolute.origin === origin ? `${absolute.pathname}${absolute.search}${absolute.hash}` : "";
  }
  if (!isSameSitePath(path)) {
    throw new AppError("INVALID_INPUT", "return page on another site", { issues: ["returnUrl: must be on this site"] });
  }
  const url = new URL(path, `${origin}/`);
  if (!status) return url.toString();
  if (!url.searchParams.has("status")) url.searchParams.set("status", status);
  const href = url.toString();
  // Stripe fills in {CHECKOUT_SESSION_ID} only when the braces are not percent-encoded.
  return status === "success" && !url.searchParams.has("id") ? `${href}${url.search ? "&" : "?"}id={CHECKOUT_SESSION_ID}` : href;
}
