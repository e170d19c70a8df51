import { applyBillingEvent } from "./apply-billing-event.ts";
import type { Billing, BillingContext } from "./billing-context.ts";
import type { BillingOptions } from "./billing-options.ts";
import { createSandboxProvider } from "./sandbox/sandbox-provider.ts";
import { createStripeProvider } from "./stripe/stripe-provider.ts";

/** Chooses the provider (Stripe with keys, else the local sandbox) and connects the sandbox's events. */
export function createBilling(deps: Omit<BillingContext, "billing">, options: BillingOptions): Billing {
  if (options.stripe) return { options, provider: createStripeProvider(options.stripe), sandbox: null };
  const sandbox = createSandboxProvider({
    publicUrl: options.publicUrl,
    prices: options.prices,
    stateFile: options.sandboxStateFile,
    onDeliveryError: (error, event) => deps.log.error({ err: error, event }, "sandbox billing event failed"),
  });
  const billing: Billing = { options, provider: sandbox, sandbox };
  sandbox.connect((event) => applyBillingEvent({ ...deps, billing }, event));
  return billing;
}
