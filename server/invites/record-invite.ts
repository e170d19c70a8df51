import { eq } from "drizzle-orm";
import { lockMailbox, mailboxHasOtherAccount } from "../accounts/mailbox-accounts.ts";
import type { Db } from "../db/client.ts";
import { invites, users } from "../db/schema.ts";
import { normalizeInviteCode } from "./invite-code.ts";

/** The sign-up transaction (it also takes a lock). */
export type InviteTx = Pick<Db, "select" | "insert" | "update" | "transaction" | "execute">;

export interface RecordedInvite {
  inviteId: number;
  inviterId: number;
}

/**
 * At a new user's sign-up: a valid code of another user records who invited them (one invite per
 * invitee). No points yet: both rewards wait for the invitee's first sticker (`payInviteRewards`,
 * decision 0016). Nothing is recorded for a self-invite, an unknown code, a repeat, or a mailbox that
 * another account already has (`a.b+x@gmail.com` after `ab@gmail.com`): a mailbox is invited once.
 * Call it inside the sign-up transaction, after the new user's row (with its mailbox) is written.
 */
export async function recordInvite(
  tx: InviteTx,
  o: { inviteeId: number; mailbox: string; code: string | null | undefined },
): Promise<RecordedInvite | null> {
  const code = normalizeInviteCode(o.code);
  if (!code) return null;
  const [inviter] = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
  if (!inviter || inviter.id === o.inviteeId) return null;
  // Two sign-ups of one mailbox at once queue here; the later one then sees the earlier account.
  await lockMailbox(tx, o.mailbox);
  if (await mailboxHasOtherAccount(tx, o.mailbox, o.inviteeId)) return null;
  const [invite] = await tx
    .insert(invites)
    .values({ inviterId: inviter.id, inviteeId: o.inviteeId, code })
    .onConflictDoNothing({ target: invites.inviteeId })
    .returning({ id: invites.id });
  if (!invite) return null;
  await tx.update(users).set({ invitedBy: inviter.id }).where(eq(users.id, o.inviteeId));
  return { inviteId: invite.id, inviterId: inviter.id };
}
