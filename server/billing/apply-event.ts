import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { paymentEvents, subscriptions, trades, users } from "../db/schema.ts";
import { changePoints } from "../points/change-points.ts";
import type { BillingContext } from "./billing-context.ts";
import { type BillingEvent, HANDLED_EVENT_TYPES, type ProviderSubscription } from "./billing-provider.ts";
import { grantsMembership, type SubscriptionStatus } from "./membership.ts";
import { packById, planForPrice } from "./plans.ts";

/** A transaction of the app's database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ApplyOutcome = "applied" | "duplicate" | "ignored";

export interface ApplyResult {
  outcome: ApplyOutcome;
  userId: number | null;
}

const handled = new Set<string>(HANDLED_EVENT_TYPES);

/**
 * The one place billing state changes after a payment-provider event. Idempotent by event id (a
 * payment_events row written in the same transaction as the change); the state itself is re-fetched
 * from the provider under the user's row lock rather than read from the payload, so any number of
 * deliveries in any order leave the state the provider has now.
 */
export async function applyBillingEvent(ctx: BillingContext, event: BillingEvent): Promise<ApplyResult> {
  const db = ctx.database.db;
  const [seen] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  if (seen) return { outcome: "duplicate", userId: null };

  if (!handled.has(event.type)) return recordIgnored(ctx, event, "unhandled type");
  const userId = await resolveUser(ctx, event);
  if (userId === null) return recordIgnored(ctx, event, "no user for this object");

  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) {
      await tx.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
      return { outcome: "ignored" as const, userId };
    }
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.eventId });
    if (!fresh) return { outcome: "duplicate" as const, userId };

    const { provider } = ctx.billing;
    if (event.type.startsWith("checkout.session.")) {
      const session = await provider.retrieveCheckout(event.objectId);
      if (session.mode === "subscription" && session.subscriptionId) {
        await syncSubscription(tx, ctx, userId, await provider.retrieveSubscription(session.subscriptionId));
      } else if (session.mode === "payment" && session.status === "complete" && session.paymentStatus === "paid") {
        await creditPack(tx, ctx, userId, session);
      }
    } else if (event.type.startsWith("customer.subscription.")) {
      await syncSubscription(tx, ctx, userId, await provider.retrieveSubscription(event.objectId));
    } else if (event.type.startsWith("invoice.")) {
      const invoice = await provider.retrieveInvoice(event.objectId);
      if (invoice.subscriptionId) {
        const subscription = await provider.retrieveSubscription(invoice.subscriptionId);
        await syncSubscription(tx, ctx, userId, subscription);
        if (invoice.amountDue > 0 || invoice.amountPaid > 0) {
          const values = {
            status: invoice.status,
            amountCents: invoice.status === "paid" ? invoice.amountPaid : invoice.amountDue,
            currency: invoice.currency,
          };
          await tx
            .insert(trades)
            .values({
              userId,
              kind: "subscription",
              planId: planIdOf(ctx, subscription),
              providerRef: `invoice:${invoice.id}`,
              ...values,
            })
            .onConflictDoUpdate({ target: trades.providerRef, set: values });
        }
      }
    }
    return { outcome: "applied" as const, userId };
  });
}

async function recordIgnored(ctx: BillingContext, event: BillingEvent, why: string): Promise<ApplyResult> {
  await ctx.database.db.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
  if (handled.has(event.type))
    ctx.log.warn({ eventId: event.id, type: event.type, objectId: event.objectId }, `billing event ignored: ${why}`);
  return { outcome: "ignored", userId: null };
}

/** Whose state an event changes: our own row first, else the metadata the checkout set at the provider. */
async function resolveUser(ctx: BillingContext, event: BillingEvent): Promise<number | null> {
  const { provider } = ctx.billing;
  if (event.type.startsWith("checkout.session.")) return (await provider.retrieveCheckout(event.objectId)).userId;
  let subscriptionId = event.objectId;
  if (event.type.startsWith("invoice.")) {
    const invoice = await provider.retrieveInvoice(event.objectId);
    if (!invoice.subscriptionId) return null;
    subscriptionId = invoice.subscriptionId;
  }
  const [row] = await ctx.database.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider.name), eq(subscriptions.providerSubscriptionId, subscriptionId)));
  if (row) return row.userId;
  return (await provider.retrieveSubscription(subscriptionId)).userId;
}

/** Locks the user's row for the rest of the transaction; false when there is no such user. */
export async function lockUser(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return row !== undefined;
}

function planIdOf(ctx: BillingContext, subscription: ProviderSubscription): number {
  return planForPrice(ctx.billing.options, subscription.priceId) ?? subscription.planId ?? 0;
}

function trialTradeStatus(status: SubscriptionStatus): string {
  if (status === "trialing") return "trialing";
  if (status === "active" || status === "past_due" || status === "unpaid") return "converted";
  return "ended";
}

/**
 * Writes the provider's state of one subscription (call with the user's row locked): the
 * subscriptions row, the trial trade when it started with a trial, and users.subscribePlan.
 */
export async function syncSubscription(
  tx: Tx,
  ctx: BillingContext,
  userId: number,
  subscription: ProviderSubscription,
): Promise<void> {
  const provider = ctx.billing.provider.name;
  const planId = planIdOf(ctx, subscription);
  const state = {
    providerCustomerId: subscription.customerId,
    planId,
    priceId: subscription.priceId,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    updatedAt: new Date(),
  };
  await tx
    .insert(subscriptions)
    .values({ userId, provider, providerSubscriptionId: subscription.id, ...state })
    .onConflictDoUpdate({ target: [subscriptions.provider, subscriptions.providerSubscriptionId], set: state });

  if (subscription.trialStart) {
    const status = trialTradeStatus(subscription.status);
    await tx
      .insert(trades)
      .values({ userId, kind: "trial", planId, providerRef: `trial:${subscription.id}`, status, amountCents: 0 })
      .onConflictDoUpdate({ target: trades.providerRef, set: { status } });
  }
  await refreshSubscribePlan(tx, userId);
}

/** users.subscribePlan = the price of the user's newest subscription that grants membership, else "". */
export async function refreshSubscribePlan(tx: Tx, userId: number): Promise<string> {
  const [member] = await tx
    .select({ priceId: subscriptions.priceId, status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["trialing", "active"])))
    .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
    .limit(1);
  const plan = member && grantsMembership(member.status) ? member.priceId : "";
  await tx.update(users).set({ subscribePlan: plan, updatedAt: new Date() }).where(eq(users.id, userId));
  return plan;
}

/** A paid point pack: a points trade and the credit, both keyed by the checkout session, so once only. */
async function creditPack(
  tx: Tx,
  ctx: BillingContext,
  userId: number,
  session: { id: string; packId: string | null; amountTotal: number; currency: string },
): Promise<void> {
  const pack = session.packId ? packById(session.packId) : undefined;
  if (!pack) {
    ctx.log.error({ sessionId: session.id, packId: session.packId }, "paid checkout for an unknown point pack");
    return;
  }
  await tx
    .insert(trades)
    .values({
      userId,
      kind: "points",
      providerRef: `checkout:${session.id}`,
      status: "paid",
      amountCents: session.amountTotal,
      currency: session.currency,
    })
    .onConflictDoNothing({ target: trades.providerRef });
  await changePoints(tx, { userId, delta: pack.points, reason: "pack", idempotencyKey: `pack:${session.id}` });
}
