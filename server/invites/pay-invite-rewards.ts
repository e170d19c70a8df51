import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { Config } from "../config.ts";
import { invites, users } from "../db/schema.ts";
import { changePoints, type DbOrTx } from "../points/change-points.ts";
import { startOfUtcDay } from "../tasks/submit-task.ts";

export interface PaidInvite {
  inviterId: number;
  /** False when the inviter had already earned INVITE_REWARDS_PER_DAY rewards this UTC day. */
  inviterRewarded: boolean;
}

/**
 * The invitee's first successful sticker pays the invite (decision 0016): the invitee's reward, and
 * the inviter's unless they have earned INVITE_REWARDS_PER_DAY already this UTC day (that one is not
 * paid later). Runs inside the transaction that marks the sticker a success; claiming the invite
 * (`rewarded_at` still null) makes a second sticker, a retry or a parallel task pay nothing, and the
 * ledger keys `invite:<inviteeId>:invitee|inviter` are the backstop.
 */
export async function payInviteRewards(
  tx: DbOrTx,
  config: Pick<Config, "INVITE_REWARD_POINTS" | "INVITE_REWARDS_PER_DAY">,
  o: { inviteeId: number; now?: Date },
): Promise<PaidInvite | null> {
  const now = o.now ?? new Date();
  const [invite] = await tx
    .update(invites)
    .set({ rewardedAt: now })
    .where(and(eq(invites.inviteeId, o.inviteeId), isNull(invites.rewardedAt)))
    .returning({ id: invites.id, inviterId: invites.inviterId });
  if (!invite) return null;
  const reward = config.INVITE_REWARD_POINTS;
  if (reward > 0) {
    await changePoints(tx, {
      userId: o.inviteeId,
      delta: reward,
      reason: "invite",
      idempotencyKey: `invite:${o.inviteeId}:invitee`,
    });
  }

  // The inviter's row lock queues their other invitees' first stickers, so the day's count is exact.
  const [inviter] = await tx.select({ deleted: users.deleted }).from(users).where(eq(users.id, invite.inviterId)).for("update");
  // A deleted inviter's account holds no points any more (decision 0037): nothing is paid to it.
  if (!inviter || inviter.deleted) return { inviterId: invite.inviterId, inviterRewarded: false };
  const [today] = await tx
    .select({ n: count() })
    .from(invites)
    .where(
      and(
        eq(invites.inviterId, invite.inviterId),
        eq(invites.inviterRewarded, true),
        gte(invites.rewardedAt, startOfUtcDay(now)),
      ),
    );
  if ((today?.n ?? 0) >= config.INVITE_REWARDS_PER_DAY) return { inviterId: invite.inviterId, inviterRewarded: false };
  if (reward > 0) {
    await changePoints(tx, {
      userId: invite.inviterId,
      delta: reward,
      reason: "invite",
      idempotencyKey: `invite:${o.inviteeId}:inviter`,
    });
  }
  await tx.update(invites).set({ inviterRewarded: true }).where(eq(invites.id, invite.id));
  return { inviterId: invite.inviterId, inviterRewarded: true };
}
