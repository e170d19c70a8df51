import type { BillingContext } from "./billing-context.ts";
import { syncSubscription } from "./sync-subscription.ts";
import type { Tx } from "./user-lock.ts";

/**
 * A member's cancel (the free plan chosen: the plan lasts until the period ends) or its undoing (the
 * current plan chosen again while the cancel is pending). Called with the user's row locked.
 */
export async function cancelAtPeriodEnd(
  tx: Tx,
  app: BillingContext,
  userId: number,
  subscriptionId: string,
  cancel: boolean,
): Promise<"success"> {
  const { provider } = app.billing;
  const updated = cancel ? await provider.cancelAtPeriodEnd(subscriptionId) : await provider.resume(subscriptionId);
  await syncSubscription(tx, app, userId, updated);
  return "success";
}
