/**
 * Plans and point packs (spec §9). Amounts live here and nowhere else: the pricing page, the
 * checkout and the tests read them from this file (server/billing/billing-options.ts adds the server's billing options).
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

/** The pricing page's user type (spec §4; "trail" is the spec's spelling). */
export const USER_TYPES = ["trail", "formal", "other"] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * The amount a plan card shows: first-time subscribers (trail) are offered the introductory price
 * after the trial (decision 0011); everyone else sees the regular price.
 */
export function priceShownFor(plan: Plan, userType: UserType): { amount: number; original: number; intro: boolean } {
  if (userType === "trail" && plan.displayAmount !== plan.originalAmount) {
    return { amount: plan.displayAmount, original: plan.originalAmount, intro: true };
  }
  return { amount: plan.originalAmount, original: plan.originalAmount, intro: false };
}

/** Subscription statuses of spec §3; only trialing and active grant membership. */
export const SUBSCRIPTION_STATUSES = [
  "trialing",
  "active",
  "incomplete",
  "incomplete_expired",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;

export type { SubscriptionView } from "./api/billing.ts";
