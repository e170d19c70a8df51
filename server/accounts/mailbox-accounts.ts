import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

/** The sign-up transaction, or any that reads accounts by mailbox. */
export type MailboxTx = Pick<Db, "select" | "execute">;

/**
 * Queues sign-ups of one mailbox (decisions 0016, 0035): a transaction-scoped advisory lock on it, so
 * of two accounts of one mailbox made at once the later one sees the earlier, committed. Taking it
 * twice in one transaction is harmless.
 */
export async function lockMailbox(tx: MailboxTx, mailbox: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mailbox:${mailbox}`}))`);
}

/** Whether an account other than `userId` has this mailbox (deleted or banned ones included). */
export async function mailboxHasOtherAccount(tx: MailboxTx, mailbox: string, userId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mailbox, mailbox), ne(users.id, userId)))
    .limit(1);
  return other !== undefined;
}
