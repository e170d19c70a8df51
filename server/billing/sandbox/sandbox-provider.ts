import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "#common/errors.ts";
import { basePathOf } from "#common/languages.ts";
import { type PaidPlanId, planById } from "#common/plans.ts";
import { planForPrice } from "../billing-options.ts";
import type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  CheckoutItem,
  ProviderCheckout,
  ProviderInvoice,
  ProviderSubscription,
} from "../billing-provider.ts";
import type { SubscriptionStatus } from "../membership.ts";

/**
 * The local stand-in for Stripe (local mode only, ARCHITECTURE "Local mode fails closed"). It keeps
 * its own "provider side" state (customers, checkouts, subscriptions, invoices) apart from the app's
 * tables, serves a same-origin checkout and portal page, and reports what happens as the same events
 * Stripe's webhooks would send, so apply-event.ts runs the same code for both.
 */

interface SandboxCheckout {
  id: string;
  userId: number;
  customerId: string;
  item: CheckoutItem;
  successUrl: string;
  cancelUrl: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  subscriptionId: string | null;
  amountTotal: number;
}

interface SandboxSubscription {
  id: string;
  customerId: string;
  userId: number;
  planId: PaidPlanId;
  priceId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
}

interface SandboxState {
  seq: number;
  customers: Record<string, { id: string; userId: number; email: string | null }>;
  checkouts: Record<string, SandboxCheckout>;
  subscriptions: Record<string, SandboxSubscription>;
  invoices: Record<string, ProviderInvoice>;
  portals: Record<string, { id: string; customerId: string; returnUrl: string }>;
}

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

export interface SandboxPortalView {
  id: string;
  /** The customer's user: the page serves the portal to this user only. */
  userId: number | null;
  returnUrl: string;
  subscriptions: Array<Pick<SandboxSubscription, "id" | "planId" | "status" | "cancelAtPeriodEnd"> & { currentPeriodEnd: Date }>;
}

export interface SandboxProvider extends BillingProvider {
  readonly name: "sandbox";
  /** Where the sandbox reports its events (billing wires it to applyBillingEvent). */
  connect(handler: (event: BillingEvent) => Promise<unknown>): void;
  checkout(id: string): SandboxCheckoutView | null;
  /** The test card pays: the subscription starts (trialing with a trial) or the pack is paid. */
  pay(id: string): Promise<{ redirectUrl: string }>;
  /** The test card is declined: the checkout ends unpaid, nothing changes. */
  decline(id: string): Promise<{ redirectUrl: string }>;
  /** The buyer goes back: the checkout stays open, nothing changes. */
  cancel(id: string): Promise<{ redirectUrl: string }>;
  portal(id: string): SandboxPortalView | null;
  portalSwitch(portalId: string, subscriptionId: string, planId: PaidPlanId): Promise<{ redirectUrl: string }>;
  portalCancel(portalId: string, subscriptionId: string): Promise<{ redirectUrl: string }>;
  /** Waits until every event reported so far has been handled. */
  drain(): Promise<void>;
}

export interface SandboxOptions {
  publicUrl: string;
  prices: Record<PaidPlanId, string>;
  /** A JSON file that keeps the state across restarts (dev server reloads); memory only when absent. */
  stateFile?: string | undefined;
  /** Fixed clock for tests. */
  now?: () => number;
  onDeliveryError?: (error: unknown, event: BillingEvent) => void;
}

const DAY_MS = 86_400_000;

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const now = options.now ?? Date.now;
  const state = loadState(options.stateFile);
  let handler: ((event: BillingEvent) => Promise<unknown>) | null = null;
  let pending: Promise<unknown> = Promise.resolve();

  const save = () => {
    if (!options.stateFile) return;
    mkdirSync(path.dirname(options.stateFile), { recursive: true });
    const temporary = `${options.stateFile}.tmp`;
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, options.stateFile);
  };
  const newId = (prefix: string) => `${prefix}_sandbox_${(++state.seq).toString(36)}${randomBytes(6).toString("hex")}`;
  const url = (pathname: string) => `${options.publicUrl.replace(/\/+$/, "")}${pathname}`;

  /** Reports an event; awaited by the sandbox pages, queued when a provider call made the change. */
  const emit = (type: string, objectId: string): Promise<unknown> => {
    const event: BillingEvent = { id: newId("evt"), type, objectId };
    const delivery = pending.then(async () => {
      if (!handler) return;
      try {
        await handler(event);
      } catch (error) {
        options.onDeliveryError?.(error, event);
      }
    });
    pending = delivery;
    return delivery;
  };

  const subscriptionOf = (id: string): SandboxSubscription => {
    const subscription = state.subscriptions[id];
    if (!subscription) throw new AppError("PAYMENT_PROVIDER_ERROR", `no sandbox subscription ${id}`);
    return subscription;
  };
  const checkoutOf = (id: string): SandboxCheckout => {
    const checkout = state.checkouts[id];
    if (!checkout) throw new AppError("PAYMENT_PROVIDER_ERROR", `no sandbox checkout ${id}`);
    return checkout;
  };
  const periodEnd = (planId: PaidPlanId, from: number) => {
    const date = new Date(from);
    if (planById(planId)?.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
    else date.setUTCMonth(date.getUTCMonth() + 1);
    return date.getTime();
  };
  const view = (subscription: SandboxSubscription): ProviderSubscription => ({
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
  });
  const addInvoice = (subscriptionId: string, amount: number) => {
    const invoice: ProviderInvoice = {
      id: newId("in"),
      subscriptionId,
      status: "paid",
      amountPaid: amount,
      amountDue: amount,
      currency: "usd",
    };
    state.invoices[invoice.id] = invoice;
    return invoice;
  };
  const amountOf = (item: CheckoutItem) => {
    if (item.kind === "pack") return item.pack.amountCents;
    if (item.trialDays > 0) return 0;
    return planById(item.planId)?.periodAmountCents ?? 0;
  };

  const update = async (subscriptionId: string, change: Partial<SandboxSubscription>) => {
    const subscription = subscriptionOf(subscriptionId);
    if (subscription.status === "canceled") throw new AppError("PAYMENT_PROVIDER_ERROR", "the subscription is canceled");
    Object.assign(subscription, change);
    save();
    // Like Stripe's webhook, this arrives after the call returns.
    void emit("customer.subscription.updated", subscriptionId);
    return view(subscription);
  };
  const switchPrice = (subscriptionId: string, priceId: string, planId: PaidPlanId, endTrial: boolean) => {
    const subscription = subscriptionOf(subscriptionId);
    const change: Partial<SandboxSubscription> = { priceId, planId, cancelAtPeriodEnd: false };
    if (endTrial && subscription.status === "trialing") {
      const at = now();
      Object.assign(change, { status: "active", trialEnd: at, currentPeriodEnd: periodEnd(planId, at) });
      const plan = planById(planId);
      const invoice = addInvoice(subscriptionId, plan?.periodAmountCents ?? 0);
      void emit("invoice.paid", invoice.id);
    }
    return update(subscriptionId, change);
  };

  const portalOf = (id: string) => {
    const portal = state.portals[id];
    if (!portal) throw new AppError("PAYMENT_PROVIDER_ERROR", `no sandbox portal session ${id}`);
    return portal;
  };
  const ownSubscription = (portalId: string, subscriptionId: string) => {
    const portal = portalOf(portalId);
    const subscription = subscriptionOf(subscriptionId);
    if (subscription.customerId !== portal.customerId)
      throw new AppError("PAYMENT_PROVIDER_ERROR", "not this customer's subscription");
    return { portal, subscription };
  };

  return {
    name: "sandbox",

    connect(next) {
      handler = next;
    },

    async createCustomer({ userId, email }) {
      const customer = { id: newId("cus"), userId, email };
      state.customers[customer.id] = customer;
      save();
      return { id: customer.id };
    },

    async createCheckout(input: CheckoutInput) {
      const customerId =
        input.user.customerId ?? (await this.createCustomer({ userId: input.user.id, email: input.user.email })).id;
      const checkout: SandboxCheckout = {
        id: newId("cs"),
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
      state.checkouts[checkout.id] = checkout;
      save();
      return { id: checkout.id, url: url(`${basePathOf(input.language)}/billing/sandbox/checkout/${checkout.id}`) };
    },

    updateSubscriptionPrice: ({ subscriptionId, priceId, planId, endTrial }) =>
      switchPrice(subscriptionId, priceId, planId, endTrial),
    cancelAtPeriodEnd: (subscriptionId) => update(subscriptionId, { cancelAtPeriodEnd: true }),
    resume: (subscriptionId) => update(subscriptionId, { cancelAtPeriodEnd: false }),

    async createPortalSession({ customerId, returnUrl, language }) {
      const portal = { id: newId("bps"), customerId, returnUrl };
      state.portals[portal.id] = portal;
      save();
      return { url: url(`${basePathOf(language)}/billing/sandbox/portal/${portal.id}`) };
    },

    async retrieveSubscription(id) {
      return view(subscriptionOf(id));
    },

    async retrieveCheckout(id): Promise<ProviderCheckout> {
      const checkout = checkoutOf(id);
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
    },

    async retrieveInvoice(id) {
      const invoice = state.invoices[id];
      if (!invoice) throw new AppError("PAYMENT_PROVIDER_ERROR", `no sandbox invoice ${id}`);
      return { ...invoice };
    },

    async verifyWebhook() {
      // The sandbox reports events in-process; a webhook call claiming to be from it is never genuine.
      throw new AppError("WEBHOOK_SIGNATURE_INVALID", "the payments sandbox sends no webhooks");
    },

    checkout(id) {
      const checkout = state.checkouts[id];
      if (!checkout) return null;
      return { id, userId: checkout.userId, status: checkout.status, item: checkout.item, dueTodayCents: checkout.amountTotal };
    },

    async pay(id) {
      const checkout = checkoutOf(id);
      if (checkout.status !== "open") throw new AppError("CHECKOUT_CLOSED");
      const at = now();
      const events: Array<[string, string]> = [];
      if (checkout.item.kind === "plan") {
        const { planId, priceId, trialDays } = checkout.item;
        const trialEnd = trialDays > 0 ? at + trialDays * DAY_MS : null;
        const subscription: SandboxSubscription = {
          id: newId("sub"),
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
        state.subscriptions[subscription.id] = subscription;
        checkout.subscriptionId = subscription.id;
        const invoice = addInvoice(subscription.id, checkout.amountTotal);
        events.push(["customer.subscription.created", subscription.id], ["invoice.paid", invoice.id]);
      }
      checkout.status = "complete";
      checkout.paymentStatus = "paid";
      save();
      events.push(["checkout.session.completed", checkout.id]);
      for (const [type, objectId] of events) await emit(type, objectId);
      return { redirectUrl: checkout.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", checkout.id) };
    },

    async decline(id) {
      const checkout = checkoutOf(id);
      if (checkout.status !== "open") throw new AppError("CHECKOUT_CLOSED");
      checkout.status = "expired";
      save();
      await emit("checkout.session.expired", checkout.id);
      return { redirectUrl: checkout.cancelUrl };
    },

    async cancel(id) {
      return { redirectUrl: checkoutOf(id).cancelUrl };
    },

    portal(id) {
      const portal = state.portals[id];
      if (!portal) return null;
      return {
        id,
        userId: state.customers[portal.customerId]?.userId ?? null,
        returnUrl: portal.returnUrl,
        subscriptions: Object.values(state.subscriptions)
          .filter((s) => s.customerId === portal.customerId && s.status !== "canceled")
          .map((s) => ({
            id: s.id,
            planId: s.planId,
            status: s.status,
            cancelAtPeriodEnd: s.cancelAtPeriodEnd,
            currentPeriodEnd: new Date(s.currentPeriodEnd),
          })),
      };
    },

    async portalSwitch(portalId, subscriptionId, planId) {
      const { portal, subscription } = ownSubscription(portalId, subscriptionId);
      const priceId = options.prices[planId];
      if (planForPrice(options, priceId) !== planId) throw new AppError("PAYMENT_PROVIDER_ERROR", `no price for plan ${planId}`);
      await switchPrice(subscription.id, priceId, planId, false);
      await pending;
      return { redirectUrl: portal.returnUrl };
    },

    async portalCancel(portalId, subscriptionId) {
      const { portal, subscription } = ownSubscription(portalId, subscriptionId);
      await update(subscription.id, { cancelAtPeriodEnd: true });
      await pending;
      return { redirectUrl: portal.returnUrl };
    },

    async drain() {
      let last: Promise<unknown>;
      do {
        last = pending;
        await last;
      } while (last !== pending);
    },
  };
}

function loadState(file: string | undefined): SandboxState {
  const empty: SandboxState = { seq: 0, customers: {}, checkouts: {}, subscriptions: {}, invoices: {}, portals: {} };
  if (!file || !existsSync(file)) return empty;
  try {
    return { ...empty, ...(JSON.parse(readFileSync(file, "utf8")) as Partial<SandboxState>) };
  } catch {
    return empty;
  }
}
