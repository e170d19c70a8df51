import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "#common/errors.ts";
import type { Viewer } from "../context.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

/**
 * The User of spec §3 as the page receives it: never sessionKey, the token, nor any provider's id
 * (googleId, facebookId, openid, unionid). `signingKey` is the session's key for signed calls
 * (decision 0003), so a tab signed in by another tab picks it up on refresh.
 */
export const userInfoSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  nick: z.string(),
  avatar: z.object({ path: z.string() }).nullable(),
  mobile: z.string().nullable(),
  point: z.number().int(),
  grade: z.number().int(),
  group: z.string().nullable(),
  type: z.number().int(),
  loginId: z.string().nullable(),
  deviceId: z.string().nullable(),
  subscribePlan: z.string(),
  deleted: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
  /** When this session ends unless used again (ISO time), and the seconds until then. */
  expiresTime: z.string(),
  tokenExpiresIn: z.number().int(),
  signingKey: z.string(),
});

export type UserInfo = z.infer<typeof userInfoSchema>;

/** The viewer's user info; AUTH_ERROR when the session or user is gone (deleted users included). */
export async function getUserInfo(db: Db, viewer: Viewer, now = new Date()): Promise<UserInfo> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, signingKey: sessions.signingKey })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, viewer.sessionId), eq(sessions.userId, viewer.userId)))
    .limit(1);
  if (!row || row.user.deleted) throw new AppError("AUTH_ERROR");
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    nick: user.nick,
    avatar: user.avatarPath ? { path: user.avatarPath } : null,
    mobile: user.mobile,
    point: user.point,
    grade: user.grade,
    group: user.group,
    type: user.type,
    loginId: user.loginId,
    deviceId: user.deviceId,
    subscribePlan: user.subscribePlan,
    deleted: user.deleted,
    createTime: user.createdAt.toISOString(),
    updateTime: user.updatedAt.toISOString(),
    expiresTime: row.expiresAt.toISOString(),
    tokenExpiresIn: Math.max(0, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000)),
    signingKey: row.signingKey,
  };
}
