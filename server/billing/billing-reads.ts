import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions, trades } from "../db/schema.ts";
import type { BillingProvider } from "./billing-provider.ts";

/** The database, or a transaction of it: both read. */
type Reader = Pick<Db, "select">;

/** The condition "the user's subscriptions at this provider", narrowed by any further conditions. */
export function subscriptionsOf(provider: Pick<BillingProvider, "name">, userId: number, ...more: SQL[]): SQL | undefined {
  return and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider.name), ...more);
}

/** Whether the user ever had a free trial (a trial trade): a "trail" user has not (spec §4). */
export async function hasTrialTrade(db: Reader, userId: number): Promise<boolean> {
  const [trade] = await db
    .select({ id: trades.id })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.kind, "trial")))
    .limit(1);
  return trade !== undefined;
}

/** The provider customer of the user's newest subscription (any status), or null when they never had one. */
export async function knownCustomerId(
  db: Reader,
  provider: Pick<BillingProvider, "name">,
  userId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.providerCustomerId })
    .from(subscriptions)
    .where(subscriptionsOf(provider, userId, isNotNull(subscriptions.providerCustomerId)))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  return row?.customerId ?? null;
}
