import { and, eq } from "drizzle-orm";
import type { UserInfo } from "#common/api/account.ts";
import { AppError } from "#common/errors.ts";
import type { Viewer } from "../context.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export type { UserInfo };

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
