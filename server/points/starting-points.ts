import { changePoints, type DbOrTx, type PointsResult } from "./change-points.ts";

/** A new user's starting balance (STARTING_POINTS), granted once whatever retries or races happen. */
export async function grantStartingPoints(db: DbOrTx, userId: number, amount: number): Promise<PointsResult | null> {
  if (amount <= 0) return null;
  return changePoints(db, { userId, delta: amount, reason: "signup", idempotencyKey: `signup:${userId}` });
}
