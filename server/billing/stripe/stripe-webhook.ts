import type Stripe from "stripe";
import { AppError } from "#common/errors.ts";
import type { BillingEvent } from "../billing-provider.ts";

/** Seconds a webhook's signed timestamp may be old (Stripe's own default). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Checks Stripe-Signature over the raw body; the event's id, type and object id, or WEBHOOK_SIGNATURE_INVALID. */
export async function verifyStripeWebhook(
  client: Stripe,
  webhookSecret: string,
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
): Promise<BillingEvent> {
  if (!signatureHeader) throw new AppError("WEBHOOK_SIGNATURE_INVALID", "missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    const payload = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody);
    event = await client.webhooks.constructEventAsync(payload, signatureHeader, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new AppError("WEBHOOK_SIGNATURE_INVALID", (error as Error).message, { cause: error });
  }
  const object = event.data.object as { id?: unknown };
  if (typeof object.id !== "string") throw new AppError("WEBHOOK_SIGNATURE_INVALID", "event without an object id");
  return { id: event.id, type: event.type, objectId: object.id };
}
