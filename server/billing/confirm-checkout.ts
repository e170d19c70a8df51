import { isAppError } from "#common/errors.ts";
import { packById } from "#common/plans.ts";
import { applyBillingEvent } from "./apply-billing-event.ts";
import type { BillingContext } from "./billing-context.ts";
import type { ProviderCheckout } from "./billing-provider.ts";

/**
 * What the buyer's return to /rechargeSuccess found: the checkout's state and what it sold; "unknown"
 * when there is no such checkout of this buyer, "unreadable" when the provider could not be asked.
 */
export interface CheckoutReturn {
  status: "complete" | "open" | "expired" | "unknown" | "unreadable";
  kind: "plan" | "points" | null;
  points: number;
}

const CHECKOUT_ID = /^cs_[A-Za-z0-9_]{1,240}$/;

/**
 * The buyer is back from the checkout (/rechargeSuccess?id=…): the paid checkout is applied now,
 * through the same event code and re-fetched from the provider, instead of waiting for the webhook.
 * Only the buyer's own checkout counts; applying it twice (here and by the webhook) changes nothing.
 */
export async function confirmCheckout(app: BillingContext, userId: number, checkoutId: string): Promise<CheckoutReturn> {
  const unknown: CheckoutReturn = { status: "unknown", kind: null, points: 0 };
  if (!CHECKOUT_ID.test(checkoutId)) return unknown;
  let checkout: ProviderCheckout;
  try {
    checkout = await app.billing.provider.retrieveCheckout(checkoutId);
  } catch (error) {
    // isAppError, not instanceof: the pages' bundle has its own copy of AppError (decision 0002).
    if (isAppError(error, "NOT_FOUND")) return unknown;
    app.log.warn({ err: error, checkoutId }, "the returning checkout could not be read");
    return { ...unknown, status: "unreadable" };
  }
  if (checkout.userId !== userId) return unknown;
  if (checkout.status === "complete") {
    await applyBillingEvent(app, { id: `return:${checkout.id}`, type: "checkout.session.completed", objectId: checkout.id });
  }
  const status =
    checkout.status === "complete" || checkout.status === "open" || checkout.status === "expired" ? checkout.status : "unknown";
  const pack = checkout.packId ? packById(checkout.packId) : undefined;
  return { status, kind: checkout.mode === "payment" ? "points" : "plan", points: pack?.points ?? 0 };
}
