import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { subscriptions, trades } from "../db/schema.ts";
import type { BillingProvider } from "./billing-provider.ts";

/** The database, or a transaction of it: both read. */
type Reader = Pick<Db, "select">;

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
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, provider.name),
        isNotNull(subscriptions.providerCustomerId),
      ),
    )
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  return row?.customerId ?? null;
}
