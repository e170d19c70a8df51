/** Fixtures for the billing tests: users, a billing context on a test app, a comparable state snapshot. */
import { asc, eq } from "drizzle-orm";
import type { BillingContext } from "#server/billing/billing-context.ts";
import type { BillingOptions } from "#server/billing/billing-options.ts";
import { createBilling } from "#server/billing/create-billing.ts";
import { pointsLedger, subscriptions, trades, users } from "#server/db/schema.ts";
import type { TestApp } from "./test-app.ts";

export function billingContext(t: TestApp, options: BillingOptions): BillingContext {
  const deps = { database: t.app.database, log: t.app.log };
  return { ...deps, billing: createBilling(deps, options) };
}

export async function addUser(t: TestApp, email: string): Promise<number> {
  const [row] = await t.app.database.db.insert(users).values({ email }).returning({ id: users.id });
  if (!row) throw new Error("no user row");
  return row.id;
}

/** Everything billing writes for one user, without ids and times, so two users' states compare. */
export async function billingState(t: TestApp, userId: number) {
  const db = t.app.database.db;
  const [user] = await db
    .select({ subscribePlan: users.subscribePlan, point: users.point })
    .from(users)
    .where(eq(users.id, userId));
  const subs = await db
    .select({
      planId: subscriptions.planId,
      priceId: subscriptions.priceId,
      status: subscriptions.status,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      hasPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.id));
  const tradeRows = await db
    .select({ kind: trades.kind, planId: trades.planId, status: trades.status, amountCents: trades.amountCents })
    .from(trades)
    .where(eq(trades.userId, userId))
    .orderBy(asc(trades.kind), asc(trades.status), asc(trades.amountCents));
  const ledger = await db
    .select({ delta: pointsLedger.delta, reason: pointsLedger.reason })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return {
    user,
    subscriptions: subs.map((s) => ({ ...s, hasPeriodEnd: s.hasPeriodEnd !== null })),
    trades: tradeRows,
    ledger,
  };
}

/** Fisher–Yates with a seeded generator, so a failing order can be replayed. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
