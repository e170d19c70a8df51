import type { Language } from "#common/languages.ts";
import type { BillingContext } from "./billing-context.ts";
import type { CheckoutItem } from "./billing-provider.ts";

export interface StartCheckoutInput {
  userId: number;
  email: string | null;
  /** The provider customer the user already has, or null. */
  customerId: string | null;
  /** Without a known customer: make one first (plans), or let the checkout take the email (packs). */
  newCustomer: boolean;
  item: CheckoutItem;
  successUrl: string;
  cancelUrl: string;
  language: Language;
}

/**
 * Opens a checkout at the provider and answers its URL. Called with no transaction open: a checkout
 * changes nothing here until it is paid, and its paid event is applied under the user's row lock
 * (applyBillingEvent), so the provider's seconds never hold the lock (decision 0011).
 */
export async function startCheckout(app: BillingContext, input: StartCheckoutInput): Promise<string> {
  const { provider } = app.billing;
  const customerId =
    input.customerId ??
    (input.newCustomer ? (await provider.createCustomer({ userId: input.userId, email: input.email })).id : null);
  const checkout = await provider.createCheckout({
    user: { id: input.userId, email: input.email, customerId },
    item: input.item,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    language: input.language,
  });
  return checkout.url;
}
