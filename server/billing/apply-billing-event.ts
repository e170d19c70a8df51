import { and, eq, inArray } from "drizzle-orm";
import { isAppError } from "#common/errors.ts";
import { FREE_PLAN_ID, packById } from "#common/plans.ts";
import { paymentEvents, subscriptions, trades, users } from "../db/schema.ts";
import { changePoints } from "../points/change-points.ts";
import type { BillingContext } from "./billing-context.ts";
import { planOfSubscription } from "./billing-options.ts";
import { type BillingEvent, HANDLED_EVENT_TYPES, type ProviderCheckout } from "./billing-provider.ts";
import { subscribe } from "./subscribe.ts";
import { syncSubscription } from "./sync-subscription.ts";
import { lockUser, type Tx } from "./user-lock.ts";

export type ApplyOutcome = "applied" | "duplicate" | "ignored";

export interface ApplyResult {
  outcome: ApplyOutcome;
  userId: number | null;
}

const handled = new Set<string>(HANDLED_EVENT_TYPES);

/**
 * The one place billing state changes after a payment-provider event. Idempotent by event id (a
 * payment_events row written in the same transaction as the change). A subscription or invoice is
 * re-fetched from the provider under the user's row lock rather than read from the payload, so any
 * number of deliveries in any order leave the state the provider has now (decision 0011). A checkout
 * is read once, before the lock: what it sold and whether it is paid never go back.
 */
export async function applyBillingEvent(ctx: BillingContext, event: BillingEvent): Promise<ApplyResult> {
  const db = ctx.database.db;
  const [seen] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  if (seen) return { outcome: "duplicate", userId: null };

  if (!handled.has(event.type)) return recordIgnored(ctx, event, "unhandled type");
  const checkout = event.type.startsWith("checkout.session.")
    ? await ctx.billing.provider.retrieveCheckout(event.objectId)
    : null;
  const userId = checkout ? checkout.userId : await subscriberOf(ctx, event);
  if (userId === null) return recordIgnored(ctx, event, "no user for this object");

  const result = await db.transaction(async (tx) => {
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

    if (checkout) await applyCheckout(tx, ctx, userId, checkout);
    else if (event.type.startsWith("customer.subscription.")) {
      await syncSubscription(tx, ctx, userId, await ctx.billing.provider.retrieveSubscription(event.objectId));
    } else if (event.type.startsWith("invoice.")) await applyInvoice(tx, ctx, userId, event.objectId);
    return { outcome: "applied" as const, userId };
  });
  if (result.outcome === "applied") await endPlanOfDeletedAccount(ctx, userId);
  return result;
}

/**
 * A deleted account is never charged again (decision 0037): a plan that starts on one (a checkout opened
 * before the deletion and paid after it) is cancelled at period end at once, through the same path as
 * choosing the free plan. Like the ban's, a provider failure is logged for a person to finish by hand.
 */
async function endPlanOfDeletedAccount(ctx: BillingContext, userId: number): Promise<void> {
  const db = ctx.database.db;
  const [user] = await db.select({ deleted: users.deleted }).from(users).where(eq(users.id, userId));
  if (!user?.deleted) return;
  const [renewing] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ["trialing", "active"]),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  if (!renewing) return;
  try {
    await subscribe(ctx, userId, { plan: FREE_PLAN_ID });
  } catch (error) {
    if (isAppError(error, "ALREADY_FREE")) return;
    ctx.log.error({ err: error, userId }, "deleted account's new plan not cancelled: cancel it by hand");
  }
}

async function recordIgnored(ctx: BillingContext, event: BillingEvent, why: string): Promise<ApplyResult> {
  await ctx.database.db.insert(paymentEvents).values({ eventId: event.id, type: event.type }).onConflictDoNothing();
  if (handled.has(event.type))
    ctx.log.warn({ eventId: event.id, type: event.type, objectId: event.objectId }, `billing event ignored: ${why}`);
  return { outcome: "ignored", userId: null };
}

/** Whose subscription or invoice an event is about: our own row first, else the metadata the checkout set at the provider. */
async function subscriberOf(ctx: BillingContext, event: BillingEvent): Promise<number | null> {
  const { provider } = ctx.billing;
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

/** A checkout's event (row locked): its subscription re-fetched and written, or its paid point pack credited. */
async function applyCheckout(tx: Tx, ctx: BillingContext, userId: number, checkout: ProviderCheckout): Promise<void> {
  if (checkout.mode === "subscription" && checkout.subscriptionId) {
    await syncSubscription(tx, ctx, userId, await ctx.billing.provider.retrieveSubscription(checkout.subscriptionId));
  } else if (checkout.mode === "payment" && checkout.status === "complete" && checkout.paymentStatus === "paid") {
    await creditPack(tx, ctx, userId, checkout);
  }
}

/** An invoice's event (row locked): the invoice and its subscription re-fetched; a non-zero invoice is a trade. */
async function applyInvoice(tx: Tx, ctx: BillingContext, userId: number, invoiceId: string): Promise<void> {
  const { provider } = ctx.billing;
  const invoice = await provider.retrieveInvoice(invoiceId);
  if (!invoice.subscriptionId) return;
  const subscription = await provider.retrieveSubscription(invoice.subscriptionId);
  await syncSubscription(tx, ctx, userId, subscription);
  if (invoice.amountDue === 0 && invoice.amountPaid === 0) return;
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
      planId: planOfSubscription(ctx.billing.options, subscription),
      providerRef: `invoice:${invoice.id}`,
      ...values,
    })
    .onConflictDoUpdate({ target: trades.providerRef, set: values });
}

/** A paid point pack: a points trade and the credit, both keyed by the checkout session, so once only. */
async function creditPack(tx: Tx, ctx: BillingContext, userId: number, checkout: ProviderCheckout): Promise<void> {
  const pack = checkout.packId ? packById(checkout.packId) : undefined;
  if (!pack) {
    ctx.log.error({ sessionId: checkout.id, packId: checkout.packId }, "paid checkout for an unknown point pack");
    return;
  }
  await tx
    .insert(trades)
    .values({
      userId,
      kind: "points",
      providerRef: `checkout:${checkout.id}`,
      status: "paid",
      amountCents: checkout.amountTotal,
      currency: checkout.currency,
    })
    .onConflictDoNothing({ target: trades.providerRef });
  await changePoints(tx, { userId, delta: pack.points, reason: "pack", idempotencyKey: `pack:${checkout.id}` });
  const [user] = await tx.select({ deleted: users.deleted }).from(users).where(eq(users.id, userId));
  // Paid after the account was deleted (decision 0037): kept as a payment record, refunded by a person.
  if (user?.deleted) ctx.log.warn({ userId, sessionId: checkout.id }, "point pack paid for a deleted account: refund it by hand");
}
