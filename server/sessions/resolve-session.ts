import { createHash } from "node:crypto";
import { and, eq, gt, isNull, lte } from "drizzle-orm";
import type { Viewer } from "../context.ts";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, SESSION_TOUCH_EVERY_MS } from "./session-lifetimes.ts";

/** Session tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface ResolvedSession extends Viewer {
  /** When the session ends unless used again (never after its absolute end). */
  expiresAt: Date;
  /** True when this use moved the idle deadline (at most once a day): the cookie is re-issued with it. */
  renewed: boolean;
}

export interface ResolveSessionOptions {
  /** When the session is used; now unless told. */
  now?: Date;
  /**
   * Whether this use may move the idle deadline (default true). Only a caller that re-issues the
   * cookie when `renewed` (the API router, the root page loader) may: a use that moved it without
   * re-issuing the cookie would take the day's renewal from the one that does (decision 0017).
   */
  touch?: boolean;
}

/**
 * The live session for a token, or null when it is unknown, ended, idle too long or past its absolute
 * end. A session in use moves its idle deadline forward at most once a day, never past its absolute
 * end (decision 0007); only one of several simultaneous uses does the move. With `touch: false` the
 * session is only checked: the deadline stays and `renewed` is false.
 */
export async function resolveSession(
  db: Db,
  token: string,
  options: ResolveSessionOptions | Date = {},
): Promise<ResolvedSession | null> {
  const { now = new Date(), touch = true } = options instanceof Date ? { now: options } : options;
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      signingKey: sessions.signingKey,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const viewer = { userId: row.userId, sessionId: row.id, signingKey: row.signingKey };
  if (!touch || now.getTime() - row.lastSeenAt.getTime() < SESSION_TOUCH_EVERY_MS)
    return { ...viewer, expiresAt: row.expiresAt, renewed: false };
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.createdAt.getTime() + SESSION_ABSOLUTE_MS));
  const touched = await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, row.id), lte(sessions.lastSeenAt, new Date(now.getTime() - SESSION_TOUCH_EVERY_MS))))
    .returning({ id: sessions.id });
  return { ...viewer, expiresAt, renewed: touched.length > 0 };
}
