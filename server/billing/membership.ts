import type { SUBSCRIPTION_STATUSES } from "../db/schema.ts";
import type { Plan } from "./plans.ts";

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Only a trialing or active subscription makes a member (spec §3, §4). */
export function grantsMembership(status: SubscriptionStatus | null | undefined): boolean {
  return status === "trialing" || status === "active";
}

/** The pricing page's user type (spec §4; "trail" is the spec's spelling). */
export type UserType = "trail" | "formal" | "other";

/**
 * trail: never had a trial trade; formal: had one and the subscription is trialing or active;
 * other: had one and the subscription is anything else, or there is none any more.
 */
export function userTypeFor(input: { hasTrialTrade: boolean; status: SubscriptionStatus | null | undefined }): UserType {
  if (!input.hasTrialTrade) return "trail";
  return grantsMembership(input.status) ? "formal" : "other";
}

/** What `users.subscribePlan` holds for a subscription: its price id while it grants membership, else "". */
export function subscribePlanFor(subscription: { status: SubscriptionStatus; priceId: string } | null | undefined): string {
  return subscription && grantsMembership(subscription.status) ? subscription.priceId : "";
}

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
