import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { StaffRole } from "#common/moderation.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** The database handle or an open transaction (moderation changes run in one). */
export type DbOrTx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export interface Staff {
  userId: number;
  role: StaffRole;
}

/** The viewer's staff role (not banned, not deleted), or null for everyone else. */
export async function staffRoleOf(db: DbOrTx, userId: number): Promise<StaffRole | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.role), isNull(users.bannedAt), eq(users.deleted, false)))
    .limit(1);
  return row?.role ?? null;
}

/** Every desk call and page starts here: a moderator or an admin, else NO_PERMISSION (decision 0031). */
export async function requireStaff(db: DbOrTx, userId: number): Promise<Staff> {
  const role = await staffRoleOf(db, userId);
  if (!role) throw new AppError("NO_PERMISSION");
  return { userId, role };
}

/**
 * Whether `actor` may act on what belongs to a user whose role is `targetRole` (decision 0031): anyone
 * on staff may act on plain users; only an admin may act on a moderator; nobody on an admin (an admin
 * loses the role through the script first), and nobody on themselves.
 */
export function mayActOn(actor: Staff, target: { userId: number | null; role: StaffRole | null }): boolean {
  if (target.userId === actor.userId) return false;
  if (target.role === "admin") return false;
  if (target.role === "moderator") return actor.role === "admin";
  return true;
}

/**
 * An e-mail address as this staff member may read it (decision 0035): an admin reads it whole; a
 * moderator reads the first letter and the domain (`d***@example.com`), enough to tell accounts apart
 * on the desk without handing every moderator the users' addresses.
 */
export function emailForStaff(viewer: Pick<Staff, "role">, email: string): string {
  return viewer.role === "admin" ? email : maskEmail(email);
}

/** `dave+1@example.com` → `d***@example.com`; an empty address stays empty. */
export function maskEmail(email: string): string {
  if (email === "") return "";
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${Array.from(email.slice(0, at))[0]}***${email.slice(at)}`;
}
