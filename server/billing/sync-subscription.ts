import { and, desc, eq, inArray } from "drizzle-orm";
import { subscriptions, trades, users } from "../db/schema.ts";
import type { BillingContext } from "./billing-context.ts";
import { planOfSubscription } from "./billing-options.ts";
import type { ProviderSubscription } from "./billing-provider.ts";
import { type SubscriptionStatus, subscribePlanFor } from "./membership.ts";
import type { Tx } from "./user-lock.ts";

/**
 * Writes the provider's state of one subscription (call with the user's row locked): the
 * subscriptions row, the trial trade when it started with a trial, and users.subscribePlan.
 */
export async function syncSubscription(
  tx: Tx,
  ctx: BillingContext,
  userId: number,
  subscription: ProviderSubscription,
): Promise<void> {
  const provider = ctx.billing.provider.name;
  const planId = planOfSubscription(ctx.billing.options, subscription);
  const state = {
    providerCustomerId: subscription.customerId,
    planId,
    priceId: subscription.priceId,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    updatedAt: new Date(),
  };
  await tx
    .insert(subscriptions)
    .values({ userId, provider, providerSubscriptionId: subscription.id, ...state })
    .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: state });

  if (subscription.trialStart) {
    const status = trialTradeStatus(subscription.status);
    await tx
      .insert(trades)
      .values({ userId, kind: "trial", planId, providerRef: `trial:${subscription.id}`, status, amountCents: 0 })
      .onConflictDoUpdate({ target: trades.providerRef, set: { status } });
  }
  await refreshSubscribePlan(tx, userId);
}

function trialTradeStatus(status: SubscriptionStatus): string {
  if (status === "trialing") return "trialing";
  if (status === "active" || status === "past_due" || status === "unpaid") return "converted";
  return "ended";
}

/** users.subscribePlan = the price of the user's newest subscription that grants membership, else "". */
async function refreshSubscribePlan(tx: Tx, userId: number): Promise<void> {
  const [member] = await tx
    .select({ priceId: subscriptions.priceId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["trialing", "active"])))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  await tx
    .update(users)
    .set({ subscribePlan: subscribePlanFor(member), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
