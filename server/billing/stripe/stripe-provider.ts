import Stripe from "stripe";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import { SUBSCRIPTION_STATUSES } from "../../db/schema.ts";
import { STRIPE_API_VERSION, type StripeOptions } from "../billing-options.ts";
import type {
  BillingEvent,
  BillingProvider,
  CheckoutInput,
  ProviderCheckout,
  ProviderInvoice,
  ProviderSubscription,
} from "../billing-provider.ts";
import type { SubscriptionStatus } from "../membership.ts";

/**
 * Stripe's page language for ours: the same where Stripe has it, Brazilian Portuguese for pt, and the
 * browser's own choice ("auto") for Arabic, Hindi and Bengali, which Stripe's hosted pages lack.
 */
const STRIPE_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  zh: "zh",
  "zh-TW": "zh-TW",
  ko: "ko",
  ja: "ja",
  pt: "pt-BR",
  es: "es",
  hi: "auto",
  ar: "auto",
  fr: "fr",
  de: "de",
  ru: "ru",
  bn: "auto",
  id: "id",
};

export function stripeLocale(language: Language): Stripe.Checkout.SessionCreateParams.Locale {
  return STRIPE_LOCALES[language];
}

/** Seconds a webhook's signed timestamp may be old (Stripe's own default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The Stripe SDK behind BillingProvider: Checkout, subscription updates, the portal, signed webhooks. */
export function createStripeProvider(options: StripeOptions): BillingProvider {
  const client = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });

  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new AppError("PAYMENT_PROVIDER_ERROR", `Stripe ${what} failed: ${(error as Error).message}`, { cause: error });
    }
  };

  const retrieveSubscription = (id: string) =>
    call("subscriptions.retrieve", async () => normaliseSubscription(await client.subscriptions.retrieve(id)));

  return {
    name: "stripe",

    createCustomer: ({ userId, email }) =>
      call("customers.create", async () => {
        const customer = await client.customers.create({
          ...(email ? { email } : {}),
          metadata: { userId: String(userId) },
        });
        return { id: customer.id };
      }),

    createCheckout: (input: CheckoutInput) =>
      call("checkout.sessions.create", async () => {
        const { user, item } = input;
        const common = {
          client_reference_id: String(user.id),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          locale: stripeLocale(input.language),
          ...(user.customerId ? { customer: user.customerId } : user.email ? { customer_email: user.email } : {}),
        };
        const session =
          item.kind === "plan"
            ? await client.checkout.sessions.create({
                ...common,
                mode: "subscription",
                line_items: [{ price: item.priceId, quantity: 1 }],
                metadata: { userId: String(user.id), kind: "plan", planId: String(item.planId) },
                subscription_data: {
                  metadata: { userId: String(user.id), planId: String(item.planId) },
                  ...(item.trialDays > 0 ? { trial_period_days: item.trialDays } : {}),
                },
                ...(item.couponId ? { discounts: [{ coupon: item.couponId }] } : {}),
              })
            : await client.checkout.sessions.create({
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
              });
        if (!session.url) throw new Error("checkout session without a url");
        return { id: session.id, url: session.url };
      }),

    updateSubscriptionPrice: ({ subscriptionId, priceId, planId, endTrial }) =>
      call("subscriptions.update", async () => {
        const current = await client.subscriptions.retrieve(subscriptionId);
        const item = current.items.data[0];
        if (!item) throw new Error(`subscription ${subscriptionId} has no item`);
        const updated = await client.subscriptions.update(subscriptionId, {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: "create_prorations",
          cancel_at_period_end: false,
          metadata: { planId: String(planId) },
          ...(endTrial ? { trial_end: "now" as const } : {}),
        });
        return normaliseSubscription(updated);
      }),

    cancelAtPeriodEnd: (subscriptionId) =>
      call("subscriptions.update", async () =>
        normaliseSubscription(await client.subscriptions.update(subscriptionId, { cancel_at_period_end: true })),
      ),

    resume: (subscriptionId) =>
      call("subscriptions.update", async () =>
        normaliseSubscription(await client.subscriptions.update(subscriptionId, { cancel_at_period_end: false })),
      ),

    createPortalSession: ({ customerId, returnUrl, language }) =>
      call("billingPortal.sessions.create", async () => {
        const session = await client.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale: stripeLocale(language),
        });
        return { url: session.url };
      }),

    retrieveSubscription,

    retrieveCheckout: (id) =>
      call("checkout.sessions.retrieve", async () => normaliseCheckout(await client.checkout.sessions.retrieve(id))),

    retrieveInvoice: (id) => call("invoices.retrieve", async () => normaliseInvoice(await client.invoices.retrieve(id))),

    async verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new AppError("WEBHOOK_SIGNATURE_INVALID", "missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        const payload = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody);
        event = await client.webhooks.constructEventAsync(
          payload,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new AppError("WEBHOOK_SIGNATURE_INVALID", (error as Error).message, { cause: error });
      }
      const object = event.data.object as { id?: unknown };
      if (typeof object.id !== "string") throw new AppError("WEBHOOK_SIGNATURE_INVALID", "event without an object id");
      return { id: event.id, type: event.type, objectId: object.id } satisfies BillingEvent;
    },
  };
}

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

function normaliseCheckout(session: Stripe.Checkout.Session): ProviderCheckout {
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

function normaliseInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  return {
    id: invoice.id ?? "",
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? "draft",
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
  };
}
