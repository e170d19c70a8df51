/**
 * How far a pack made to move in one go has got (decision 0041): its motion tasks counted by outcome,
 * and their mean progress. Only the pack's owner sees it; anyone else gets PACK_NOT_FOUND, the same
 * answer as a pack that does not exist.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { packs, tasks } from "../db/schema.ts";

export async function packMoveProgress(app: AppContext, o: { packId: string; userId: number }) {
  const db = app.database.db;
  const [pack] = await db
    .select({ id: packs.id })
    .from(packs)
    .where(and(eq(packs.packId, o.packId), eq(packs.ownerId, o.userId)));
  if (!pack) throw new AppError("PACK_NOT_FOUND");
  const rows = await db
    .select({ status: tasks.status, progress: tasks.progress })
    .from(tasks)
    .where(and(eq(tasks.packId, pack.id), eq(tasks.userId, o.userId), isNotNull(tasks.motion)));
  const made = rows.filter((row) => row.status === TASK_STATUS.success).length;
  const failed = rows.filter((row) => row.status === TASK_STATUS.failed).length;
  const progress =
    rows.length === 0
      ? 100
      : Math.round(rows.reduce((sum, row) => sum + (row.status === TASK_STATUS.failed ? 100 : row.progress), 0) / rows.length);
  return { total: rows.length, made, failed, progress };
}
