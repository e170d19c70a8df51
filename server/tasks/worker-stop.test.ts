/**
 * SIGTERM to a worker process with a job in hand (decision 0020): it takes no new job; the job finishes
 * if it can within SHUTDOWN_GRACE_MS, else it goes back to the queue and another worker finishes it:
 * debited once, never refunded, one sticker, exit code 0 either way. Real processes (`server/worker.ts`)
 * on PostgreSQL, drawing through the hosted provider against a local images API that holds requests.
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
import { balanceOf } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pointsLedger, stickers, tasks } from "../db/schema.ts";
import { changePoints } from "../points/change-points.ts";

let t: TestApp;
let imagesApi: Server;
let answering = false;
let requests = 0;
const held: (() => void)[] = [];
const workers: ChildProcess[] = [];
let pngBase64 = "";

function startWorker(graceMs: number): { worker: ChildProcess; exited: Promise<number | null> } {
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
      QUEUE_HEARTBEAT_SECONDS: "10",
      QUEUE_SUPERVISE_SECONDS: "1",
      QUEUE_RETRY_LIMIT: "1",
      SHUTDOWN_GRACE_MS: String(graceMs),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(worker);
  return { worker, exited: new Promise((resolve) => worker.once("exit", (code) => resolve(code))) };
}

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function taskRow(taskId: number) {
  const [row] = await t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
  return row;
}

async function submit(email: string) {
  const session = await signInTestUser(t, email);
  await changePoints(t.app.database.db, { userId: session.userId, delta: 3, reason: "test", idempotencyKey: `grant:${email}` });
  const { body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", { body: { prompt: "a green kite" }, session });
  expect(body.status).toBe(200);
  return { session, taskId: body.data.taskId as number };
}

async function ledgerOf(taskId: number) {
  const [row] = await t.app.database.db
    .select({
      debits: sql<number>`count(*) filter (where ${pointsLedger.idempotencyKey} = ${`task:${taskId}:debit`})::int`,
      refunds: sql<number>`count(*) filter (where ${pointsLedger.idempotencyKey} = ${`task:${taskId}:refund`})::int`,
    })
    .from(pointsLedger);
  return row;
}

describeOnPostgres("a worker process stopped with SIGTERM mid-task", () => {
  beforeAll(async () => {
    pngBase64 = (
      await sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          {
            input: Buffer.from(
              '<svg width="1024" height="1024"><rect x="200" y="200" width="600" height="600" fill="#3d405b"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer()
    ).toString("base64");
    imagesApi = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        requests += 1;
        const answer = () => {
          if (res.destroyed) return;
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ created: 1, data: [{ b64_json: pngBase64 }] }));
        };
        if (answering) answer();
        else held.push(answer);
      });
    });
    await new Promise<void>((resolve) => imagesApi.listen(0, "127.0.0.1", resolve));
    t = await createGalleryTestApp(0, {
      QUEUE_HEARTBEAT_SECONDS: "10",
      QUEUE_SUPERVISE_SECONDS: "1",
      QUEUE_RETRY_LIMIT: "1",
      TEXT_GENERATION_COST: "1",
    });
  });

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
    imagesApi?.closeAllConnections();
    imagesApi?.close();
    await closeTestApp(t);
  });

  it("finishes the job in hand within the grace period, then exits 0", async () => {
    answering = false;
    const { session, taskId } = await submit("stop-finish@example.com");
    const { worker, exited } = startWorker(20_000);
    const seen = requests;
    await until(
      "the worker to start drawing",
      async () => requests > seen && (await taskRow(taskId))?.status === TASK_STATUS.exeing,
    );
    worker.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    answering = true;
    for (const answer of held.splice(0)) answer();
    expect(await exited).toBe(0);
    const row = await taskRow(taskId);
    expect(row).toMatchObject({ status: TASK_STATUS.success, attempts: 1 });
    expect(await ledgerOf(taskId)).toEqual({ debits: 1, refunds: 0 });
    expect(await balanceOf(t, session.userId)).toBe(2);
  }, 120_000);

  it("hands a job that outlasts the grace period back to the queue: another worker finishes it, no refund, exit 0", async () => {
    answering = false;
    const { session, taskId } = await submit("stop-hand-back@example.com");
    const first = startWorker(1500);
    const seen = requests;
    await until(
      "the first worker to start drawing",
      async () => requests > seen && (await taskRow(taskId))?.status === TASK_STATUS.exeing,
    );
    const stoppedAt = Date.now();
    first.worker.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // Bounded: the job grace, plus the process's own closing (well inside 2 × grace + 5 s).
    expect(Date.now() - stoppedAt).toBeLessThan(1500 * 2 + 5000);
    answering = true;
    startWorker(20_000);
    const done = await until(
      "another worker to finish the task",
      async () => {
        const row = await taskRow(taskId);
        return row && row.status >= TASK_STATUS.success ? row : null;
      },
      60_000,
    );
    expect(done).toMatchObject({ status: TASK_STATUS.success, attempts: 2 });
    expect(await t.app.database.db.select().from(stickers).where(eq(stickers.taskId, taskId))).toHaveLength(1);
    expect(await ledgerOf(taskId)).toEqual({ debits: 1, refunds: 0 });
    expect(await balanceOf(t, session.userId)).toBe(2);
  }, 120_000);
});
