import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { sessions } from "../db/schema.ts";

/** Sign-out: the session ends on the server, so its token is dead wherever it was copied to. */
export async function endSession(db: Db, sessionId: number, now = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}
