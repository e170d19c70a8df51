/**
 * The bot in chats (decision 0044): a text or a photo sent to our bot by a linked user becomes a sticker
 * made for that user as on the site — the same prompt rules, upload checks, points and plans, the same
 * task and queue — and the finished sticker comes back into the chat. The webhook only submits (fast);
 * a `telegram-reply` job follows the task and sends the sticker, or the reason it failed.
 */
import { and, eq } from "drizzle-orm";
import { ERRORS, type ErrorCode, isAppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { basePathOf, type Language } from "#common/languages.ts";
import { TASK_STATUS } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { stickers, tasks, telegramAccounts } from "../db/schema.ts";
import { createStickerFiles } from "../exports/sticker-files.ts";
import { messengerMarkFor } from "../exports/viewer-mark.ts";
import { stickerPath } from "../seo/sitemap-xml.ts";
import { submitImageTask, submitTextTask } from "../tasks/submit-task.ts";
import { failureMessage } from "../tasks/task-view.ts";
import { decodePoolOf } from "../uploads/decode-pool.ts";
import { readUpload, uploadLimitsOf } from "../uploads/read-upload.ts";
import type { Message } from "./bot-api.ts";
import { rememberStickerFile } from "./inline-stickers.ts";
import { requireOurBot } from "./our-bot.ts";

/** Where a chat's sticker goes back to, and in which language the bot speaks. */
export interface ChatReplyJob {
  taskId: number;
  userId: number;
  chatId: number;
  language: Language;
  /** When it was asked (ms): a task still unfinished long after is given up on. */
  askedAt: number;
}

/** A chat's task still waiting or drawing after this long is reported as failed. */
const GIVE_UP_MS = 10 * 60_000;

/** Stickers made from chats follow the site's default: public, like the create panel's. */
const CHAT_VISIBILITY = "public" as const;

/** Sends a catalog text (its full key) to the chat, in its language. */
type Say = (key: string) => Promise<void>;

/**
 * Makes a sticker from a message of a private chat: the words, or the largest size of the photo (its
 * caption as the prompt). Answers what the bot should say right away; queues the reply with the sticker.
 */
export async function stickerFromMessage(
  app: AppContext,
  message: Message,
  language: Language,
  say: Say,
  queueReply: (job: ChatReplyJob) => Promise<void>,
): Promise<void> {
  const from = message.from;
  if (!from) return;
  const [account] = await app.database.db
    .select({ userId: telegramAccounts.userId })
    .from(telegramAccounts)
    .where(eq(telegramAccounts.telegramUserId, from.id));
  if (!account) return say("telegramBot.notLinked");
  const bot = requireOurBot(app);
  try {
    let taskId: number;
    const photo = message.photo?.at(-1);
    if (photo) {
      const file = await bot.api.getFile({ fileId: photo.fileId });
      if (!file.filePath) throw new Error("Telegram gave no path for the photo");
      const bytes = Buffer.from(await bot.api.downloadFile(file.filePath));
      const upload = await decodePoolOf(app).run(() => readUpload(bytes, uploadLimitsOf(app.config)));
      ({ taskId } = await submitImageTask(app, account.userId, {
        png: upload.png,
        prompt: message.caption ?? "",
        visibility: CHAT_VISIBILITY,
        locale: language,
      }));
    } else {
      ({ taskId } = await submitTextTask(app, account.userId, {
        prompt: message.text ?? "",
        visibility: CHAT_VISIBILITY,
        locale: language,
      }));
    }
    await say("telegramBot.drawing");
    await queueReply({ taskId, userId: account.userId, chatId: message.chat.id, language, askedAt: Date.now() });
  } catch (error) {
    // The site's refusals, in the site's words: no points, today's limit, a blocked prompt, a bad picture.
    if (isAppError(error) && error.code in ERRORS && ERRORS[error.code as ErrorCode].http < 500) {
      return say(ERRORS[error.code as ErrorCode].key);
    }
    throw error;
  }
}

/**
 * Follows a chat's task: "later" while it is waiting or drawing, else sends the sticker (the messenger's
 * WebP, with the small mark unless the user is a member) and a link to its page, or the failure.
 */
export async function replyWithSticker(app: AppContext, job: ChatReplyJob): Promise<"later" | "done"> {
  const db = app.database.db;
  const bot = requireOurBot(app);
  const [task] = await db
    .select({ status: tasks.status, errorCode: tasks.errorCode })
    .from(tasks)
    .where(and(eq(tasks.id, job.taskId), eq(tasks.userId, job.userId)));
  if (!task) return "done";
  const text = (key: string) => translate(job.language, key);
  if (task.status === TASK_STATUS.wait || task.status === TASK_STATUS.exeing) {
    if (Date.now() - job.askedAt < GIVE_UP_MS) return "later";
    await bot.api.sendMessage({ chatId: job.chatId, text: failureMessage("GENERATION_FAILED", job.language) });
    return "done";
  }
  if (task.status === TASK_STATUS.failed) {
    await bot.api.sendMessage({ chatId: job.chatId, text: failureMessage(task.errorCode ?? "GENERATION_FAILED", job.language) });
    return "done";
  }
  const [sticker] = await db
    .select({ picId: stickers.picId, stickerInstId: stickers.stickerInstId, name: stickers.name })
    .from(stickers)
    .where(eq(stickers.taskId, job.taskId))
    .orderBy(stickers.id)
    .limit(1);
  if (!sticker) return "done";
  const mark = await messengerMarkFor(db, job.userId);
  const file = await createStickerFiles(app).load(sticker.picId, "telegram.webp", mark);
  const sent = await bot.api.sendSticker({
    chatId: job.chatId,
    sticker: { bytes: new Uint8Array(file), filename: "sticker.webp" },
  });
  // Chat stickers are public: the file Telegram now has can be offered inline too.
  if (sent.sticker?.fileId) await rememberStickerFile(db, sticker.picId, mark, sent.sticker.fileId);
  const page = new URL(`${basePathOf(job.language)}${stickerPath(sticker)}`, app.config.PUBLIC_URL).toString();
  await bot.api.sendMessage({
    chatId: job.chatId,
    text: text("telegramBot.made"),
    replyMarkup: { inlineKeyboard: [[{ text: text("telegramBot.openSticker"), url: page }]] },
  });
  return "done";
}
