import { desc, inArray } from "drizzle-orm";
import { FREE_PLAN_ID, type UserType } from "#common/plans.ts";
import { subscriptions } from "../db/schema.ts";
import type { BillingContext } from "./billing-context.ts";
import { hasTrialTrade, subscriptionsOf } from "./billing-reads.ts";
import { grantsMembership, type SubscriptionStatus, userTypeFor } from "./membership.ts";

export interface CurrentSubscription {
  /** The subscription's status (spec §3), or null when the user never subscribed. */
  status: SubscriptionStatus | null;
  /** 0 free, 1 annual, 2 monthly: the plan that grants membership now (0 when none does). */
  planId: number;
  priceId: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  /** The pricing page's user type (spec §4). */
  userType: UserType;
}

/** GET /api/user/subscribe: the user's subscription as last synced (the membership one first). */
export async function currentSubscription(app: BillingContext, userId: number): Promise<CurrentSubscription> {
  const db = app.database.db;
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(subscriptionsOf(app.billing.provider, userId))
    .orderBy(desc(inArray(subscriptions.status, ["trialing", "active"])), desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  const trial = await hasTrialTrade(db, userId);
  const member = row && grantsMembership(row.status);
  return {
    status: row?.status ?? null,
    planId: member ? row.planId : FREE_PLAN_ID,
    priceId: member ? row.priceId : "",
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    userType: userTypeFor({ hasTrialTrade: trial, status: row?.status ?? null }),
  };
}
