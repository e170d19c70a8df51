import type Stripe from "stripe";
import type { PaidPlanId } from "#common/plans.ts";
import type { ProviderSubscription } from "../billing-provider.ts";
import { normaliseSubscription } from "./stripe-objects.ts";

/** The subscription's one item moves to another price, prorated, any pending cancel undone; a trial ends when asked. */
export async function switchStripePrice(
  client: Stripe,
  input: { subscriptionId: string; priceId: string; planId: PaidPlanId; endTrial: boolean },
): Promise<ProviderSubscription> {
  const current = await client.subscriptions.retrieve(input.subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error(`subscription ${input.subscriptionId} has no item`);
  const updated = await client.subscriptions.update(input.subscriptionId, {
    items: [{ id: item.id, price: input.priceId }],
    proration_behavior: "create_prorations",
    cancel_at_period_end: false,
    metadata: { planId: String(input.planId) },
    ...(input.endTrial ? { trial_end: "now" as const } : {}),
  });
  return normaliseSubscription(updated);
}

/** Sets or clears cancel at period end (the free plan chosen, or the plan chosen again). */
export async function setStripeCancelAtPeriodEnd(
  client: Stripe,
  subscriptionId: string,
  cancel: boolean,
): Promise<ProviderSubscription> {
  return normaliseSubscription(await client.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
}
