import { AppError } from "#common/errors.ts";
import type { PaidPlanId } from "#common/plans.ts";
import type { BillingEvent, BillingProvider } from "../billing-provider.ts";
import {
  checkoutPageView,
  createSandboxCheckout,
  createSandboxCustomer,
  declineSandboxCheckout,
  paySandboxCheckout,
  providerCheckoutOf,
  type SandboxCheckoutView,
} from "./sandbox-checkout.ts";
import { createSandboxEvents } from "./sandbox-events.ts";
import { createSandboxPortal, portalCancel, portalPageView, portalSwitch, type SandboxPortalView } from "./sandbox-portal.ts";
import { createSandboxStore } from "./sandbox-store.ts";
import { providerSubscriptionOf, switchSandboxPrice, updateSandboxSubscription } from "./sandbox-subscriptions.ts";

/**
 * The local stand-in for Stripe (local mode only, docs/ARCHITECTURE.md, "Local mode fails closed"). It keeps
 * its own "provider side" state (sandbox-store.ts) apart from the app's tables, serves a same-origin
 * checkout and portal page, and reports what happens as the same events Stripe's webhooks would send
 * (sandbox-events.ts), so apply-billing-event.ts runs the same code for both.
 */
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

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const store = createSandboxStore(options);
  const events = createSandboxEvents(store, options.onDeliveryError);
  return {
    name: "sandbox",
    connect: events.connect,
    createCustomer: async (input) => createSandboxCustomer(store, input),
    createCheckout: async (input) => createSandboxCheckout(store, input),
    updateSubscriptionPrice: async (input) => switchSandboxPrice(store, events, input),
    cancelAtPeriodEnd: async (id) => updateSandboxSubscription(store, events, id, { cancelAtPeriodEnd: true }),
    resume: async (id) => updateSandboxSubscription(store, events, id, { cancelAtPeriodEnd: false }),
    createPortalSession: async (input) => createSandboxPortal(store, input),
    retrieveSubscription: async (id) => providerSubscriptionOf(store.subscriptionOf(id)),
    async retrieveCheckout(id) {
      if (!Object.hasOwn(store.state.checkouts, id)) throw new AppError("NOT_FOUND", `no sandbox checkout ${id}`);
      return providerCheckoutOf(store.checkoutOf(id));
    },
    async retrieveInvoice(id) {
      const invoice = store.state.invoices[id];
      if (!invoice) throw new AppError("PAYMENT_PROVIDER_ERROR", `no sandbox invoice ${id}`);
      return { ...invoice };
    },
    async verifyWebhook() {
      // The sandbox reports events in-process; a webhook call claiming to be from it is never genuine.
      throw new AppError("WEBHOOK_SIGNATURE_INVALID", "the payments sandbox sends no webhooks");
    },
    checkout: (id) => checkoutPageView(store, id),
    pay: (id) => paySandboxCheckout(store, events, id),
    decline: (id) => declineSandboxCheckout(store, events, id),
    cancel: async (id) => ({ redirectUrl: store.checkoutOf(id).cancelUrl }),
    portal: (id) => portalPageView(store, id),
    portalSwitch: (portalId, subscriptionId, planId) =>
      portalSwitch(store, events, options.prices, { portalId, subscriptionId, planId }),
    portalCancel: (portalId, subscriptionId) => portalCancel(store, events, portalId, subscriptionId),
    drain: events.drain,
  };
}
