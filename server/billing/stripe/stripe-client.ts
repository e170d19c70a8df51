import Stripe from "stripe";
import { AppError } from "#common/errors.ts";
import { STRIPE_API_VERSION, type StripeOptions } from "../billing-options.ts";

/** The Stripe SDK client: the pinned API version, two network retries, 20 s per request. */
export function createStripeClient(options: StripeOptions): Stripe {
  return new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
}

/** Runs one Stripe request; any failure becomes PAYMENT_PROVIDER_ERROR naming the request. */
export async function callStripe<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new AppError("PAYMENT_PROVIDER_ERROR", `Stripe ${what} failed: ${(error as Error).message}`, { cause: error });
  }
}
