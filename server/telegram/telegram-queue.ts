/**
 * The bot's queued work (decision 0044), on the sticker queue's pg-boss: answers to chats' stickers, and
 * the syncs of Telegram sets: a job per request
 * (at most one waiting and one running per set), retried with backoff while Telegram is unreachable, and
 * sent again for later when Telegram's 429 asks for a longer wait than a run may spend. Jobs live in the
 * database, so a restart loses none.
 */
import { eq } from "drizzle-orm";
import type { Job } from "pg-boss";
import type { AppContext } from "../context.ts";
import { telegramSets } from "../db/schema.ts";
import { TELEGRAM_REPLY_QUEUE, TELEGRAM_SET_FAILED_QUEUE, TELEGRAM_SET_QUEUE } from "../tasks/task-queue.ts";
import { type ChatReplyJob, replyWithSticker } from "./chat-stickers.ts";
import { type SyncOptions, syncTelegramSet } from "./sync-set.ts";

export interface TelegramSetJob {
  setId: number;
}

/** Queues a sync of the set, `afterSeconds` from now; a sync already waiting for it takes this request. */
export async function requestSetSync(app: AppContext, setId: number, afterSeconds = 0): Promise<void> {
  const boss = await app.tasks.boss();
  const job: TelegramSetJob = { setId };
  await boss.send(TELEGRAM_SET_QUEUE, job, {
    singletonKey: `telegram-set-${setId}`,
    ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}),
  });
}

/** Queues the bot's answer to a chat's sticker, looked at again every `afterSeconds` until its task ends. */
export async function requestChatReply(app: AppContext, job: ChatReplyJob, afterSeconds = 0): Promise<void> {
  const boss = await app.tasks.boss();
  await boss.send(TELEGRAM_REPLY_QUEUE, job, {
    singletonKey: `telegram-reply-${job.taskId}`,
    ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}),
  });
}

export interface TelegramWorkers {
  stop(): Promise<void>;
}

/** Takes Telegram set jobs in this process (where the sticker workers run). */
export async function startTelegramWorkers(app: AppContext, options: SyncOptions = {}): Promise<TelegramWorkers> {
  const boss = await app.tasks.boss();
  await boss.work(TELEGRAM_SET_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]: Job<TelegramSetJob>[]) => {
    if (!job) return;
    const outcome = await syncTelegramSet(app, job.data.setId, options);
    if (outcome.kind === "later") await requestSetSync(app, job.data.setId, outcome.retryAfterSeconds);
  });
  await boss.work(TELEGRAM_SET_FAILED_QUEUE, { pollingIntervalSeconds: 1 }, async ([job]: Job<TelegramSetJob>[]) => {
    if (!job) return;
    await app.database.db
      .update(telegramSets)
      .set({ state: "failed", error: "TELEGRAM_UNAVAILABLE" })
      .where(eq(telegramSets.id, job.data.setId));
  });
  await boss.work(TELEGRAM_REPLY_QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]: Job<ChatReplyJob>[]) => {
    if (!job) return;
    if ((await replyWithSticker(app, job.data)) === "later") await requestChatReply(app, job.data, 1);
  });
  return {
    async stop() {
      await boss.offWork(TELEGRAM_REPLY_QUEUE, { wait: false }).catch(() => undefined);
      await boss.offWork(TELEGRAM_SET_QUEUE, { wait: false }).catch(() => undefined);
      await boss.offWork(TELEGRAM_SET_FAILED_QUEUE, { wait: false }).catch(() => undefined);
    },
  };
}
