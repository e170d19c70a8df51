import { z } from "zod";

/**
 * Plans, point packs and the billing options (spec §9). Amounts live here and nowhere else: the
 * pricing page, the checkout and the tests read them from this file.
 */
export const FREE_PLAN_ID = 0;
export const ANNUAL_PLAN_ID = 1;
export const MONTHLY_PLAN_ID = 2;

export type PlanId = typeof FREE_PLAN_ID | typeof ANNUAL_PLAN_ID | typeof MONTHLY_PLAN_ID;
export type PaidPlanId = typeof ANNUAL_PLAN_ID | typeof MONTHLY_PLAN_ID;

export interface Plan {
  id: PlanId;
  /** The card's name on the pricing page (spec §2: free, popular, basic). */
  key: "free" | "popular" | "basic";
  interval: "year" | "month" | null;
  /** Dollars per month shown on the card for a first-time subscriber (the introductory offer). */
  displayAmount: number;
  /** Dollars per month at the regular price (struck through next to the display amount). */
  originalAmount: number;
  /** What one regular billing period costs, in cents (annual: 12 × 6.99). */
  periodAmountCents: number;
  /** What the first paid period costs a first-time subscriber, in cents (display amount per month). */
  introPeriodAmountCents: number;
}

export const PLANS: readonly Plan[] = [
  {
    id: FREE_PLAN_ID,
    key: "free",
    interval: null,
    displayAmount: 0,
    originalAmount: 0,
    periodAmountCents: 0,
    introPeriodAmountCents: 0,
  },
  {
    id: ANNUAL_PLAN_ID,
    key: "popular",
    interval: "year",
    displayAmount: 1,
    originalAmount: 6.99,
    periodAmountCents: 8388,
    introPeriodAmountCents: 1200,
  },
  {
    id: MONTHLY_PLAN_ID,
    key: "basic",
    interval: "month",
    displayAmount: 1,
    originalAmount: 9.99,
    periodAmountCents: 999,
    introPeriodAmountCents: 100,
  },
];

export function planById(id: number): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

export function isPaidPlanId(id: number): id is PaidPlanId {
  return id === ANNUAL_PLAN_ID || id === MONTHLY_PLAN_ID;
}

/** Point packs free users can buy (members create within their daily limit instead). */
export interface PointPack {
  id: string;
  points: number;
  amountCents: number;
  currency: "usd";
}

export const POINT_PACKS: readonly PointPack[] = [
  { id: "points-50", points: 50, amountCents: 499, currency: "usd" },
  { id: "points-120", points: 120, amountCents: 999, currency: "usd" },
  { id: "points-300", points: 300, amountCents: 1999, currency: "usd" },
];

export function packById(id: string): PointPack | undefined {
  return POINT_PACKS.find((pack) => pack.id === id);
}

/** The days of the free trial a first-time subscriber gets (decision 0011). */
export const DEFAULT_TRIAL_DAYS = 7;

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
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(DEFAULT_TRIAL_DAYS),
  /** Another Stripe API server (stripe-mock, tests); Stripe's own when unset. */
  STRIPE_API_BASE: z.url().optional(),
};

export type BillingEnv = z.infer<z.ZodObject<typeof billingEnvShape>>;

export class BillingConfigError extends Error {
  override name = "BillingConfigError";
}

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
      throw new BillingConfigError(
        "STRIPE_SECRET_KEY is required when PUBLIC_URL is not localhost (the payments sandbox runs only in local mode)",
      );
    }
    return {
      ...base,
      prices: { ...SANDBOX_PRICES },
      introCoupons: {},
      stripe: null,
      ...(site.dataDir ? { sandboxStateFile: `${site.dataDir.replace(/\/+$/, "")}/billing-sandbox.json` } : {}),
    };
  }
  const missing = (["STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ANNUAL", "STRIPE_PRICE_MONTHLY"] as const).filter((key) => !env[key]);
  if (missing.length > 0) throw new BillingConfigError(`${missing.join(", ")} must be set with STRIPE_SECRET_KEY`);
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
