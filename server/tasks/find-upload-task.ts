import { and, eq } from "drizzle-orm";
import { tasks } from "../db/schema.ts";
import type { DbOrTx } from "../points/change-points.ts";

/**
 * The caller's task started by the upload `uploadId`, or null. A page whose upload failed on the way
 * back (a dropped connection, a timeout after the server had the whole picture) asks this before
 * saying nothing started: a task the server accepted, and paid for, is then followed instead of shown
 * as an error (decision 0029). Another tab's or an earlier upload's task never answers: each has its own id.
 */
export async function findUploadTask(db: DbOrTx, userId: number, uploadId: string): Promise<{ taskId: number | null }> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.clientUploadId, uploadId)))
    .limit(1);
  return { taskId: row?.id ?? null };
}
