import { AppError } from "#common/errors.ts";
import { DEFAULT_LANGUAGE, type Language } from "#common/languages.ts";
import type { BillingContext } from "./billing-context.ts";
import { knownCustomerId } from "./billing-reads.ts";
import { returnUrl } from "./return-url.ts";

/** POST /api/billingportal: the provider's portal for the user's customer (NO_SUBSCRIPTION if never subscribed). */
export async function billingPortal(
  app: BillingContext,
  userId: number,
  returnPage?: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  const { provider, options } = app.billing;
  const customerId = await knownCustomerId(app.database.db, provider, userId);
  if (!customerId) throw new AppError("NO_SUBSCRIPTION");
  const session = await provider.createPortalSession({
    customerId,
    returnUrl: returnUrl(options, returnPage, "/pricing"),
    language,
  });
  return session.url;
}
