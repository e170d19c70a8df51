import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Viewer } from "../context.ts";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_EVERY_MS } from "./session-lifetimes.ts";

/** Session tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The live session for a token, or null when it is unknown, ended or expired. A session in use moves
 * its idle deadline forward at most once a day, never past its absolute end (decision 0007).
 */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      signingKey: sessions.signingKey,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_EVERY_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.createdAt.getTime() + SESSION_ABSOLUTE_MS));
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.id));
  }
  return { userId: row.userId, sessionId: row.id, signingKey: row.signingKey };
}
