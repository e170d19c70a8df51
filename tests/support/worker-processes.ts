/**
 * Real worker processes (`server/worker.ts`, as `npm run worker` runs it) for the tests that stop or
 * kill one mid-task, on PostgreSQL: they draw through the hosted provider against a local images API
 * that holds each request until the test lets it answer, so "mid-task" is certain.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import { TASK_STATUS } from "#common/tasks.ts";
import { pointsLedger, stickers, tasks } from "#server/db/schema.ts";
import { callApi, createGalleryTestApp, type TestSession } from "./stickers.ts";
import { balanceOf, userWithPoints } from "./tasks.ts";
import { closeTestApp, type TestApp } from "./test-app.ts";

/** The queue settings of the test app and of every worker: a stalled job is seen soon, and retried once. */
const QUEUE_SETTINGS = {
  QUEUE_HEARTBEAT_SECONDS: "10", // pg-boss's smallest
  QUEUE_SUPERVISE_SECONDS: "1",
  QUEUE_RETRY_LIMIT: "1",
};

export interface ImagesApi {
  /** What OPENAI_BASE_URL names. */
  baseUrl: string;
  /** Requests received so far. */
  requests(): number;
  /** Hold each request from now on, unanswered (as at the start). */
  hold(): void;
  /** Answer each request at once from now on. */
  answerFromNow(): void;
  /** Answers the requests held so far. */
  releaseHeld(): void;
  close(): void;
}

/** The hosted provider's images API, answering with one 1024×1024 PNG: `svg` on a transparent canvas. */
async function startImagesApi(svg: string): Promise<ImagesApi> {
  const pngBase64 = (
    await sharp({ create: { width: 1024, height: 1024, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from(svg) }])
      .png()
      .toBuffer()
  ).toString("base64");
  let answering = false;
  let requests = 0;
  const held: (() => void)[] = [];
  const server = createServer((req, res) => {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests: () => requests,
    hold() {
      answering = false;
    },
    answerFromNow() {
      answering = true;
    },
    releaseHeld() {
      for (const answer of held.splice(0)) answer();
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export interface WorkerProcess {
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM, as a container's stop sends it. */
  terminate(): void;
  /** SIGKILL, a crash; resolves once it has exited. */
  kill(): Promise<void>;
}

/** Polls `read` every 100 ms until it answers something truthy, which it returns. */
export async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One suite's test app (a text sticker costs 1 point), its images API drawing `svg`, and the worker
 * processes it starts. Close it in afterAll: it kills its workers first.
 */
export async function startWorkerTestbed(svg: string): Promise<WorkerTestbed> {
  const imagesApi = await startImagesApi(svg);
  const t = await createGalleryTestApp(0, { ...QUEUE_SETTINGS, TEXT_GENERATION_COST: "1" }).catch((error: unknown) => {
    imagesApi.close();
    throw error;
  });
  return new WorkerTestbed(t, imagesApi);
}

export class WorkerTestbed {
  readonly t: TestApp;
  readonly imagesApi: ImagesApi;
  private readonly workers: WorkerProcess[] = [];

  constructor(t: TestApp, imagesApi: ImagesApi) {
    this.t = t;
    this.imagesApi = imagesApi;
  }

  /** A worker on the test app's database, drawing through the images API, with the queue settings and `env`. */
  startWorker(env: Record<string, string> = {}): WorkerProcess {
    const child: ChildProcess = spawn(process.execPath, ["server/worker.ts"], {
      env: {
        ...process.env,
        DATABASE_URL: this.t.app.config.DATABASE_URL,
        DATA_DIR: this.t.dataDir,
        LOG_LEVEL: "error",
        NODE_ENV: "test",
        GENERATION_PROVIDER: "openai",
        OPENAI_API_KEY: "test-key",
        OPENAI_BASE_URL: this.imagesApi.baseUrl,
        ...QUEUE_SETTINGS,
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const worker: WorkerProcess = {
      exited,
      terminate: () => child.kill("SIGTERM"),
      async kill() {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGKILL");
        await exited;
      },
    };
    this.workers.push(worker);
    return worker;
  }

  /** Kills every worker it started that still runs. */
  async killWorkers(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.kill()));
  }

  async close(): Promise<void> {
    await this.killWorkers();
    this.imagesApi.close();
    await closeTestApp(this.t);
  }

  /** A new user with 3 points more than the starting grant submits a text sticker. */
  async submitTextTask(email: string, prompt: string): Promise<{ session: TestSession; taskId: number }> {
    const session = await userWithPoints(this.t, email, 3);
    const { body } = await callApi(this.t, "POST", "/api/aitask/submitGenerateText", { body: { prompt }, session });
    expect(body.status).toBe(200);
    return { session, taskId: body.data.taskId as number };
  }

  async taskRow(taskId: number) {
    const [row] = await this.t.app.database.db.select().from(tasks).where(eq(tasks.id, taskId));
    return row;
  }

  /** Waits until a worker draws the task: it runs, and the images API got a request since this call. */
  async untilDrawing(taskId: number, what: string): Promise<void> {
    const seen = this.imagesApi.requests();
    await until(
      what,
      async () => this.imagesApi.requests() > seen && (await this.taskRow(taskId))?.status === TASK_STATUS.exeing,
    );
  }

  /** Waits until the task succeeded or failed; answers its row. */
  untilTaskEnds(taskId: number, what: string, timeoutMs?: number) {
    return until(
      what,
      async () => {
        const row = await this.taskRow(taskId);
        return row && row.status >= TASK_STATUS.success ? row : null;
      },
      timeoutMs,
    );
  }

  balanceOf(userId: number): Promise<number> {
    return balanceOf(this.t, userId);
  }

  async stickersOf(taskId: number) {
    return this.t.app.database.db.select().from(stickers).where(eq(stickers.taskId, taskId));
  }

  /** How many times the task's points were taken and given back, by the ledger's idempotency keys. */
  async ledgerOf(taskId: number) {
    const [row] = await this.t.app.database.db
      .select({
        debits: sql<number>`count(*) filter (where ${pointsLedger.idempotencyKey} = ${`task:${taskId}:debit`})::int`,
        refunds: sql<number>`count(*) filter (where ${pointsLedger.idempotencyKey} = ${`task:${taskId}:refund`})::int`,
      })
      .from(pointsLedger);
    return row;
  }
}
