import { and, desc, eq } from "drizzle-orm";
import { trades } from "../db/schema.ts";
import type { BillingContext } from "./billing-context.ts";

/** GET /api/user/trialedTrade: the trial trade's status ("trialing", "converted", "ended"), or "none". */
export async function trialedTrade(app: BillingContext, userId: number): Promise<{ status: string }> {
  const [trade] = await app.database.db
    .select({ status: trades.status })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.kind, "trial")))
    .orderBy(desc(trades.createdAt), desc(trades.id))
    .limit(1);
  return { status: trade?.status ?? "none" };
}
