import type Stripe from "stripe";
import { SUBSCRIPTION_STATUSES } from "#common/plans.ts";
import type { ProviderCheckout, ProviderInvoice, ProviderSubscription } from "../billing-provider.ts";
import type { SubscriptionStatus } from "../membership.ts";

/** Stripe's objects as billing reads them (billing-provider.ts): only the fields billing uses. */

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

const dateOf = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);

const numberOf = (value: string | undefined): number | null => {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) ? n : null;
};

function statusOf(status: string): SubscriptionStatus {
  // A status newer than this code is treated as not granting membership.
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "incomplete";
}

export function normaliseSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: statusOf(subscription.status),
    priceId: item?.price.id ?? "",
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    // Since API 2025-03 the period lives on each item.
    currentPeriodEnd: dateOf(item?.current_period_end),
    trialStart: dateOf(subscription.trial_start),
    trialEnd: dateOf(subscription.trial_end),
    userId: numberOf(subscription.metadata?.userId),
    planId: numberOf(subscription.metadata?.planId),
  };
}

export function normaliseCheckout(session: Stripe.Checkout.Session): ProviderCheckout {
  return {
    id: session.id,
    mode: session.mode === "subscription" ? "subscription" : "payment",
    status: session.status ?? "open",
    paymentStatus: session.payment_status,
    userId: numberOf(session.client_reference_id ?? session.metadata?.userId),
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    packId: session.metadata?.packId ?? null,
    amountTotal: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
  };
}

export function normaliseInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  return {
    id: invoice.id ?? "",
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? "draft",
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
  };
}
