import type { SUBSCRIPTION_STATUSES, UserType } from "#common/plans.ts";

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Only a trialing or active subscription makes a member (spec §3, §4). */
export function grantsMembership(status: SubscriptionStatus | null | undefined): boolean {
  return status === "trialing" || status === "active";
}

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
