import { eq } from "drizzle-orm";
import type { StaffRole } from "#common/moderation.ts";
import { normalizeEmail } from "../accounts/email-user.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/**
 * Gives the user of this e-mail address a staff role, or takes it away (`none`). Only
 * `npm run grant-role` calls this: no API can grant a role (decision 0031). Returns the
 * user's id, or null when no account has the address.
 */
export async function grantRole(db: Db, o: { email: string; role: StaffRole | "none" }): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ role: o.role === "none" ? null : o.role })
    .where(eq(users.email, normalizeEmail(o.email)))
    .returning({ id: users.id });
  return row?.id ?? null;
}
