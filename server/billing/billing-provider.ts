import type { Language } from "#common/languages.ts";
import type { PaidPlanId, PointPack } from "#common/plans.ts";
import type { SubscriptionStatus } from "./membership.ts";

/** What a checkout sells: a plan (with or without a trial and intro coupon), or a point pack. */
export type CheckoutItem =
  | { kind: "plan"; planId: PaidPlanId; priceId: string; trialDays: number; couponId: string | null }
  | { kind: "pack"; pack: PointPack };

export interface CheckoutInput {
  user: { id: number; email: string | null; customerId: string | null };
  item: CheckoutItem;
  /** Absolute URLs on the site's origin; `{CHECKOUT_SESSION_ID}` in successUrl is filled in by the provider. */
  successUrl: string;
  cancelUrl: string;
  /** The buyer's page language: the checkout page speaks it where the provider can. */
  language: Language;
}

/** A subscription as the provider holds it now: the only state billing trusts. */
export interface ProviderSubscription {
  id: string;
  customerId: string | null;
  status: SubscriptionStatus;
  priceId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** Set when the subscription started with a trial. */
  trialStart: Date | null;
  trialEnd: Date | null;
  /** Our user id and plan id, from the metadata the checkout put on the subscription. */
  userId: number | null;
  planId: number | null;
}

export interface ProviderCheckout {
  id: string;
  mode: "subscription" | "payment";
  /** open, complete or expired. */
  status: string;
  /** paid, unpaid or no_payment_required. */
  paymentStatus: string;
  userId: number | null;
  customerId: string | null;
  subscriptionId: string | null;
  packId: string | null;
  amountTotal: number;
  currency: string;
}

export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  /** draft, open, paid, uncollectible or void. */
  status: string;
  amountPaid: number;
  amountDue: number;
  currency: string;
}

/** A verified provider event: only its id, type and the id of the object it is about. State is re-fetched. */
export interface BillingEvent {
  id: string;
  type: string;
  objectId: string;
}

/**
 * One payment provider (Stripe in stripe/, or the local sandbox in sandbox/). Every method talks to the
 * provider only; the database is billing's. Which calls run with the user's row locked, and why: decision 0011.
 */
export interface BillingProvider {
  readonly name: "stripe" | "sandbox";
  createCustomer(input: { userId: number; email: string | null }): Promise<{ id: string }>;
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** Moves the subscription to another price, prorated; ends a running trial when asked. */
  updateSubscriptionPrice(input: {
    subscriptionId: string;
    priceId: string;
    planId: PaidPlanId;
    endTrial: boolean;
  }): Promise<ProviderSubscription>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<ProviderSubscription>;
  /** Undoes a pending cancel-at-period-end. */
  resume(subscriptionId: string): Promise<ProviderSubscription>;
  createPortalSession(input: { customerId: string; returnUrl: string; language: Language }): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Throws NOT_FOUND when the provider has no such checkout (any other failure: PAYMENT_PROVIDER_ERROR). */
  retrieveCheckout(id: string): Promise<ProviderCheckout>;
  retrieveInvoice(id: string): Promise<ProviderInvoice>;
  /** Checks a webhook's signature over its raw body; throws WEBHOOK_SIGNATURE_INVALID. */
  verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined): Promise<BillingEvent>;
}

/** The event types apply-billing-event.ts acts on; anything else is recorded and ignored. */
export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "invoice.paid",
  "invoice.payment_failed",
] as const;
