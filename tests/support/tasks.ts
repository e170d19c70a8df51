/** Fixtures for the creating-stickers tests: a user with points, their balance, a task followed to its end. */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { TASK_STATUS } from "#common/tasks.ts";
import { pointsLedger, tasks, users } from "#server/db/schema.ts";
import { changePoints } from "#server/points/change-points.ts";
import { callApi, signInTestUser, type TestSession } from "./stickers.ts";
import type { TestApp } from "./test-app.ts";

/** Signs a new user in and grants them `points` more than the starting grant. */
export async function userWithPoints(t: TestApp, email: string, points: number): Promise<TestSession> {
  const session = await signInTestUser(t, email);
  if (points > 0) {
    await changePoints(t.app.database.db, {
      userId: session.userId,
      delta: points,
      reason: "test",
      idempotencyKey: `grant:${email}`,
    });
  }
  return session;
}

/**
 * A text task of 1 point written straight to the table (outside the queue, so only the attempt a test
 * runs by hand takes it) and debited as submit debits it; returns its id.
 */
export async function paidTaskOutsideQueue(t: TestApp, userId: number): Promise<number> {
  const [task] = await t.app.database.db
    .insert(tasks)
    .values({ userId, type: 1, prompt: "a cloud", cost: 1 })
    .returning({ id: tasks.id });
  const taskId = task!.id;
  await changePoints(t.app.database.db, { userId, delta: -1, reason: "generate", idempotencyKey: `task:${taskId}:debit` });
  return taskId;
}

export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.app.database.db.select({ point: users.point }).from(users).where(eq(users.id, userId));
  return row?.point ?? -1;
}

/** Polls the task call (as the page does) until the task succeeded or failed. */
export async function waitForTask(t: TestApp, session: TestSession, taskId: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await callApi(t, "GET", "/api/v2/aitask/get", { params: { taskId: String(taskId) }, session });
    if (body.data.status === TASK_STATUS.success || body.data.status === TASK_STATUS.failed) return body.data;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The uploads in the test app's local store (`<dataDir>/files`). */
export async function storedUploads(t: TestApp): Promise<string[]> {
  try {
    return (await readdir(path.join(t.dataDir, "files"))).filter((name) => name.startsWith("upload-"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

let uploads = 0;
/** A fresh random-looking upload id, as the page makes one per picked picture. */
export function newUploadId(prefix = "test-upload"): string {
  uploads += 1;
  return `${prefix}-${String(uploads).padStart(6, "0")}-${Math.random().toString(36).slice(2, 10)}`;
}

/** How many generate debits the user's points ledger holds: one per paid sticker task. */
export async function debitsOf(t: TestApp, userId: number): Promise<number> {
  const rows = await t.app.database.db
    .select({ userId: pointsLedger.userId })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, "generate")));
  return rows.length;
}
