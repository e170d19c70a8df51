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

/**
 * Runs one Stripe request; any failure becomes PAYMENT_PROVIDER_ERROR naming the request, but with
 * `missing` set an object Stripe does not have (404 resource_missing) becomes NOT_FOUND.
 */
export async function callStripe<T>(what: string, run: () => Promise<T>, options: { missing?: boolean } = {}): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const stripeError = error as { statusCode?: number; code?: string; message?: string };
    if (options.missing && stripeError.statusCode === 404 && stripeError.code === "resource_missing") {
      throw new AppError("NOT_FOUND", `Stripe ${what}: no such object`, { cause: error });
    }
    throw new AppError("PAYMENT_PROVIDER_ERROR", `Stripe ${what} failed: ${stripeError.message}`, { cause: error });
  }
}
