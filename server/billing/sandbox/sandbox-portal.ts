import { AppError } from "#common/errors.ts";
import { basePathOf, type Language } from "#common/languages.ts";
import type { PaidPlanId } from "#common/plans.ts";
import { planForPrice } from "../billing-options.ts";
import type { SandboxEvents } from "./sandbox-events.ts";
import type { SandboxStore, SandboxSubscription } from "./sandbox-store.ts";
import { switchSandboxPrice, updateSandboxSubscription } from "./sandbox-subscriptions.ts";

export interface SandboxPortalView {
  id: string;
  /** The customer's user: the page serves the portal to this user only. */
  userId: number | null;
  returnUrl: string;
  subscriptions: Array<Pick<SandboxSubscription, "id" | "planId" | "status" | "cancelAtPeriodEnd"> & { currentPeriodEnd: Date }>;
}

export function createSandboxPortal(
  store: SandboxStore,
  input: { customerId: string; returnUrl: string; language: Language },
): { url: string } {
  const portal = { id: store.newId("bps"), customerId: input.customerId, returnUrl: input.returnUrl };
  store.state.portals[portal.id] = portal;
  store.save();
  return { url: store.url(`${basePathOf(input.language)}/billing/sandbox/portal/${portal.id}`) };
}

export function portalPageView(store: SandboxStore, id: string): SandboxPortalView | null {
  const { state } = store;
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
}

/** The portal's "switch plan": the new price at once (no trial ended); answers once the change is applied. */
export async function portalSwitch(
  store: SandboxStore,
  events: SandboxEvents,
  prices: Record<PaidPlanId, string>,
  change: { portalId: string; subscriptionId: string; planId: PaidPlanId },
): Promise<{ redirectUrl: string }> {
  const { portal, subscription } = customersSubscription(store, change.portalId, change.subscriptionId);
  const priceId = prices[change.planId];
  if (planForPrice({ prices }, priceId) !== change.planId) {
    throw new AppError("PAYMENT_PROVIDER_ERROR", `no price for plan ${change.planId}`);
  }
  switchSandboxPrice(store, events, { subscriptionId: subscription.id, priceId, planId: change.planId, endTrial: false });
  await events.drain();
  return { redirectUrl: portal.returnUrl };
}

/** The portal's "cancel": cancel at period end; answers once the change is applied. */
export async function portalCancel(
  store: SandboxStore,
  events: SandboxEvents,
  portalId: string,
  subscriptionId: string,
): Promise<{ redirectUrl: string }> {
  const { portal, subscription } = customersSubscription(store, portalId, subscriptionId);
  updateSandboxSubscription(store, events, subscription.id, { cancelAtPeriodEnd: true });
  await events.drain();
  return { redirectUrl: portal.returnUrl };
}

function customersSubscription(store: SandboxStore, portalId: string, subscriptionId: string) {
  const portal = store.portalOf(portalId);
  const subscription = store.subscriptionOf(subscriptionId);
  if (subscription.customerId !== portal.customerId) {
    throw new AppError("PAYMENT_PROVIDER_ERROR", "not this customer's subscription");
  }
  return { portal, subscription };
}
