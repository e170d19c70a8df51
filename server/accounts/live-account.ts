import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/**
 * Holds the user's row (FOR SHARE) for the rest of a transaction that writes something of theirs, and
 * answers AUTH_ERROR when the account is deleted. A request already past its session check when the
 * account's deletion commits then waits for it and writes nothing (decision 0037); the deletion, which
 * locks the row first, never waits for such a write.
 */
export async function holdLiveAccount(tx: Pick<Db, "select">, userId: number): Promise<void> {
  const [user] = await tx.select({ deleted: users.deleted }).from(users).where(eq(users.id, userId)).for("share");
  if (!user || user.deleted) throw new AppError("AUTH_ERROR");
}
