import { AppError } from "#common/errors.ts";
import { type PaidPlanId, planById } from "#common/plans.ts";
import type { ProviderInvoice, ProviderSubscription } from "../billing-provider.ts";
import type { SandboxEvents } from "./sandbox-events.ts";
import type { SandboxStore, SandboxSubscription } from "./sandbox-store.ts";

/** When a period of the plan that starts at `from` ends (a year or a month later). */
export function periodEnd(planId: PaidPlanId, from: number): number {
  const date = new Date(from);
  if (planById(planId)?.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

/** A sandbox subscription as billing reads any provider's. */
export function providerSubscriptionOf(subscription: SandboxSubscription): ProviderSubscription {
  return {
    id: subscription.id,
    customerId: subscription.customerId,
    status: subscription.status,
    priceId: subscription.priceId,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: new Date(subscription.currentPeriodEnd),
    trialStart: subscription.trialStart === null ? null : new Date(subscription.trialStart),
    trialEnd: subscription.trialEnd === null ? null : new Date(subscription.trialEnd),
    userId: subscription.userId,
    planId: subscription.planId,
  };
}

/** A paid invoice of the subscription (the sandbox's test card always pays). */
export function addPaidInvoice(store: SandboxStore, subscriptionId: string, amount: number): ProviderInvoice {
  const invoice: ProviderInvoice = {
    id: store.newId("in"),
    subscriptionId,
    status: "paid",
    amountPaid: amount,
    amountDue: amount,
    currency: "usd",
  };
  store.state.invoices[invoice.id] = invoice;
  return invoice;
}

/** Changes a live subscription and reports customer.subscription.updated, which (like Stripe's webhook) arrives after the call returns. */
export function updateSandboxSubscription(
  store: SandboxStore,
  events: SandboxEvents,
  subscriptionId: string,
  change: Partial<SandboxSubscription>,
): ProviderSubscription {
  const subscription = store.subscriptionOf(subscriptionId);
  if (subscription.status === "canceled") throw new AppError("PAYMENT_PROVIDER_ERROR", "the subscription is canceled");
  Object.assign(subscription, change);
  store.save();
  void events.emit("customer.subscription.updated", subscriptionId);
  return providerSubscriptionOf(subscription);
}

/** Moves the subscription to another plan's price; ending a running trial starts the paid period with a paid invoice. */
export function switchSandboxPrice(
  store: SandboxStore,
  events: SandboxEvents,
  input: { subscriptionId: string; priceId: string; planId: PaidPlanId; endTrial: boolean },
): ProviderSubscription {
  const { subscriptionId, priceId, planId } = input;
  const subscription = store.subscriptionOf(subscriptionId);
  const change: Partial<SandboxSubscription> = { priceId, planId, cancelAtPeriodEnd: false };
  if (input.endTrial && subscription.status === "trialing") {
    const at = store.now();
    Object.assign(change, { status: "active", trialEnd: at, currentPeriodEnd: periodEnd(planId, at) });
    const invoice = addPaidInvoice(store, subscriptionId, planById(planId)?.periodAmountCents ?? 0);
    void events.emit("invoice.paid", invoice.id);
  }
  return updateSandboxSubscription(store, events, subscriptionId, change);
}
