import { createHash } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { deletedMailboxes, users } from "../db/schema.ts";

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

/**
 * How a deleted account's mailbox is remembered (decision 0037): a SHA-256 of it, never the address,
 * so the row answers "had this mailbox an account before?" only to someone who already knows it.
 */
export function deletedMailboxHash(mailbox: string): string {
  return createHash("sha256").update(`sticker-studio deleted mailbox\n${mailbox}`).digest("hex");
}

/**
 * Whether an account other than `userId` has this mailbox (banned ones included), or had it before it
 * was deleted (`deleted_mailboxes`, decision 0037).
 */
export async function mailboxHasOtherAccount(tx: MailboxTx, mailbox: string, userId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.mailbox, mailbox), ne(users.id, userId)))
    .limit(1);
  if (other) return true;
  const [deleted] = await tx
    .select({ hash: deletedMailboxes.mailboxHash })
    .from(deletedMailboxes)
    .where(eq(deletedMailboxes.mailboxHash, deletedMailboxHash(mailbox)))
    .limit(1);
  return deleted !== undefined;
}
