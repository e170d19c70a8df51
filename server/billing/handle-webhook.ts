import { type ApplyResult, applyBillingEvent } from "./apply-billing-event.ts";
import type { BillingContext } from "./billing-context.ts";

/** The provider's webhook: verify the signature over the raw body, then apply the event once. */
export async function handleWebhook(
  app: BillingContext,
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
): Promise<ApplyResult> {
  const event = await app.billing.provider.verifyWebhook(rawBody, signatureHeader);
  return applyBillingEvent(app, event);
}
