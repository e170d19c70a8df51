import { and, count, eq, gte, inArray, lt } from "drizzle-orm";
import { AppError, isFailureCode, messageKeyOf } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import { TASK_STATUS, TASK_TYPE, type TaskStatus, type TaskType, type TaskView, type TodayGenDetail } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { pointsLedger, stickers, tasks, users } from "../db/schema.ts";
import { stickerItemsByIds } from "../stickers/sticker-items.ts";
import { costOf, startOfUtcDay } from "./submit-task.ts";

/** A task's stored failure code (a call's or a task's own, common/errors.ts) in the viewer's language. */
export function failureMessage(code: string, language: Language): string {
  return translate(language, isFailureCode(code) ? messageKeyOf(code) : "tasks.failed.generic");
}

/**
 * One task of the viewer's, for the progress view (`GET /api/v2/aitask/get`). Someone else's task is
 * TASK_NOT_FOUND, the same answer as a task that does not exist.
 */
export async function getTask(app: AppContext, o: { taskId: number; userId: number; language: Language }): Promise<TaskView> {
  const db = app.database.db;
  const [task] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, o.taskId), eq(tasks.userId, o.userId)));
  if (!task) throw new AppError("TASK_NOT_FOUND");
  const [made, refund, ahead] = await Promise.all([
    task.status === TASK_STATUS.success
      ? db.select({ id: stickers.id }).from(stickers).where(eq(stickers.taskId, task.id)).orderBy(stickers.id)
      : Promise.resolve([]),
    task.status === TASK_STATUS.failed && task.cost > 0
      ? db
          .select({ id: pointsLedger.id })
          .from(pointsLedger)
          .where(eq(pointsLedger.idempotencyKey, `task:${task.id}:refund`))
      : Promise.resolve([]),
    task.status === TASK_STATUS.wait
      ? db
          .select({ n: count() })
          .from(tasks)
          .where(and(inArray(tasks.status, [TASK_STATUS.wait, TASK_STATUS.exeing]), lt(tasks.id, task.id)))
      : Promise.resolve([{ n: 0 }]),
  ]);
  return {
    taskId: task.id,
    type: task.type as TaskType,
    status: task.status as TaskStatus,
    progress: task.progress,
    prompt: task.prompt,
    styleId: task.styleId,
    visibility: task.visibility,
    cost: task.cost,
    errorCode: task.errorCode,
    errorMsg: task.errorCode ? failureMessage(task.errorCode, o.language) : null,
    refunded: refund.length > 0,
    position: ahead[0]?.n ?? 0,
    createdAt: task.createdAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? null,
    stickers: await stickerItemsByIds(
      db,
      made.map((row) => row.id),
    ),
  };
}

/** Today's allowance: members count against the daily limit, free users against their balance. */
export async function todayGenDetail(app: AppContext, userId: number): Promise<TodayGenDetail> {
  const db = app.database.db;
  const [[user], [today]] = await Promise.all([
    db.select({ point: users.point, subscribePlan: users.subscribePlan }).from(users).where(eq(users.id, userId)),
    db
      .select({ n: count() })
      .from(tasks)
      .where(and(eq(tasks.userId, userId), gte(tasks.createdAt, startOfUtcDay()))),
  ]);
  if (!user) throw new AppError("AUTH_ERROR");
  const todayCount = today?.n ?? 0;
  const member = user.subscribePlan !== "";
  if (member) {
    const limit = app.config.MEMBER_DAILY_LIMIT;
    return {
      member,
      todayCount,
      limit,
      remaining: Math.max(0, limit - todayCount),
      textCost: 0,
      imageCost: 0,
      point: user.point,
    };
  }
  const textCost = costOf(app, TASK_TYPE.text);
  return {
    member,
    todayCount,
    limit: null,
    remaining: textCost > 0 ? Math.floor(user.point / textCost) : 9999,
    textCost,
    imageCost: costOf(app, TASK_TYPE.image),
    point: user.point,
  };
}
