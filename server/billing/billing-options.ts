import { z } from "zod";
import { ANNUAL_PLAN_ID, FREE_PLAN_ID, MONTHLY_PLAN_ID, type PaidPlanId } from "#common/plans.ts";
import { ConfigError } from "../config-error.ts";

/**
 * The billing options (decision 0011): Stripe keys and prices, or the sandbox. Server-only; the plans
 * and point packs themselves are imported from #common/plans.ts, their one home.
 */

/** The days of the free trial a first-time subscriber gets (decision 0011). */
const DEFAULT_TRIAL_DAYS = 7;

/** The Stripe API version every request is pinned to (the one stripe@23.1.0 is typed for). */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API server (tests, stripe-mock): host, port and protocol of the SDK. */
  host?: string;
  port?: number;
  protocol?: "http" | "https";
}

export interface BillingOptions {
  /** The site's origin; return URLs and sandbox pages are built on it and must stay on it. */
  publicUrl: string;
  /** The provider's price id of each paid plan; this is what `users.subscribePlan` holds. */
  prices: Record<PaidPlanId, string>;
  /** Coupons for a first-time subscriber's first paid period (the displayed "$1"), if configured. */
  introCoupons: Partial<Record<PaidPlanId, string>>;
  trialDays: number;
  /** Stripe's keys, or null for the sandbox (local mode only). */
  stripe: StripeOptions | null;
  /** Where the sandbox keeps its state between restarts (a JSON file); memory only when absent. */
  sandboxStateFile?: string;
}

/** The payments sandbox's state, in the data folder (a backup carries it, decision 0038). */
export const SANDBOX_STATE_FILE = "billing-sandbox.json";

/** The price ids the sandbox uses when Stripe is not configured. */
export const SANDBOX_PRICES: Record<PaidPlanId, string> = {
  [ANNUAL_PLAN_ID]: "price_sandbox_annual",
  [MONTHLY_PLAN_ID]: "price_sandbox_monthly",
};

/**
 * The environment keys billing reads; spread into the config schema. Empty values count as unset
 * (server/config.ts drops them before parsing).
 */
export const billingEnvShape = {
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_ANNUAL: z.string().min(1).optional(),
  STRIPE_PRICE_MONTHLY: z.string().min(1).optional(),
  STRIPE_INTRO_COUPON_ANNUAL: z.string().min(1).optional(),
  STRIPE_INTRO_COUPON_MONTHLY: z.string().min(1).optional(),
  /**
   * At least 1 (Stripe allows up to 730): the first-time offer is given once per account because its
   * trial is recorded, and the pricing pages promise the trial (decision 0011).
   */
  STRIPE_TRIAL_DAYS: z.coerce
    .number()
    .int()
    .min(1, {
      message:
        "must be at least 1: the first-time offer (free trial and introductory price) is given once per account by recording its trial, and with 0 days none would be recorded",
    })
    .max(730)
    .default(DEFAULT_TRIAL_DAYS),
  /** Another Stripe API server (stripe-mock, tests); Stripe's own when unset. */
  STRIPE_API_BASE: z.url().optional(),
};

export type BillingEnv = z.infer<z.ZodObject<typeof billingEnvShape>>;

/**
 * Billing options from the parsed environment. Without STRIPE_SECRET_KEY the sandbox runs, but only
 * in local mode (PUBLIC_URL on localhost): a public site refuses to start rather than give plans away.
 */
export function billingOptionsFromEnv(
  env: BillingEnv,
  site: { publicUrl: string; localMode: boolean; dataDir?: string },
): BillingOptions {
  const base = { publicUrl: site.publicUrl.replace(/\/+$/, ""), trialDays: env.STRIPE_TRIAL_DAYS };
  if (!env.STRIPE_SECRET_KEY) {
    if (!site.localMode) {
      throw new ConfigError(
        "STRIPE_SECRET_KEY is required when PUBLIC_URL is not localhost (the payments sandbox runs only in local mode)",
      );
    }
    return {
      ...base,
      prices: { ...SANDBOX_PRICES },
      introCoupons: {},
      stripe: null,
      ...(site.dataDir ? { sandboxStateFile: `${site.dataDir.replace(/\/+$/, "")}/${SANDBOX_STATE_FILE}` } : {}),
    };
  }
  const missing = (["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ANNUAL", "STRIPE_PRICE_MONTHLY"] as const).filter((key) => !env[key]);
  if (missing.length > 0) throw new ConfigError(`${missing.join(", ")} must be set with STRIPE_SECRET_KEY`);
  const api = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return {
    ...base,
    prices: { [ANNUAL_PLAN_ID]: env.STRIPE_PRICE_ANNUAL as string, [MONTHLY_PLAN_ID]: env.STRIPE_PRICE_MONTHLY as string },
    introCoupons: {
      ...(env.STRIPE_INTRO_COUPON_ANNUAL ? { [ANNUAL_PLAN_ID]: env.STRIPE_INTRO_COUPON_ANNUAL } : {}),
      ...(env.STRIPE_INTRO_COUPON_MONTHLY ? { [MONTHLY_PLAN_ID]: env.STRIPE_INTRO_COUPON_MONTHLY } : {}),
    },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
      ...(api
        ? {
            host: api.hostname,
            protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
            port: api.port ? Number(api.port) : api.protocol === "http:" ? 80 : 443,
          }
        : {}),
    },
  };
}

/** The plan a provider price id belongs to, or null for a price this site does not sell. */
export function planForPrice(options: Pick<BillingOptions, "prices">, priceId: string): PaidPlanId | null {
  if (priceId === options.prices[ANNUAL_PLAN_ID]) return ANNUAL_PLAN_ID;
  if (priceId === options.prices[MONTHLY_PLAN_ID]) return MONTHLY_PLAN_ID;
  return null;
}

/** The plan a provider subscription is on: by its price, else by the plan id its checkout put in its metadata, else free. */
export function planOfSubscription(
  options: Pick<BillingOptions, "prices">,
  subscription: { priceId: string; planId: number | null },
): number {
  return planForPrice(options, subscription.priceId) ?? subscription.planId ?? FREE_PLAN_ID;
}
