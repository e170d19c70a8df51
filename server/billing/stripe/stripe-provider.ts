import type { StripeOptions } from "../billing-options.ts";
import type { BillingProvider } from "../billing-provider.ts";
import { createStripeCheckout } from "./stripe-checkout.ts";
import { callStripe, createStripeClient } from "./stripe-client.ts";
import { stripeLocale } from "./stripe-locale.ts";
import { normaliseCheckout, normaliseInvoice, normaliseSubscription } from "./stripe-objects.ts";
import { setStripeCancelAtPeriodEnd, switchStripePrice } from "./stripe-subscriptions.ts";
import { verifyStripeWebhook } from "./stripe-webhook.ts";

/** The Stripe SDK behind BillingProvider: Checkout, subscription updates, the portal, signed webhooks. */
export function createStripeProvider(options: StripeOptions): BillingProvider {
  const client = createStripeClient(options);
  return {
    name: "stripe",
    createCustomer: ({ userId, email }) =>
      callStripe("customers.create", async () => {
        const customer = await client.customers.create({ ...(email ? { email } : {}), metadata: { userId: String(userId) } });
        return { id: customer.id };
      }),
    createCheckout: (input) => callStripe("checkout.sessions.create", () => createStripeCheckout(client, input)),
    updateSubscriptionPrice: (input) => callStripe("subscriptions.update", () => switchStripePrice(client, input)),
    cancelAtPeriodEnd: (id) => callStripe("subscriptions.update", () => setStripeCancelAtPeriodEnd(client, id, true)),
    resume: (id) => callStripe("subscriptions.update", () => setStripeCancelAtPeriodEnd(client, id, false)),
    createPortalSession: ({ customerId, returnUrl, language }) =>
      callStripe("billingPortal.sessions.create", async () => {
        const session = await client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale: stripeLocale(language),
        });
        return { url: session.url };
      }),
    retrieveSubscription: (id) =>
      callStripe("subscriptions.retrieve", async () => normaliseSubscription(await client.subscriptions.retrieve(id))),
    retrieveCheckout: (id) =>
      callStripe("checkout.sessions.retrieve", async () => normaliseCheckout(await client.checkout.sessions.retrieve(id)), {
        missing: true,
      }),
    retrieveInvoice: (id) => callStripe("invoices.retrieve", async () => normaliseInvoice(await client.invoices.retrieve(id))),
    verifyWebhook: (rawBody, signatureHeader) => verifyStripeWebhook(client, options.webhookSecret, rawBody, signatureHeader),
  };
}
