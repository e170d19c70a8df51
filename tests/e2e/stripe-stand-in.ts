import { TEST_PRICES, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "../support/stripe-api-server.ts";
import { E2E_PORT } from "./google-keys.ts";

/** The run's Stripe stand-in (tests/support/stripe-api-server.ts, started by global-setup). */
export const STRIPE_STAND_IN_PORT = E2E_PORT + 83;

/** The app configured with Stripe against the stand-in: the real SDK, signed webhooks. */
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: TEST_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_PRICE_ANNUAL: TEST_PRICES.annual,
  STRIPE_PRICE_MONTHLY: TEST_PRICES.monthly,
  STRIPE_INTRO_COUPON_ANNUAL: "intro_annual",
  STRIPE_INTRO_COUPON_MONTHLY: "intro_monthly",
  STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}`,
};

/** The buyer pays on Stripe's page: the stand-in completes the checkout and posts its signed events. */
export async function payOnStripe(sessionId: string, webhookUrl: string): Promise<{ successUrl: string; deliveries: number[] }> {
  const answer = await fetch(`http://127.0.0.1:${STRIPE_STAND_IN_PORT}/_stand-in/checkout/${sessionId}/pay`, {
    method: "POST",
    body: JSON.stringify({ webhookUrl }),
  });
  if (!answer.ok) throw new Error(`the Stripe stand-in refused ${sessionId}: ${answer.status}`);
  return (await answer.json()) as { successUrl: string; deliveries: number[] };
}
