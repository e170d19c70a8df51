import { eq } from "drizzle-orm";
import { invites, users } from "../db/schema.ts";
import { changePoints, type DbOrTx } from "../points/change-points.ts";
import { normalizeInviteCode } from "./invite-code.ts";

export interface InviteOutcome {
  inviterId: number;
  reward: number;
}

/**
 * At a new user's sign-up: a valid code of another user records the invite (one per invitee) and
 * credits both sides once (keys invite:<inviteeId>:invitee / :inviter). Self-invites, unknown codes
 * and repeats give nothing. Call it inside the sign-up transaction.
 */
export async function applyInvite(
  db: DbOrTx,
  o: { inviteeId: number; code: string | null | undefined; reward: number },
): Promise<InviteOutcome | null> {
  const code = normalizeInviteCode(o.code);
  if (!code) return null;
  const [inviter] = await db.select({ id: users.id }).from(users).where(eq(users.inviteCode, code));
  if (!inviter || inviter.id === o.inviteeId) return null;
  const [invite] = await db
    .insert(invites)
    .values({ inviterId: inviter.id, inviteeId: o.inviteeId, code })
    .onConflictDoNothing({ target: invites.inviteeId })
    .returning({ id: invites.id });
  if (!invite) return null;
  await db.update(users).set({ invitedBy: inviter.id }).where(eq(users.id, o.inviteeId));
  if (o.reward > 0) {
    const base = { delta: o.reward, reason: "invite" };
    await changePoints(db, { ...base, userId: o.inviteeId, idempotencyKey: `invite:${o.inviteeId}:invitee` });
    await changePoints(db, { ...base, userId: inviter.id, idempotencyKey: `invite:${o.inviteeId}:inviter` });
  }
  await db.update(invites).set({ rewardedAt: new Date() }).where(eq(invites.id, invite.id));
  return { inviterId: inviter.id, reward: o.reward };
}
