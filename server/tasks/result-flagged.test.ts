/**
 * A sticker the provider's safety check flags (decision 0032): through the real queue, workers and
 * generator processes against a local stand-in for the images API that answers as OpenAI does
 * (400, "moderation_blocked"). The task fails with RESULT_FLAGGED, its points come back once, it is
 * never asked again, and nothing is stored or shown.
 */

import { readdir } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { balanceOf, paidTaskOutsideQueue, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pictures, pointsLedger, stickers, tasks } from "../db/schema.ts";
import { GenerationError, type GenerationProvider } from "../generation/index.ts";
import { runTaskAttempt } from "./run-task.ts";
import { startTaskWorkers, type TaskWorkers } from "./task-worker.ts";

let calls = 0;
const imagesApi = createServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on("end", () => {
    calls += 1;
    res.writeHead(400, { "content-type": "application/json" }).end(
      JSON.stringify({
        error: {
          message: "Your request was rejected by the safety system.",
          type: "image_generation_user_error",
          code: "moderation_blocked",
        },
      }),
    );
  });
});

let t: TestApp;
let workers: TaskWorkers;

beforeAll(async () => {
  await new Promise<void>((resolve) => imagesApi.listen(0, "127.0.0.1", resolve));
  t = await createGalleryTestApp(0, {
    GENERATION_PROVIDER: "openai",
    OPENAI_API_KEY: "sk-test-result-flagged",
    OPENAI_BASE_URL: `http://127.0.0.1:${(imagesApi.address() as AddressInfo).port}/v1`,
    OPENAI_TIMEOUT_MS: "5000",
    QUEUE_RETRY_LIMIT: "2",
    TEXT_GENERATION_COST: "1",
  });
  workers = await startTaskWorkers(t.app);
}, 120_000);

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
  imagesApi.closeAllConnections();
  await new Promise<void>((resolve) => imagesApi.close(() => resolve()));
});

/** Every file in the test app's local store. */
async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(t.dataDir, "files"), { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

describe("a sticker the hosted provider flags", () => {
  it("fails with RESULT_FLAGGED after exactly one call, refunds once, stores nothing, and says so in the asker's language", async () => {
    const user = await userWithPoints(t, "flagged@example.com", 1);
    const before = await balanceOf(t, user.userId);
    const filesBefore = await storedFiles();
    const picturesBefore = await t.app.database.db.select({ id: pictures.id }).from(pictures);
    const submit = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a blue ball" },
      session: user,
      language: "ar",
    });
    expect(submit.body.status).toBe(200);
    const taskId = submit.body.data.taskId as number;
    expect(await balanceOf(t, user.userId)).toBe(before - 1);

    const done = await waitForTask(t, user, taskId, 30_000);
    expect(done).toMatchObject({ status: TASK_STATUS.failed, errorCode: "RESULT_FLAGGED", refunded: true, stickers: [] });
    // Past the queue's retry delay (2 s): a retry that should not happen would have happened.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(calls).toBe(1);
    expect(await balanceOf(t, user.userId)).toBe(before);
    const refunds = await t.app.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `task:${taskId}:refund`));
    expect(refunds).toHaveLength(1);
    const [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ attempts: 1, resultPicIds: [] });
    expect(await t.app.database.db.select().from(stickers).where(eq(stickers.taskId, taskId))).toEqual([]);
    expect(await t.app.database.db.select({ id: pictures.id }).from(pictures)).toEqual(picturesBefore);
    expect(await storedFiles()).toEqual(filesBefore);

    // The progress call the create panel polls carries the translated message.
    const view = await callApi(t, "GET", "/api/v2/aitask/get", {
      params: { taskId: String(taskId) },
      session: user,
      language: "ar",
    });
    expect(view.body.data.errorMsg).toBe(translate("ar", "errors.resultFlagged"));
    const inEnglish = await callApi(t, "GET", "/api/v2/aitask/get", { params: { taskId: String(taskId) }, session: user });
    expect(inEnglish.body.data.errorMsg).toBe("This sticker was stopped by the safety check, so it isn't shown.");
  }, 60_000);
});

describe("the flagged seam is any provider's", () => {
  it("a provider that says RESULT_FLAGGED fails the task on its first attempt, with retries left, and refunds it", async () => {
    const user = await userWithPoints(t, "flagged-seam@example.com", 1);
    const taskId = await paidTaskOutsideQueue(t, user.userId);
    const before = await balanceOf(t, user.userId);
    let drawn = 0;
    const flagging: GenerationProvider = {
      name: "flagging",
      textToSticker: () => {
        drawn += 1;
        return Promise.reject(new GenerationError("RESULT_FLAGGED", "the safety check stopped it"));
      },
      imageToSticker: () => Promise.reject(new GenerationError("RESULT_FLAGGED", "the safety check stopped it")),
    };
    await runTaskAttempt(t.app, flagging, { taskId, retryCount: 0, retryLimit: 5 });
    expect(drawn).toBe(1);
    const [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: TASK_STATUS.failed, errorCode: "RESULT_FLAGGED" });
    expect(await balanceOf(t, user.userId)).toBe(before + 1);
    // A duplicate of the job finds the task finished: no second refund.
    await runTaskAttempt(t.app, flagging, { taskId, retryCount: 1, retryLimit: 5 });
    expect(drawn).toBe(1);
    expect(await balanceOf(t, user.userId)).toBe(before + 1);
  });

  it("five attempts of one flagged task at once (duplicated jobs) refund it exactly once", async () => {
    const user = await userWithPoints(t, "flagged-race@example.com", 1);
    const taskId = await paidTaskOutsideQueue(t, user.userId);
    const before = await balanceOf(t, user.userId);
    const flagging: GenerationProvider = {
      name: "flagging",
      textToSticker: () => Promise.reject(new GenerationError("RESULT_FLAGGED", "the safety check stopped it")),
      imageToSticker: () => Promise.reject(new GenerationError("RESULT_FLAGGED", "the safety check stopped it")),
    };
    await Promise.all(Array.from({ length: 5 }, () => runTaskAttempt(t.app, flagging, { taskId, retryCount: 0, retryLimit: 1 })));
    expect(await balanceOf(t, user.userId)).toBe(before + 1);
    const refunds = await t.app.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `task:${taskId}:refund`));
    expect(refunds).toHaveLength(1);
  });
});
