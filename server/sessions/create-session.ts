import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { hashToken } from "./resolve-session.ts";
import { SESSION_IDLE_MS } from "./session-lifetimes.ts";

export interface NewSession {
  /** 256 random bits, base64url; only its SHA-256 hash is stored. Goes to the client once, in the cookie. */
  token: string;
  /** This session's key for signed calls (decision 0003). */
  signingKey: string;
  expiresAt: Date;
}

/**
 * A new session for every sign-in (never reused), so a token seen before sign-in is worthless after.
 * A banned user gets none (ACCOUNT_BANNED, decision 0031), nor a deleted account (NO_PERMISSION,
 * decision 0037): the user row is read FOR SHARE, so a sign-in racing a ban or a deletion waits for it
 * and sees it, and their "end every session" cannot miss this one.
 */
export async function createSession(db: Db, userId: number, now = new Date()): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const signingKey = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ bannedAt: users.bannedAt, deleted: users.deleted })
      .from(users)
      .where(eq(users.id, userId))
      .for("share");
    if (user?.bannedAt) throw new AppError("ACCOUNT_BANNED");
    // A sign-in that found the account just before its deletion committed (decision 0037).
    if (!user || user.deleted) throw new AppError("NO_PERMISSION");
    await tx.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      signingKey,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
  });
  return { token, signingKey, expiresAt };
}
