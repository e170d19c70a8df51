import { createHash } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Viewer } from "../context.ts";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";

/** Session tokens are stored only as their SHA-256 hash. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The live session for a token, or null when it is unknown, ended or expired. */
export async function resolveSession(db: Db, token: string): Promise<Viewer | null> {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, signingKey: sessions.signingKey })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.endedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { userId: row.userId, sessionId: row.id, signingKey: row.signingKey } : null;
}
