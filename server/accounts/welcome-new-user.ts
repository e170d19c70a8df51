import type { Config } from "../config.ts";
import { applyInvite } from "../invites/apply-invite.ts";
import type { DbOrTx } from "../points/change-points.ts";
import { grantStartingPoints } from "../points/starting-points.ts";

/** What a brand-new user gets, in the transaction that created them: the starting points and the invite reward. */
export async function welcomeNewUser(
  tx: DbOrTx,
  config: Pick<Config, "STARTING_POINTS" | "INVITE_REWARD_POINTS">,
  o: { userId: number; inviteCode: string | null | undefined },
): Promise<void> {
  await grantStartingPoints(tx, o.userId, config.STARTING_POINTS);
  await applyInvite(tx, { inviteeId: o.userId, code: o.inviteCode, reward: config.INVITE_REWARD_POINTS });
}
