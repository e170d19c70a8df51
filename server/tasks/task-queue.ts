/**
 * The job queue behind sticker creation: pg-boss on the app's own database (PGlite or PostgreSQL), so a
 * job is written in the same transaction as its task and points debit, and any number of worker
 * processes share it on PostgreSQL. Started on first use, so processes that never create skip it.
 */
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { withStartupLock } from "../db/startup-lock.ts";
import type { Logger } from "../log.ts";
import type { DbOrTx } from "../points/change-points.ts";

/** One job per task; its data is `{ taskId }`. */
export const GENERATE_QUEUE = "generate-sticker";
/** Jobs that used up every attempt land here, and their task fails with a refund. */
export const GENERATE_FAILED_QUEUE = "generate-sticker-failed";

/**
 * "Add to Telegram" (decision 0044): one job brings one pack's set up to date. Stately per set: one
 * waiting and one running at most, so a pack changed during a sync is synced once more, not once per
 * change. Its dead letters fail the set's state.
 */
export const TELEGRAM_SET_QUEUE = "telegram-set";
export const TELEGRAM_SET_FAILED_QUEUE = "telegram-set-failed";
/** The bot's answer to a chat's sticker: follows its task, then sends the sticker (one job per task). */
export const TELEGRAM_REPLY_QUEUE = "telegram-reply";

export interface GenerateJob {
  taskId: number;
}

export interface TaskQueue {
  /** The started queue (starts it on first call). */
  boss(): Promise<PgBoss>;
  /** Adds the task's job inside `tx`, so it exists exactly when the task and its debit commit. */
  enqueue(tx: DbOrTx, taskId: number): Promise<void>;
  /** Lets running jobs finish (up to `graceMs`), then stops polling. */
  stop(graceMs?: number): Promise<void>;
}

export function createTaskQueue(config: Config, database: Database, log: Logger): TaskQueue {
  let started: Promise<PgBoss> | null = null;

  async function start(): Promise<PgBoss> {
    const connection = database.pglite
      ? { db: fromPglite(database.pglite), backend: "pglite" as const }
      : { connectionString: config.DATABASE_URL, max: 4 };
    const boss = new PgBoss({
      ...connection,
      schedule: false,
      superviseIntervalSeconds: config.QUEUE_SUPERVISE_SECONDS,
      monitorIntervalSeconds: config.QUEUE_SUPERVISE_SECONDS,
    });
    boss.on("error", (error) => log.error({ err: error }, "job queue error"));
    // pg-boss creates its schema and our queues on start; processes starting together take turns.
    await withStartupLock(database.pool, "schema", async () => {
      await boss.start();
      await ensureQueue(boss, GENERATE_FAILED_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
      await ensureQueue(boss, GENERATE_QUEUE, {
        retryLimit: retryLimitOf(config),
        retryDelay: 2,
        // A worker that dies stops its heartbeat; the supervisor then retries the job (or dead-letters it).
        heartbeatSeconds: config.QUEUE_HEARTBEAT_SECONDS,
        expireInSeconds: Math.ceil(config.OPENAI_TIMEOUT_MS / 1000) + 120,
        deadLetter: GENERATE_FAILED_QUEUE,
      });
      await ensureQueue(boss, TELEGRAM_SET_FAILED_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
      await ensureQueue(boss, TELEGRAM_SET_QUEUE, {
        policy: "stately",
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
        heartbeatSeconds: config.QUEUE_HEARTBEAT_SECONDS,
        expireInSeconds: 15 * 60,
        deadLetter: TELEGRAM_SET_FAILED_QUEUE,
      });
      await ensureQueue(boss, TELEGRAM_REPLY_QUEUE, { retryLimit: 3, retryDelay: 2, retryBackoff: true });
    });
    return boss;
  }

  return {
    boss() {
      started ??= start().catch((error: unknown) => {
        started = null;
        throw error;
      });
      return started;
    },
    async enqueue(tx, taskId) {
      const boss = await this.boss();
      const job: GenerateJob = { taskId };
      await boss.send(GENERATE_QUEUE, job, { db: fromDrizzle(tx as never, sql), singletonKey: `task-${taskId}` });
    },
    async stop(graceMs = 10_000) {
      if (!started) return;
      const boss = await started.catch(() => null);
      started = null;
      await boss?.stop({ graceful: true, timeout: graceMs, close: true });
    },
  };
}

/**
 * Retries a job may get. Hosted generation gets at most one (decision 0015): its only retryable
 * failures are unpaid ones, but a worker that dies mid-call is retried blind, so a task can never
 * cost more than two paid calls. Offline drawing is free to try again.
 */
export function retryLimitOf(config: Pick<Config, "GENERATION_PROVIDER" | "QUEUE_RETRY_LIMIT">): number {
  return config.GENERATION_PROVIDER === "openai" ? Math.min(config.QUEUE_RETRY_LIMIT, 1) : config.QUEUE_RETRY_LIMIT;
}

type QueueSettings = Parameters<PgBoss["createQueue"]>[1];

/**
 * Creates the queue, or brings an existing one's settings up to date (config may have changed). A
 * queue's policy is fixed when it is made: pg-boss refuses to change it, so an update leaves it out.
 */
async function ensureQueue(boss: PgBoss, name: string, settings: NonNullable<QueueSettings>) {
  const existing = await boss.getQueue(name);
  if (existing) {
    const { policy: _fixed, ...changeable } = settings;
    await boss.updateQueue(name, changeable as never);
  } else await boss.createQueue(name, settings);
}
