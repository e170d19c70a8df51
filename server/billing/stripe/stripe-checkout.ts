import type Stripe from "stripe";
import type { CheckoutInput } from "../billing-provider.ts";
import { stripeLocale } from "./stripe-locale.ts";

/**
 * The Checkout Session for a plan (subscription mode: trial days and intro coupon when given, our user
 * and plan in the subscription's metadata) or a point pack (payment mode, inline price).
 */
function checkoutSessionParams(input: CheckoutInput): Stripe.Checkout.SessionCreateParams {
  const { user, item } = input;
  const common = {
    client_reference_id: String(user.id),
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    locale: stripeLocale(input.language),
    ...(user.customerId ? { customer: user.customerId } : user.email ? { customer_email: user.email } : {}),
  };
  if (item.kind === "plan") {
    return {
      ...common,
      mode: "subscription",
      line_items: [{ price: item.priceId, quantity: 1 }],
      metadata: { userId: String(user.id), kind: "plan", planId: String(item.planId) },
      subscription_data: {
        metadata: { userId: String(user.id), planId: String(item.planId) },
        ...(item.trialDays > 0 ? { trial_period_days: item.trialDays } : {}),
      },
      ...(item.couponId ? { discounts: [{ coupon: item.couponId }] } : {}),
    };
  }
  return {
    ...common,
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: item.pack.currency,
          unit_amount: item.pack.amountCents,
          product_data: { name: `${item.pack.points} points` },
        },
      },
    ],
    metadata: { userId: String(user.id), kind: "pack", packId: item.pack.id, points: String(item.pack.points) },
  };
}

/** Creates the Checkout Session; its id and the hosted page's URL. */
export async function createStripeCheckout(client: Stripe, input: CheckoutInput): Promise<{ id: string; url: string }> {
  const session = await client.checkout.sessions.create(checkoutSessionParams(input));
  if (!session.url) throw new Error("checkout session without a url");
  return { id: session.id, url: session.url };
}
