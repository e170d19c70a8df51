import { notInArray } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/languages.ts";
import { FREE_PLAN_ID, isPaidPlanId, planById } from "#common/plans.ts";
import { subscriptions } from "../db/schema.ts";
import type { BillingContext } from "./billing-context.ts";
import { planOfSubscription } from "./billing-options.ts";
import { hasTrialTrade, knownCustomerId, subscriptionsOf } from "./billing-reads.ts";
import { cancelAtPeriodEnd } from "./cancel-at-period-end.ts";
import { grantsMembership, type SubscriptionStatus } from "./membership.ts";
import { returnUrl } from "./return-url.ts";
import { startCheckout } from "./start-checkout.ts";
import { switchPlan } from "./switch-plan.ts";
import { syncSubscription } from "./sync-subscription.ts";
import { lockedUser, type Tx } from "./user-lock.ts";

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
 * - no plan, paid plan chosen → a checkout URL (with the free trial and intro offer for a trail user),
 *   made after the lock is released;
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

  const decided = await app.database.db.transaction(async (tx) => {
    const user = await lockedUser(tx, userId);
    const current = await refreshedMembership(tx, app, userId);

    if (plan.id === FREE_PLAN_ID) {
      if (!current) throw new AppError("ALREADY_FREE");
      if (current.cancelAtPeriodEnd) return "success";
      return cancelAtPeriodEnd(tx, app, userId, current.providerSubscriptionId, true);
    }
    if (!isPaidPlanId(plan.id)) throw new AppError("INVALID_INPUT", `unknown plan ${plan.id}`);
    if (current) {
      if (current.planId !== plan.id) {
        const endTrial = current.status === "trialing";
        return switchPlan(tx, app, userId, { subscriptionId: current.providerSubscriptionId, planId: plan.id, endTrial });
      }
      if (!current.cancelAtPeriodEnd) throw new AppError("PLAN_UNCHANGED");
      return cancelAtPeriodEnd(tx, app, userId, current.providerSubscriptionId, false);
    }
    const trail = !(await hasTrialTrade(tx, userId));
    return { planId: plan.id, trail, email: user.email, customerId: await knownCustomerId(tx, provider, userId) };
  });
  if (typeof decided === "string") return decided;

  return startCheckout(app, {
    userId,
    email: decided.email,
    customerId: decided.customerId,
    newCustomer: true,
    item: {
      kind: "plan",
      planId: decided.planId,
      priceId: options.prices[decided.planId],
      trialDays: decided.trail ? options.trialDays : 0,
      couponId: decided.trail ? (options.introCoupons[decided.planId] ?? null) : null,
    },
    successUrl,
    cancelUrl,
    language: input.language ?? DEFAULT_LANGUAGE,
  });
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
    .where(subscriptionsOf(provider, userId, notInArray(subscriptions.status, ["canceled", "incomplete_expired"])));
  let best: { providerSubscriptionId: string; planId: number; status: SubscriptionStatus; cancelAtPeriodEnd: boolean } | null =
    null;
  for (const row of rows) {
    const fresh = await provider.retrieveSubscription(row.providerSubscriptionId);
    await syncSubscription(tx, app, userId, fresh);
    if (grantsMembership(fresh.status) && !best) {
      best = {
        providerSubscriptionId: fresh.id,
        planId: planOfSubscription(options, fresh),
        status: fresh.status,
        cancelAtPeriodEnd: fresh.cancelAtPeriodEnd,
      };
    }
  }
  return best;
}
