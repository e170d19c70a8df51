import type { PaidPlanId } from "#common/plans.ts";
import type { BillingContext } from "./billing-context.ts";
import { grantsMembership } from "./membership.ts";
import { syncSubscription } from "./sync-subscription.ts";
import type { Tx } from "./user-lock.ts";

/**
 * Annual ↔ monthly (spec §5): the subscription moves to the other plan's price with proration, and a
 * running trial ends. Called with the user's row locked, so two switches never cross (decision 0011).
 * "fail" when the provider leaves the subscription not granting membership.
 */
export async function switchPlan(
  tx: Tx,
  app: BillingContext,
  userId: number,
  change: { subscriptionId: string; planId: PaidPlanId; endTrial: boolean },
): Promise<"success" | "fail"> {
  const { provider, options } = app.billing;
  const updated = await provider.updateSubscriptionPrice({ ...change, priceId: options.prices[change.planId] });
  await syncSubscription(tx, app, userId, updated);
  return grantsMembership(updated.status) ? "success" : "fail";
}
