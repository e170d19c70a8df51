import { AppError } from "#common/errors.ts";
import { basePathOf } from "#common/languages.ts";
import { planById } from "#common/plans.ts";
import type { CheckoutInput, CheckoutItem, ProviderCheckout } from "../billing-provider.ts";
import type { SandboxEvents } from "./sandbox-events.ts";
import type { SandboxCheckout, SandboxStore, SandboxSubscription } from "./sandbox-store.ts";
import { addPaidInvoice, periodEnd } from "./sandbox-subscriptions.ts";

/** What the sandbox checkout page shows. */
export interface SandboxCheckoutView {
  id: string;
  /** The buyer: the page serves the checkout to this user only. */
  userId: number;
  status: SandboxCheckout["status"];
  item: CheckoutItem;
  /** What paying now charges, in cents (0 when a trial starts). */
  dueTodayCents: number;
}

const DAY_MS = 86_400_000;

export function createSandboxCustomer(store: SandboxStore, input: { userId: number; email: string | null }): { id: string } {
  const customer = { id: store.newId("cus"), userId: input.userId, email: input.email };
  store.state.customers[customer.id] = customer;
  store.save();
  return { id: customer.id };
}

function amountOf(item: CheckoutItem): number {
  if (item.kind === "pack") return item.pack.amountCents;
  if (item.trialDays > 0) return 0;
  return planById(item.planId)?.periodAmountCents ?? 0;
}

/** An open checkout (a customer made for the buyer when they have none) and its same-origin page. */
export function createSandboxCheckout(store: SandboxStore, input: CheckoutInput): { id: string; url: string } {
  const customerId = input.user.customerId ?? createSandboxCustomer(store, { userId: input.user.id, email: input.user.email }).id;
  const checkout: SandboxCheckout = {
    id: store.newId("cs"),
    userId: input.user.id,
    customerId,
    item: input.item,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    status: "open",
    paymentStatus: "unpaid",
    subscriptionId: null,
    amountTotal: amountOf(input.item),
  };
  store.state.checkouts[checkout.id] = checkout;
  store.save();
  return { id: checkout.id, url: store.url(`${basePathOf(input.language)}/billing/sandbox/checkout/${checkout.id}`) };
}

export function providerCheckoutOf(checkout: SandboxCheckout): ProviderCheckout {
  return {
    id: checkout.id,
    mode: checkout.item.kind === "plan" ? "subscription" : "payment",
    status: checkout.status,
    paymentStatus: checkout.paymentStatus,
    userId: checkout.userId,
    customerId: checkout.customerId,
    subscriptionId: checkout.subscriptionId,
    packId: checkout.item.kind === "pack" ? checkout.item.pack.id : null,
    amountTotal: checkout.amountTotal,
    currency: "usd",
  };
}

export function checkoutPageView(store: SandboxStore, id: string): SandboxCheckoutView | null {
  const checkout = store.state.checkouts[id];
  if (!checkout) return null;
  return { id, userId: checkout.userId, status: checkout.status, item: checkout.item, dueTodayCents: checkout.amountTotal };
}

/** The test card pays: the subscription starts (trialing with a trial) or the pack is paid; the events are handled before the answer. */
export async function paySandboxCheckout(store: SandboxStore, events: SandboxEvents, id: string) {
  const checkout = openCheckout(store, id);
  const reported: Array<[string, string]> = [];
  if (checkout.item.kind === "plan") {
    const subscription = startSubscription(store, checkout);
    const invoice = addPaidInvoice(store, subscription.id, checkout.amountTotal);
    reported.push(["customer.subscription.created", subscription.id], ["invoice.paid", invoice.id]);
  }
  checkout.status = "complete";
  checkout.paymentStatus = "paid";
  store.save();
  reported.push(["checkout.session.completed", checkout.id]);
  for (const [type, objectId] of reported) await events.emit(type, objectId);
  return { redirectUrl: checkout.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", checkout.id) };
}

function startSubscription(store: SandboxStore, checkout: SandboxCheckout): SandboxSubscription {
  if (checkout.item.kind !== "plan") throw new Error("a pack starts no subscription");
  const { planId, priceId, trialDays } = checkout.item;
  const at = store.now();
  const trialEnd = trialDays > 0 ? at + trialDays * DAY_MS : null;
  const subscription: SandboxSubscription = {
    id: store.newId("sub"),
    customerId: checkout.customerId,
    userId: checkout.userId,
    planId,
    priceId,
    status: trialEnd ? "trialing" : "active",
    cancelAtPeriodEnd: false,
    currentPeriodEnd: trialEnd ?? periodEnd(planId, at),
    trialStart: trialEnd ? at : null,
    trialEnd,
  };
  store.state.subscriptions[subscription.id] = subscription;
  checkout.subscriptionId = subscription.id;
  return subscription;
}

/** The test card is declined: the checkout ends unpaid, nothing changes. */
export async function declineSandboxCheckout(store: SandboxStore, events: SandboxEvents, id: string) {
  const checkout = openCheckout(store, id);
  checkout.status = "expired";
  store.save();
  await events.emit("checkout.session.expired", checkout.id);
  return { redirectUrl: checkout.cancelUrl };
}

function openCheckout(store: SandboxStore, id: string): SandboxCheckout {
  const checkout = store.checkoutOf(id);
  if (checkout.status !== "open") throw new AppError("CHECKOUT_CLOSED");
  return checkout;
}
