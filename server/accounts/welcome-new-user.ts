import type { Config } from "../config.ts";
import { type InviteTx, recordInvite } from "../invites/record-invite.ts";
import { grantStartingPoints } from "../points/starting-points.ts";
import { lockMailbox, mailboxHasOtherAccount } from "./mailbox-accounts.ts";

/**
 * What a brand-new user gets, in the transaction that created them: the starting points, once per
 * mailbox (decision 0035: a second account of `dave+2@…` starts with 0 and no ledger row), and the
 * invite recorded (its rewards come with the first sticker, decision 0016). Both read the mailbox's
 * other accounts behind its advisory lock, so parallel sign-ups of one mailbox grant it once.
 */
export async function welcomeNewUser(
  tx: InviteTx,
  config: Pick<Config, "STARTING_POINTS">,
  o: { userId: number; mailbox: string; inviteCode: string | null | undefined },
): Promise<void> {
  await lockMailbox(tx, o.mailbox);
  if (!(await mailboxHasOtherAccount(tx, o.mailbox, o.userId))) {
    await grantStartingPoints(tx, o.userId, config.STARTING_POINTS);
  }
  await recordInvite(tx, { inviteeId: o.userId, mailbox: o.mailbox, code: o.inviteCode });
}
