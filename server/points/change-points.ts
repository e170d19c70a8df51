import { eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { pointsLedger, users } from "../db/schema.ts";
import { countPointsChange } from "../metrics/metrics.ts";

/** The database handle or an open transaction (a change inside a larger one becomes a savepoint). */
export type DbOrTx = Pick<Db, "select" | "insert" | "update" | "transaction">;

export interface PointsChange {
  userId: number;
  /** Positive credits, negative debits; never 0. */
  delta: number;
  /** Why, in a word or two: "signup", "invite", "generate"… */
  reason: string;
  /** The same key never changes a balance twice ("signup:42", "invite:7:inviter"). */
  idempotencyKey: string;
}

export interface PointsResult {
  /** False when the key was seen before: nothing changed this time. */
  applied: boolean;
  /** The user's balance after this call. */
  balance: number;
  entryId: number;
}

/**
 * The only way a points balance changes (ARCHITECTURE "Boundaries"): one transaction that locks the
 * user row, writes a ledger row under a unique idempotency key, and never lets the balance go below 0
 * (NOT_ENOUGH_POINTS). Parallel calls with one key apply once; parallel debits queue on the row lock.
 */
export async function changePoints(db: DbOrTx, change: PointsChange): Promise<PointsResult> {
  if (!Number.isInteger(change.delta) || change.delta === 0) throw new Error(`bad points delta ${change.delta}`);
  const result = await writeChange(db, change);
  // Counted when written (decision 0020): an enclosing transaction that later rolls back still counts.
  if (result.applied) countPointsChange(change.delta, change.reason);
  return result;
}

function writeChange(db: DbOrTx, change: PointsChange): Promise<PointsResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ point: users.point }).from(users).where(eq(users.id, change.userId)).for("update");
    if (!user) throw new AppError("NOT_FOUND", `no user ${change.userId}`);

    // Read after the lock: a parallel call with this key has committed by now, or never will.
    const [seen] = await tx
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, change.idempotencyKey));
    if (seen) return { applied: false, balance: user.point, entryId: seen.id };

    const balance = user.point + change.delta;
    if (balance < 0) throw new AppError("NOT_ENOUGH_POINTS");
    const [entry] = await tx
      .insert(pointsLedger)
      .values({ ...change, balanceAfter: balance })
      .onConflictDoNothing({ target: pointsLedger.idempotencyKey })
      .returning({ id: pointsLedger.id });
    if (!entry) {
      // The key was used for another user's change that committed meanwhile: still nothing to apply.
      const [other] = await tx
        .select({ id: pointsLedger.id })
        .from(pointsLedger)
        .where(eq(pointsLedger.idempotencyKey, change.idempotencyKey));
      return { applied: false, balance: user.point, entryId: other?.id ?? 0 };
    }
    await tx
      .update(users)
      .set({ point: sql`${users.point} + ${change.delta}`, updatedAt: new Date() })
      .where(eq(users.id, change.userId));
    return { applied: true, balance, entryId: entry.id };
  });
}
