import { and, eq, lte, ne, type SQL, sql } from "drizzle-orm";
import { STANDING_MIN_ACCOUNT_HOURS, STANDING_MIN_STICKERS } from "#common/moderation.ts";
import { users } from "../db/schema.ts";
import type { DbOrTx } from "./staff.ts";

/**
 * Who counts toward hiding a sticker by reports and toward explore's rule (decision 0035): people, not
 * accounts. These conditions apply to a query with `users` joined as the reporter or the favouriter.
 */

/** The person behind an account: its mailbox (decision 0016), or the account itself when it has none. */
export const personOfUser: SQL<string> = sql<string>`coalesce(${users.mailbox}, 'account:' || ${users.id}::text)`;

/**
 * An account with standing at `now`: not banned, at least STANDING_MIN_ACCOUNT_HOURS old, and with at
 * least STANDING_MIN_STICKERS stickers made (a sticker costs points or a plan, so standing costs
 * something a throw-away account does not have; decision 0035).
 */
export function hasStanding(now: Date): SQL {
  const bornBy = new Date(now.getTime() - STANDING_MIN_ACCOUNT_HOURS * 3600_000);
  const made = sql`(select count(*) from (select 1 from stickers made where made.owner_id = ${users.id} limit ${sql.raw(String(STANDING_MIN_STICKERS))}) enough)`;
  return and(
    sql`${users.bannedAt} is null`,
    lte(users.createdAt, bornBy),
    sql`${made} >= ${sql.raw(String(STANDING_MIN_STICKERS))}`,
  ) as SQL;
}

/** A sticker's owner as a person: their account and mailbox (null for the seeded gallery's stickers). */
export interface OwnerPerson {
  userId: number;
  mailbox: string | null;
}

export async function ownerPersonOf(tx: DbOrTx, ownerId: number | null): Promise<OwnerPerson | null> {
  if (ownerId === null) return null;
  const [row] = await tx.select({ mailbox: users.mailbox }).from(users).where(eq(users.id, ownerId));
  return { userId: ownerId, mailbox: row?.mailbox ?? null };
}

/** Not the owner's account, nor any other account of the owner's mailbox. */
export function notTheOwner(owner: OwnerPerson | null): SQL {
  if (owner === null) return sql`true`;
  const notAccount = ne(users.id, owner.userId);
  return (owner.mailbox === null ? notAccount : and(notAccount, sql`${personOfUser} <> ${owner.mailbox}`)) as SQL;
}
