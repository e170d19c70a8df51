/**
 * The hosted generation retry policy (decision 0015), through the real queue, workers and generator
 * processes against a local stand-in for the images API that counts the calls it receives: a call
 * that may have been paid for is never made again, an unpaid one (429) is made at most once more.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { callApi, createGalleryTestApp, type TestSession } from "#tests/support/stickers.ts";
import { balanceOf, paidTaskOutsideQueue, userWithPoints, waitForTask } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { parseConfig } from "../config.ts";
import { pointsLedger, tasks } from "../db/schema.ts";
import { type GenerationProvider, GeneratorFailure, providerSettingsOf, startGeneratorProcess } from "../generation/index.ts";
import { runTaskAttempt } from "./run-task.ts";
import { retryLimitOf } from "./task-queue.ts";
import { startTaskWorkers, type TaskWorkers } from "./task-worker.ts";

type Answer = (res: ServerResponse) => void;

let calls = 0;
/** The Authorization header of the stand-in's last call: which key the generator child was handed. */
let lastAuthorization: string | undefined;
/** How the stand-in answers its n-th call (from 1) in the current test. */
let answerFor: (n: number) => Answer;
let pictureB64 = "";
const imagesApi = createServer((req: IncomingMessage, res: ServerResponse) => {
  req.resume();
  req.on("end", () => {
    calls += 1;
    lastAuthorization = req.headers.authorization;
    answerFor(calls)(res);
  });
});

function json(status: number, body: unknown): Answer {
  return (res) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
const apiError = (status: number) => json(status, { error: { message: `status ${status}`, type: "server_error", code: null } });
const picture: Answer = (res) => json(200, { created: 1, data: [{ b64_json: pictureB64 }] })(res);
const never: Answer = () => undefined;

let t: TestApp;
let users = 0;
let hosted: Record<string, string> = {};
let workers: TaskWorkers;

beforeAll(async () => {
  pictureB64 = (
    await sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        { input: Buffer.from('<svg width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="#3d5a80"/></svg>') },
      ])
      .png()
      .toBuffer()
  ).toString("base64");
  await new Promise<void>((resolve) => imagesApi.listen(0, "127.0.0.1", resolve));
  hosted = {
    GENERATION_PROVIDER: "openai",
    OPENAI_API_KEY: "sk-test-hosted-retry",
    OPENAI_BASE_URL: `http://127.0.0.1:${(imagesApi.address() as AddressInfo).port}/v1`,
    OPENAI_TIMEOUT_MS: "1500",
  };
  // QUEUE_RETRY_LIMIT is 2 on purpose: hosted generation still gets at most one retry.
  t = await createGalleryTestApp(0, { ...hosted, QUEUE_RETRY_LIMIT: "2", TEXT_GENERATION_COST: "1" });
  // The settings reach the generator children from the app's parsed config alone, not process.env.
  workers = await startTaskWorkers(t.app);
}, 120_000);

afterAll(async () => {
  await workers?.stop();
  await closeTestApp(t);
  imagesApi.closeAllConnections();
  await new Promise<void>((resolve) => imagesApi.close(() => resolve()));
});

beforeEach(() => {
  calls = 0;
  answerFor = () => picture;
});

async function submit(session: TestSession) {
  const { body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a blue ball" }, session });
  expect(body.status).toBe(200);
  return body.data.taskId as number;
}

async function refundsOf(taskId: number) {
  return t.app.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.idempotencyKey, `task:${taskId}:refund`), eq(pointsLedger.reason, "refund")));
}

/** Waits a little past the queue's retry delay (2 s), so a retry that should not happen would have. */
const pastRetryDelay = () => new Promise((resolve) => setTimeout(resolve, 3_500));

/** After the queue's retry delay: the images API was called once, one attempt ran, and the point came back once. */
async function expectOnePaidCallAndOneRefund(user: TestSession, taskId: number, balanceBefore: number) {
  await pastRetryDelay();
  expect(calls).toBe(1);
  expect(await balanceOf(t, user.userId)).toBe(balanceBefore);
  expect(await refundsOf(taskId)).toHaveLength(1);
  const [row] = await t.app.database.db.select({ attempts: tasks.attempts }).from(tasks).where(eq(tasks.id, taskId));
  expect(row?.attempts).toBe(1);
}

describe("hosted generation: a call that may have been paid for is not made again", () => {
  it.each([
    { what: "a 500 answer", answer: apiError(500), code: "PROVIDER_UNAVAILABLE" },
    { what: "a 503 answer", answer: apiError(503), code: "PROVIDER_UNAVAILABLE" },
    { what: "no answer before OPENAI_TIMEOUT_MS", answer: never, code: "PROVIDER_TIMEOUT" },
    { what: "an answer without a usable picture", answer: json(200, { created: 1, data: [] }), code: "PROVIDER_BAD_OUTPUT" },
  ])(
    "$what → exactly one call; the task fails with $code and its point comes back once",
    async ({ answer, code }) => {
      users += 1;
      const user = await userWithPoints(t, `paid-${users}@example.com`, 1);
      const before = await balanceOf(t, user.userId);
      answerFor = () => answer;
      const taskId = await submit(user);
      expect(await balanceOf(t, user.userId)).toBe(before - 1);
      const done = await waitForTask(t, user, taskId, 30_000);
      expect(done).toMatchObject({ status: TASK_STATUS.failed, errorCode: code, refunded: true });
      await expectOnePaidCallAndOneRefund(user, taskId, before);
    },
    60_000,
  );
});

describe("hosted generation: a picture that arrived is not drawn again", () => {
  it("a picture, then storing it fails → exactly one call; the task fails and its point comes back once", async () => {
    const user = await userWithPoints(t, "store-fails@example.com", 1);
    const before = await balanceOf(t, user.userId);
    // The workers share this app: while the test runs, storing a file fails (the storage is not our database).
    const storage = t.app.storage;
    t.app.storage = {
      get: (key) => storage.get(key),
      has: (key) => storage.has(key),
      list: (prefix) => storage.list(prefix),
      delete: (key) => storage.delete(key),
      put: () => Promise.reject(new Error("the file store is unreachable")),
    };
    try {
      const taskId = await submit(user);
      expect(await balanceOf(t, user.userId)).toBe(before - 1);
      const done = await waitForTask(t, user, taskId, 30_000);
      expect(done).toMatchObject({ status: TASK_STATUS.failed, errorCode: "GENERATION_FAILED", refunded: true });
      await expectOnePaidCallAndOneRefund(user, taskId, before);
    } finally {
      t.app.storage = storage;
    }
  }, 60_000);
});

describe("hosted generation: an unpaid refusal is asked again at most once", () => {
  it("a 429, then a picture → two calls, one sticker, one debit", async () => {
    const user = await userWithPoints(t, "rate-once@example.com", 1);
    const before = await balanceOf(t, user.userId);
    answerFor = (n) => (n === 1 ? apiError(429) : picture);
    const taskId = await submit(user);
    const done = await waitForTask(t, user, taskId, 30_000);
    expect(done).toMatchObject({ status: TASK_STATUS.success, errorCode: null });
    expect(done.stickers).toHaveLength(1);
    expect(calls).toBe(2);
    expect(await balanceOf(t, user.userId)).toBe(before - 1);
  }, 60_000);

  it("a 429 every time → two calls although QUEUE_RETRY_LIMIT is 2; the task fails and is refunded once", async () => {
    const user = await userWithPoints(t, "rate-always@example.com", 1);
    const before = await balanceOf(t, user.userId);
    answerFor = () => apiError(429);
    const taskId = await submit(user);
    const done = await waitForTask(t, user, taskId, 30_000);
    expect(done).toMatchObject({ status: TASK_STATUS.failed, errorCode: "PROVIDER_UNAVAILABLE", refunded: true });
    await pastRetryDelay();
    expect(calls).toBe(2);
    expect(await balanceOf(t, user.userId)).toBe(before);
    expect(await refundsOf(taskId)).toHaveLength(1);
  }, 60_000);
});

describe("hosted generation: a generator process lost mid-call", () => {
  it("fails the task with its refund instead of retrying (the call may have been paid)", async () => {
    const user = await userWithPoints(t, "crash@example.com", 1);
    // A task outside the queue, so only this attempt runs it.
    const taskId = await paidTaskOutsideQueue(t, user.userId);
    const before = await balanceOf(t, user.userId);
    const crashing: GenerationProvider = {
      name: "crashing",
      textToSticker: () => Promise.reject(new GeneratorFailure("GENERATOR_CRASHED", "generator exited (SIGKILL)", true)),
      imageToSticker: () => Promise.reject(new GeneratorFailure("GENERATOR_CRASHED", "generator exited (SIGKILL)", true)),
    };
    await runTaskAttempt(t.app, crashing, { taskId, retryCount: 0, retryLimit: 1 });
    const [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(row).toMatchObject({ status: TASK_STATUS.failed, errorCode: "GENERATOR_CRASHED" });
    expect(await balanceOf(t, user.userId)).toBe(before + 1);
  });
});

describe("hosted generation: the generator process", () => {
  it("makes no call of its own when it starts (no paid warm-up): one sticker is one call", async () => {
    const generator = startGeneratorProcess({
      settings: providerSettingsOf(t.app.config),
      log: t.app.log,
      timeoutMs: 30_000,
    });
    try {
      const sticker = await generator.textToSticker({ prompt: "a blue ball", style: "cartoon" });
      expect(sticker.png.length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(calls).toBe(1);
    } finally {
      await generator.close();
    }
  }, 60_000);
});

describe("hosted generation: settings", () => {
  it("draws with the test app's overridden settings, which process.env does not hold", async () => {
    expect(process.env.GENERATION_PROVIDER).toBeUndefined();
    expect(process.env.OPENAI_API_KEY).toBeUndefined();
    users += 1;
    const user = await userWithPoints(t, `settings-${users}@example.com`, 1);
    const taskId = await submit(user);
    const task = await waitForTask(t, user, taskId);
    expect(task.status).toBe(TASK_STATUS.success);
    // Only the child calls the images API, and it did so with the key given to createGalleryTestApp.
    expect(calls).toBe(1);
    expect(lastAuthorization).toBe(`Bearer ${hosted.OPENAI_API_KEY}`);
  }, 60_000);
});

describe("the queue's retry limit", () => {
  it("is QUEUE_RETRY_LIMIT for offline drawing and at most 1 for hosted generation", () => {
    expect(retryLimitOf(parseConfig({ QUEUE_RETRY_LIMIT: "2" }))).toBe(2);
    expect(retryLimitOf(parseConfig({ QUEUE_RETRY_LIMIT: "5", GENERATION_PROVIDER: "offline" }))).toBe(5);
    expect(retryLimitOf(parseConfig({ QUEUE_RETRY_LIMIT: "2", GENERATION_PROVIDER: "openai" }))).toBe(1);
    expect(retryLimitOf(parseConfig({ QUEUE_RETRY_LIMIT: "0", GENERATION_PROVIDER: "openai" }))).toBe(0);
  });
});
