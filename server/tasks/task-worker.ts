import type { Job, JobWithMetadata } from "pg-boss";
import type { AppContext } from "../context.ts";
import { type GeneratorProcess, providerSettingsOf, startGeneratorProcess } from "../generation/index.ts";
import { ourBotOf } from "../telegram/our-bot.ts";
import { startTelegramWorkers } from "../telegram/telegram-queue.ts";
import { failTask, runTaskAttempt } from "./run-task.ts";
import { GENERATE_FAILED_QUEUE, GENERATE_QUEUE, type GenerateJob } from "./task-queue.ts";

export interface TaskWorkers {
  /**
   * Stops taking jobs; a job in hand may finish within `graceMs` (default `SHUTDOWN_GRACE_MS`), after
   * which pg-boss fails it back to the queue ("shut down while active") for another worker to retry.
   * Stops the queue, then the generator processes.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Takes generation jobs (and, with a Telegram bot, its set syncs) in this process: `WORKER_CONCURRENCY` at a time, each drawing in its own
 * generator child process. Runs inside the web process by default (WORKER_IN_PROCESS) and alone in
 * `npm run worker`; on PostgreSQL any number of such processes share the queue.
 */
export async function startTaskWorkers(app: AppContext): Promise<TaskWorkers> {
  const boss = await app.tasks.boss();
  const timeoutMs = app.config.GENERATION_PROVIDER === "openai" ? app.config.OPENAI_TIMEOUT_MS + 30_000 : 120_000;
  const generators: GeneratorProcess[] = Array.from({ length: app.config.WORKER_CONCURRENCY }, () =>
    startGeneratorProcess({ settings: providerSettingsOf(app.config), log: app.log, timeoutMs }),
  );
  const idle = [...generators];
  let handedBack = false;

  await boss.work(
    GENERATE_QUEUE,
    {
      localConcurrency: app.config.WORKER_CONCURRENCY,
      includeMetadata: true,
      pollingIntervalSeconds: 0.5,
    },
    async ([job]: JobWithMetadata<GenerateJob>[]) => {
      if (!job) return;
      const generator = idle.pop() ?? generators[0];
      if (!generator) throw new Error("no generator process");
      try {
        await runTaskAttempt(app, generator, {
          taskId: job.data.taskId,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
          handedBack: () => handedBack,
        });
      } finally {
        idle.push(generator);
      }
    },
  );
  // Jobs that used every attempt (their worker died each time): the task fails and is refunded once.
  await boss.work(GENERATE_FAILED_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]: Job<GenerateJob>[]) => {
    if (!job) return;
    if (await failTask(app, job.data.taskId, "GENERATION_FAILED")) {
      app.log.warn({ taskId: job.data.taskId }, "task failed after its last attempt; points refunded");
    }
  });
  // "Add to Telegram" syncs (decision 0044) run wherever sticker jobs do.
  const telegram = ourBotOf(app) ? await startTelegramWorkers(app) : null;
  app.log.info({ concurrency: app.config.WORKER_CONCURRENCY, provider: app.config.GENERATION_PROVIDER }, "task workers ready");

  return {
    async stop(graceMs = app.config.SHUTDOWN_GRACE_MS) {
      await boss.offWork(GENERATE_QUEUE, { wait: false }).catch(() => undefined);
      await boss.offWork(GENERATE_FAILED_QUEUE, { wait: false }).catch(() => undefined);
      await telegram?.stop();
      await app.tasks.stop(graceMs);
      // Any job still running has been failed back to the queue by now: its attempt must not refund.
      handedBack = true;
      await Promise.all(generators.map((generator) => generator.close()));
    },
  };
}
