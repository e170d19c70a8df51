import { createHash } from "node:crypto";
import { and, count, eq, gte, inArray } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { MotionPreset } from "#common/motion.ts";
import { type SubmittedTask, TASK_STATUS, TASK_TYPE, type TaskType, type Visibility } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { styles, tasks, users } from "../db/schema.ts";
import { changePoints, type DbOrTx } from "../points/change-points.ts";
import { findUploadTask } from "./find-upload-task.ts";
import { checkPrompt } from "./prompt-rules.ts";
import { remixSourceOf } from "./remix-source.ts";

export interface TextTaskInput {
  prompt: string;
  styleId?: number | undefined;
  visibility: Visibility;
  locale: string;
  /** "Make my version" (decision 0046): the public sticker this one is a remix of. */
  remixOf?: string | undefined;
}

export interface ImageTaskInput {
  /** The uploaded picture, already checked and re-encoded (server/uploads). */
  png: Buffer;
  prompt: string;
  styleId?: number | undefined;
  visibility: Visibility;
  locale: string;
  /** The page's id for this upload (decision 0029): a repeat answers the task it started. */
  uploadId?: string | undefined;
  /** "Make my version" (decision 0046): the public sticker this one is a remix of. */
  remixOf?: string | undefined;
}

/** The start of the current UTC day: members' daily limit counts tasks from here. */
export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function costOf(app: AppContext, type: TaskType): number {
  if (type === TASK_TYPE.motion) return app.config.MOTION_COST;
  return type === TASK_TYPE.text ? app.config.TEXT_GENERATION_COST : app.config.IMAGE_GENERATION_COST;
}

export async function resolveStyleId(app: AppContext, styleId: number | undefined): Promise<number> {
  const db = app.database.db;
  const [style] =
    styleId === undefined
      ? await db.select({ id: styles.id }).from(styles).where(eq(styles.type, 1)).orderBy(styles.sort, styles.id).limit(1)
      : await db.select({ id: styles.id }).from(styles).where(eq(styles.id, styleId)).limit(1);
  if (!style) throw new AppError("STYLE_NOT_FOUND");
  return style.id;
}

export function submitTextTask(app: AppContext, userId: number, input: TextTaskInput): Promise<SubmittedTask> {
  const prompt = checkPrompt(input.prompt);
  return submitTask(app, userId, { ...input, type: TASK_TYPE.text, prompt, inputKey: null });
}

/**
 * Stores the re-encoded upload under a server-made name, then submits like a text task. The call runs
 * it inside `submitOncePerUpload`, so a repeat of its upload id never reaches here.
 */
export async function submitImageTask(app: AppContext, userId: number, input: ImageTaskInput): Promise<SubmittedTask> {
  // The words are optional with a picture; when given they follow the same rules.
  const prompt = input.prompt.trim() === "" ? "" : checkPrompt(input.prompt);
  // Refuse what the transaction would refuse before the picture is stored, so a refused upload leaves
  // no file behind (the transaction checks again under the row lock).
  await resolveStyleId(app, input.styleId);
  await checkAffordable(app, userId, costOf(app, TASK_TYPE.image));
  const inputKey = `upload-${createHash("sha256").update(input.png).digest("hex").slice(0, 40)}.png`;
  await app.storage.put(inputKey, input.png, "image/png");
  return submitTask(app, userId, { type: TASK_TYPE.image, ...input, prompt, inputKey });
}

/**
 * A submit under the upload id its page made (decision 0029): a repeat answers the task the first one
 * started, unpaid, before anything is checked; and a refusal is looked at once more, since the first
 * submit may have committed in between (taking the points or the place in flight that refused this
 * one) — the page must then follow that task, not say the upload was refused.
 */
export async function submitOncePerUpload(
  app: AppContext,
  userId: number,
  uploadId: string | undefined,
  submit: () => Promise<SubmittedTask>,
): Promise<SubmittedTask> {
  const repeated = await answerRepeatedUpload(app.database.db, userId, uploadId);
  if (repeated) return repeated;
  try {
    return await submit();
  } catch (error) {
    const startedMeanwhile = await answerRepeatedUpload(app.database.db, userId, uploadId);
    if (startedMeanwhile) return startedMeanwhile;
    throw error;
  }
}

/**
 * What a submit with an upload id already used by this user answers: the task that upload started,
 * as it stands, with the balance now (decision 0029). Null for a new id (or none).
 */
export async function answerRepeatedUpload(
  db: DbOrTx,
  userId: number,
  uploadId: string | undefined,
): Promise<SubmittedTask | null> {
  if (uploadId === undefined) return null;
  const { taskId } = await findUploadTask(db, userId, uploadId);
  if (taskId === null) return null;
  const [row] = await db
    .select({ status: tasks.status, cost: tasks.cost, point: users.point })
    .from(tasks)
    .innerJoin(users, eq(users.id, tasks.userId))
    .where(eq(tasks.id, taskId));
  if (!row) return null;
  return { taskId, status: row.status as SubmittedTask["status"], cost: row.cost, point: row.point };
}

/**
 * One transaction writes the task, takes its price (points for free users; a place in today's limit
 * for members) and adds the job: all three happen, or none. Parallel submits queue on the user's row
 * lock, so a balance of 50 accepts exactly 50 one-point tasks, and TASKS_IN_FLIGHT_LIMIT is never passed.
 */
export async function submitTask(
  app: AppContext,
  userId: number,
  task: {
    type: TaskType;
    prompt: string;
    styleId?: number | undefined;
    visibility: Visibility;
    locale: string;
    inputKey: string | null;
    uploadId?: string | undefined;
    /** A motion task (decision 0041): the sticker it makes move, and how. */
    motion?: { sourceStickerId: number; preset: MotionPreset } | undefined;
    /** "Make my version" (decision 0046): the public id of the sticker it remixes; kept only while that one is public. */
    remixOf?: string | undefined;
  },
): Promise<SubmittedTask> {
  const styleId = await resolveStyleId(app, task.styleId);
  const remixedFrom = await remixSourceOf(app.database.db, task.remixOf);
  // Started before the transaction: on PGlite (one connection) the queue cannot start from inside it.
  await app.tasks.boss();
  return app.database.db.transaction(async (tx) => {
    if (task.uploadId !== undefined) {
      // Two submits of one upload (a retry racing a slow first one) queue on the user's row lock: the
      // second sees the first's task here and answers it, unpaid (decision 0029).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const repeated = await answerRepeatedUpload(tx, userId, task.uploadId);
      if (repeated) return repeated;
    }
    const { cost, point: before } = await lockPayer(tx, app, userId, task.type);
    const [row] = await tx
      .insert(tasks)
      .values({
        userId,
        type: task.type,
        status: TASK_STATUS.wait,
        prompt: task.prompt,
        styleId,
        inputKey: task.inputKey,
        visibility: task.visibility,
        locale: task.locale,
        cost,
        clientUploadId: task.uploadId ?? null,
        sourceStickerId: task.motion?.sourceStickerId ?? null,
        motion: task.motion?.preset ?? null,
        remixedFrom,
      })
      .returning({ id: tasks.id });
    if (!row) throw new Error("task insert returned nothing");
    const point = await payAndEnqueue(tx, app, userId, row.id, cost, before);
    return { taskId: row.id, status: TASK_STATUS.wait, cost, point };
  });
}

/**
 * The payer of `count` new stickers of `type`, under the user's row lock (so parallel submits cannot
 * both take the last point or the last place): a plan member within the daily limit, anyone within the
 * tasks in flight, a free user with the points for all of them. The price of one and the balance.
 */
export async function lockPayer(
  tx: DbOrTx,
  app: AppContext,
  userId: number,
  type: TaskType,
  count = 1,
): Promise<{ cost: number; point: number }> {
  const [user] = await tx
    .select({ point: users.point, subscribePlan: users.subscribePlan, bannedAt: users.bannedAt, deleted: users.deleted })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  // A deleted account's sessions are gone (decision 0037); this covers a call already past that check.
  if (!user || user.deleted) throw new AppError("AUTH_ERROR");
  // A banned user makes nothing more (decision 0031); the ban ended their sessions, this covers a race.
  if (user.bannedAt) throw new AppError("ACCOUNT_BANNED");
  const member = user.subscribePlan !== "";
  if (member) await checkDailyLimit(tx, userId, app.config.MEMBER_DAILY_LIMIT, count);
  await checkTasksInFlight(tx, userId, app.config.TASKS_IN_FLIGHT_LIMIT);
  const cost = member ? 0 : costOf(app, type);
  if (user.point < cost * count) throw new AppError("NOT_ENOUGH_POINTS");
  return { cost, point: user.point };
}

/** A new task's price taken once (its ledger key is the task's) and its job queued; the balance after. */
export async function payAndEnqueue(
  tx: DbOrTx,
  app: AppContext,
  userId: number,
  taskId: number,
  cost: number,
  balance: number,
): Promise<number> {
  let point = balance;
  if (cost > 0) {
    const debit = await changePoints(tx, { userId, delta: -cost, reason: "generate", idempotencyKey: `task:${taskId}:debit` });
    point = debit.balance;
  }
  await app.tasks.enqueue(tx, taskId);
  return point;
}

/**
 * What the submit transaction would refuse for the price alone (points, daily limit, tasks in flight),
 * checked early. `count` stickers at `cost` each: a pack made in one go asks for all of them at once.
 */
export async function checkAffordable(app: AppContext, userId: number, cost: number, count = 1) {
  const [user] = await app.database.db
    .select({ point: users.point, subscribePlan: users.subscribePlan })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError("AUTH_ERROR");
  if (user.subscribePlan !== "") await checkDailyLimit(app.database.db, userId, app.config.MEMBER_DAILY_LIMIT, count);
  else if (user.point < cost * count) throw new AppError("NOT_ENOUGH_POINTS");
  await checkTasksInFlight(app.database.db, userId, app.config.TASKS_IN_FLIGHT_LIMIT);
}

/** A user's tasks waiting or running are capped (decision 0015): one user cannot fill the queue for everyone. */
export async function checkTasksInFlight(tx: DbOrTx, userId: number, limit: number) {
  const [open] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), inArray(tasks.status, [TASK_STATUS.wait, TASK_STATUS.exeing])));
  if ((open?.n ?? 0) >= limit) throw new AppError("TOO_MANY_TASKS", undefined, { vars: { limit } });
}

export async function checkDailyLimit(tx: DbOrTx, userId: number, limit: number, adding = 1) {
  const [today] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), gte(tasks.createdAt, startOfUtcDay())));
  if ((today?.n ?? 0) + adding > limit) throw new AppError("DAILY_LIMIT_REACHED");
}
