import { and, desc, eq, gte, isNull } from "drizzle-orm";
import { TASK_TYPE } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { tasks } from "../db/schema.ts";

/** How far before the page's `since` a task still counts: the page's clock is corrected but not exact. */
const SINCE_SLACK_MS = 5_000;

/**
 * The caller's newest single sticker from a picture started at or after `since` (server time, ms), or
 * null. A page whose upload failed on the way back (a dropped connection, a timeout after the server
 * had the whole picture) asks this before saying nothing started: a task the server accepted, and
 * paid for, is then followed instead of shown as an error (issue 18).
 */
export async function findRecentImageTask(app: AppContext, userId: number, since: number): Promise<{ taskId: number | null }> {
  const [row] = await app.database.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.userId, userId),
        eq(tasks.type, TASK_TYPE.image),
        isNull(tasks.packId),
        gte(tasks.createdAt, new Date(since - SINCE_SLACK_MS)),
      ),
    )
    .orderBy(desc(tasks.createdAt), desc(tasks.id))
    .limit(1);
  return { taskId: row?.id ?? null };
}
