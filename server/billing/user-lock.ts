import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** A transaction of the app's database (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Locks the user's row for the rest of the transaction (`select … for update`): every billing change
 * of one user runs under it, one after the other. False when there is no such user.
 */
export async function lockUser(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return row !== undefined;
}

/** Locks the user's row and reads what billing needs of it; NOT_FOUND when there is no such user. */
export async function lockedUser(tx: Tx, userId: number): Promise<{ email: string | null; subscribePlan: string }> {
  if (!(await lockUser(tx, userId))) throw new AppError("NOT_FOUND", `no user ${userId}`);
  const [user] = await tx
    .select({ email: users.email, subscribePlan: users.subscribePlan })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", `no user ${userId}`);
  return user;
}
