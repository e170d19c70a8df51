import { z } from "zod";
import { POINT_PACKS, SUBSCRIPTION_STATUSES, USER_TYPES } from "../plans.ts";
import { declareCall } from "./declare-call.ts";

/** A return page on this site: a path ("/pricing") or an absolute URL on PUBLIC_URL. */
const returnPage = z.string().trim().max(2000).optional();

/** The caller's subscription as the pricing page reads it (GET /api/user/subscribe). */
const subscriptionView = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).nullable().describe("The subscription's status (spec §3); null when never subscribed."),
  planId: z.number().describe("0 free, 1 annual, 2 monthly: the plan that grants membership now."),
  priceId: z.string().describe("The plan's price id (what `subscribePlan` holds), or empty."),
  cancelAtPeriodEnd: z.boolean().describe("A cancel is pending: the plan ends at currentPeriodEnd."),
  currentPeriodEnd: z.string().nullable().describe("ISO time the current period (or trial) ends."),
  userType: z.enum(USER_TYPES).describe("The pricing page's user type (spec §4): trail, formal or other."),
});
export type SubscriptionView = z.output<typeof subscriptionView>;

/** Plans, point packs, the billing portal and the subscription reads (spec §4, §7). */
export const billingCalls = {
  subscribe: declareCall({
    method: "POST",
    path: "/api/subscribe",
    summary:
      "Chooses a plan: 0 free (cancels at the end of the period), 1 annual, 2 monthly. Answers `success`, `fail`, or a checkout URL to open (a first-time subscriber gets the free trial and the introductory price). A user with no plan choosing free is ALREADY_FREE; the current plan again is PLAN_UNCHANGED unless a cancel is pending, which it undoes.",
    tag: "billing",
    access: "user",
    input: z.object({
      plan: z.coerce.number().int().min(0).max(2),
      successPage: returnPage,
      errorPage: returnPage,
    }),
    output: z.string(),
  }),

  // Spec §7 names both reads; they answer the same subscription.
  currentPlan: declareCall({
    method: "GET",
    path: "/api/subscribe",
    summary: "The caller's subscription as last synced from the payment provider, with the pricing page's user type.",
    tag: "billing",
    access: "user",
    input: z.object({}),
    output: subscriptionView,
  }),

  subscription: declareCall({
    method: "GET",
    path: "/api/user/subscribe",
    summary: "The caller's subscription status (spec §7), with the same fields as GET /api/subscribe.",
    tag: "billing",
    access: "user",
    input: z.object({}),
    output: subscriptionView,
  }),

  trial: declareCall({
    method: "GET",
    path: "/api/user/trialedTrade",
    summary: "The caller's free-trial trade: status trialing, converted or ended, or none when they never had a trial.",
    tag: "billing",
    access: "user",
    input: z.object({}),
    output: z.object({ status: z.string().describe("none, trialing, converted or ended") }),
  }),

  portal: declareCall({
    method: "POST",
    path: "/api/billingportal",
    summary:
      "The payment provider's billing portal for the caller (change plan, cancel, invoices, payment method), returning to returnUrl on this site. NO_SUBSCRIPTION when they never subscribed.",
    tag: "billing",
    access: "user",
    input: z.object({ returnUrl: returnPage }),
    output: z.string(),
  }),

  buyPoints: declareCall({
    method: "POST",
    path: "/api/recharge",
    summary: `Buys a point pack (free users only; members get POINTS_FOR_FREE_USERS): answers the checkout URL. The points are credited once, when the provider reports the payment. Packs: ${POINT_PACKS.map((pack) => `${pack.id} (${pack.points} points, ${pack.amountCents / 100} USD)`).join(", ")}.`,
    tag: "billing",
    access: "user",
    input: z.object({
      packId: z.enum(POINT_PACKS.map((pack) => pack.id) as [string, ...string[]]),
      successPage: returnPage,
      errorPage: returnPage,
    }),
    output: z.string(),
  }),
};
