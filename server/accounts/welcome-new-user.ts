import type { Config } from "../config.ts";
import { type InviteTx, recordInvite } from "../invites/record-invite.ts";
import { grantStartingPoints } from "../points/starting-points.ts";

/**
 * What a brand-new user gets, in the transaction that created them: the starting points, and the
 * invite recorded (its rewards come with the first sticker, decision 0016).
 */
export async function welcomeNewUser(
  tx: InviteTx,
  config: Pick<Config, "STARTING_POINTS">,
  o: { userId: number; mailbox: string; inviteCode: string | null | undefined },
): Promise<void> {
  await grantStartingPoints(tx, o.userId, config.STARTING_POINTS);
  await recordInvite(tx, { inviteeId: o.userId, mailbox: o.mailbox, code: o.inviteCode });
}
