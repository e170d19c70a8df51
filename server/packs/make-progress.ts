/**
 * The progress of a pack made in one go (decision 0026): each mood's task with its status, progress,
 * failure and refund, and its sticker once made, in MOOD order. Only the pack's owner sees it; anyone
 * else gets PACK_NOT_FOUND, the same answer as a pack that does not exist.
 */
import { and, eq, inArray } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import { MOOD_IDS, MOODS, type MoodId, type MoodTaskView, type PackProgressView } from "#common/packs.ts";
import type { StickerListItem } from "#common/stickers.ts";
import { TASK_STATUS, type TaskStatus } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { packs, pointsLedger, stickers, tasks } from "../db/schema.ts";
import { stickerItemsByIds } from "../stickers/sticker-items.ts";
import { failureMessage } from "../tasks/task-view.ts";

export async function getPackProgress(
  app: AppContext,
  o: { packId: string; userId: number; language: Language },
): Promise<PackProgressView> {
  const db = app.database.db;
  const [pack] = await db
    .select({ id: packs.id, packId: packs.packId, name: packs.name })
    .from(packs)
    .where(and(eq(packs.packId, o.packId), eq(packs.ownerId, o.userId)));
  if (!pack) throw new AppError("PACK_NOT_FOUND");
  const rows = await db
    .select({
      id: tasks.id,
      mood: tasks.mood,
      status: tasks.status,
      progress: tasks.progress,
      errorCode: tasks.errorCode,
      cost: tasks.cost,
    })
    .from(tasks)
    .where(and(eq(tasks.packId, pack.id), eq(tasks.userId, o.userId)));
  const ids = rows.map((row) => row.id);
  const [made, refunds] = await Promise.all([
    ids.length === 0
      ? Promise.resolve([])
      : db.select({ id: stickers.id, taskId: stickers.taskId }).from(stickers).where(inArray(stickers.taskId, ids)),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({ key: pointsLedger.idempotencyKey })
          .from(pointsLedger)
          .where(
            inArray(
              pointsLedger.idempotencyKey,
              ids.map((id) => `task:${id}:refund`),
            ),
          ),
  ]);
  const items = await stickerItemsByIds(
    db,
    made.map((row) => row.id),
  );
  const itemOfTask = new Map<number, StickerListItem>();
  for (const item of items) if (item.taskId !== null) itemOfTask.set(item.taskId, item);
  const refunded = new Set(refunds.map((row) => row.key));
  const rank = (mood: string | null) => MOOD_IDS.indexOf(mood as MoodId);
  const views = rows
    .filter((row) => rank(row.mood) >= 0)
    .sort((a, b) => rank(a.mood) - rank(b.mood))
    .map((row): MoodTaskView => {
      const mood = row.mood as MoodId;
      return {
        taskId: row.id,
        mood,
        emoji: MOODS[rank(mood)]?.emoji ?? "",
        status: row.status as TaskStatus,
        progress: row.progress,
        errorCode: row.errorCode,
        errorMsg: row.errorCode ? failureMessage(row.errorCode, o.language) : null,
        refunded: refunded.has(`task:${row.id}:refund`),
        cost: row.cost,
        sticker: itemOfTask.get(row.id) ?? null,
      };
    });
  const ready = views.filter((view) => view.status === TASK_STATUS.success).length;
  const failed = views.filter((view) => view.status === TASK_STATUS.failed).length;
  return {
    packId: pack.packId,
    name: pack.name,
    total: views.length,
    ready,
    failed,
    done: ready + failed === views.length,
    tasks: views,
  };
}
