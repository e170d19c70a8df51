import { and, count, eq } from "drizzle-orm";
import type { AccountSummary } from "#common/account.ts";
import { AppError } from "#common/errors.ts";
import { FREE_PLAN_ID } from "#common/plans.ts";
import { currentSubscription } from "#server/billing/current-subscription.ts";
import type { AppContext } from "#server/context.ts";
import { favorites, packs, stickers, users } from "#server/db/schema.ts";

/** The word an account without an e-mail address types to confirm its deletion. */
export const DELETE_WORD = "DELETE";

/** What the user must type to confirm: their address (any case, spaces around it ignored), else DELETE_WORD. */
export function confirmationOf(email: string | null): string {
  return email ?? DELETE_WORD;
}

export function confirms(typed: string, email: string | null): boolean {
  return typed.trim().toLowerCase() === confirmationOf(email).toLowerCase();
}

/** `GET /api/account/summary`: the counts the deletion dialog names. */
export async function summarizeAccount(app: AppContext, userId: number): Promise<AccountSummary> {
  const db = app.database.db;
  const [user] = await db
    .select({ email: users.email, point: users.point })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.deleted, false)));
  if (!user) throw new AppError("AUTH_ERROR");
  const [[made], [packed], [held], subscription] = await Promise.all([
    db.select({ n: count() }).from(stickers).where(eq(stickers.ownerId, userId)),
    db.select({ n: count() }).from(packs).where(eq(packs.ownerId, userId)),
    db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)),
    currentSubscription(app, userId),
  ]);
  return {
    email: user.email,
    confirmation: confirmationOf(user.email),
    stickers: made?.n ?? 0,
    packs: packed?.n ?? 0,
    favorites: held?.n ?? 0,
    points: user.point,
    plan:
      subscription.planId === FREE_PLAN_ID
        ? null
        : {
            planId: subscription.planId,
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          },
  };
}
