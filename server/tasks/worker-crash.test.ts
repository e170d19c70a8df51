/**
 * A worker process killed in the middle of a task leaves nothing stuck: the job is retried by another
 * worker, and after its last attempt the task fails with exactly one refund. Real processes
 * (`server/worker.ts`) on PostgreSQL, drawing through the hosted provider against a local images API
 * that holds requests open, so "mid-task" is certain.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, createGalleryTestApp, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pointsLedger, stickers, tasks, users } from "../db/schema.ts";
import { changePoints } from "../points/change-points.ts";

const HEARTBEAT_SECONDS = "10"; // pg-boss's smallest

let t: TestApp;
let imagesApi: Server;
let answering = false;
let requests = 0;
const held: (() => void)[] = [];
const workers: ChildProcess[] = [];
let pngBase64 = "";

function startWorker(): ChildProcess {
  const worker = spawn(process.execPath, ["server/worker.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: t.app.config.DATABASE_URL,
      DATA_DIR: t.dataDir,
      LOG_LEVEL: "error",
      NODE_ENV: "test",
      GENERATION_PROVIDER: "openai",
      OPENAI_API_KEY: "test-key",
      OPENAI_BASE_URL: `http://127.0.0.1:${(imagesApi.address() as AddressInfo).port}/v1`,
      QUEUE_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS,
      QUEUE_SUPERVISE_SECONDS: "1",
      QUEUE_RETRY_LIMIT: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(worker);
  return worker;
}

const alive = (worker: ChildProcess) => worker.exitCode === null && worker.signalCode === null;

function kill(worker: ChildProcess): Promise<void> {
  if (!alive(worker)) return Promise.resolve();
  return new Promise((resolve) => {
    worker.once("exit", () => resolve());
    worker.kill("SIGKILL");
  });
}

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function taskRow(taskId: number) {
  const [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

describeOnPostgres("a worker process killed mid-task", () => {
  beforeAll(async () => {
    pngBase64 = (
      await sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          { input: Buffer.from('<svg width="1024" height="1024"><circle cx="512" cy="512" r="300" fill="#e07a5f"/></svg>') },
        ])
        .png()
        .toBuffer()
    ).toString("base64");
    imagesApi = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        requests += 1;
        const answer = () => {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ created: 1, data: [{ b64_json: pngBase64 }] }));
        };
        if (answering) answer();
        else held.push(answer);
      });
    });
    await new Promise<void>((resolve) => imagesApi.listen(0, "127.0.0.1", resolve));
    t = await createGalleryTestApp(0, {
      QUEUE_HEARTBEAT_SECONDS: HEARTBEAT_SECONDS,
      QUEUE_SUPERVISE_SECONDS: "1",
      QUEUE_RETRY_LIMIT: "1",
      TEXT_GENERATION_COST: "1",
    });
  });

  afterAll(async () => {
    await Promise.all(workers.map(kill));
    imagesApi?.closeAllConnections();
    imagesApi?.close();
    await closeTestApp(t);
  });

  async function submit(email: string) {
    const session = await signInTestUser(t, email);
    await changePoints(t.app.database.db, { userId: session.userId, delta: 3, reason: "test", idempotencyKey: `grant:${email}` });
    const { body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a red ball" }, session });
    expect(body.status).toBe(200);
    return { session, taskId: body.data.taskId as number };
  }

  async function balanceOf(userId: number) {
    const [row] = await t.app.database.db.select({ point: users.point }).from(users).where(eq(users.id, userId));
    return row?.point;
  }

  it("is retried by another worker and succeeds once", async () => {
    answering = false;
    const { session, taskId } = await submit("crash-once@example.com");
    const first = startWorker();
    const seen = requests;
    await until(
      "the first worker to start drawing",
      async () => requests > seen && (await taskRow(taskId))?.status === TASK_STATUS.exeing,
    );
    await kill(first);
    answering = true;
    startWorker();
    const done = await until("the task to finish", async () => {
      const row = await taskRow(taskId);
      return row && row.status >= TASK_STATUS.success ? row : null;
    });
    expect(done.status).toBe(TASK_STATUS.success);
    expect(done.attempts).toBe(2);
    const made = await t.app.database.db.select().from(stickers).where(eq(stickers.taskId, taskId));
    expect(made).toHaveLength(1);
    expect(await balanceOf(session.userId)).toBe(2);
  }, 120_000);

  it("fails with one refund after its last attempt dies too", async () => {
    await Promise.all(workers.map(kill));
    answering = false;
    const { session, taskId } = await submit("crash-twice@example.com");
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const worker = startWorker();
      await until(`attempt ${attempt} to start drawing`, async () => {
        const row = await taskRow(taskId);
        return row?.status === TASK_STATUS.exeing && row.attempts === attempt;
      });
      await kill(worker);
    }
    // No attempt is left: a live worker takes the dead-lettered job and fails the task.
    startWorker();
    const failed = await until("the task to fail", async () => {
      const row = await taskRow(taskId);
      return row?.status === TASK_STATUS.failed ? row : null;
    });
    expect(failed.errorCode).toBe("GENERATION_FAILED");
    expect(await balanceOf(session.userId)).toBe(3);
    const [refunds] = await t.app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `task:${taskId}:refund`));
    expect(refunds?.n).toBe(1);
    const made = await t.app.database.db.select().from(stickers).where(eq(stickers.taskId, taskId));
    expect(made).toHaveLength(0);
  }, 150_000);
});
