import type { SubscriptionView } from "#common/plans.ts";
import type { CurrentSubscription } from "./current-subscription.ts";

/** The subscription as the page and the API carry it (JSON: the period end as an ISO string). */
export function subscriptionView(
  value: CurrentSubscription,
): Omit<CurrentSubscription, "currentPeriodEnd"> & Pick<SubscriptionView, "currentPeriodEnd"> {
  return { ...value, currentPeriodEnd: value.currentPeriodEnd?.toISOString() ?? null };
}
