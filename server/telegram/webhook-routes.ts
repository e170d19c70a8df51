/**
 * Our bot's webhook (decision 0044): Telegram POSTs each update here with the secret header
 * (`X-Telegram-Bot-Api-Secret-Token`, derived from the token; anything else is refused before the body is
 * read). `/start <code>` links the sender's Telegram account to the code's site account; a plain
 * `/start` after blocking the bot unblocks it; the bot's membership turning `kicked` records that the
 * user blocked it. An inline query is answered from the gallery (inline-stickers.ts). The answer is always quick: Telegram waits for it before the next update.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { type Language, languageFromAcceptLanguage } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { respondWithError } from "../http/envelope.ts";
import { parseUpdate, type TelegramUser, verifyWebhookSecret, WEBHOOK_SECRET_HEADER } from "./bot-api.ts";
import { stickerFromMessage } from "./chat-stickers.ts";
import { answerInlineQuery, INLINE_START_PARAMETER } from "./inline-stickers.ts";
import { completeTelegramLink, setTelegramBlocked } from "./link-account.ts";
import { ourBotOf, TELEGRAM_WEBHOOK_PATH } from "./our-bot.ts";
import { requestChatReply } from "./telegram-queue.ts";

/** Telegram's updates are a few kilobytes. */
const UPDATE_BODY_LIMIT_BYTES = 256 * 1024;
const START = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/;

function languageOf(user: TelegramUser | undefined): Language {
  return languageFromAcceptLanguage(user?.languageCode ?? null);
}

export function telegramWebhookRoutes(app: AppContext) {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithError(c, error));
  routes.post(
    TELEGRAM_WEBHOOK_PATH,
    async (c, next) => {
      const bot = ourBotOf(app);
      if (!bot) throw new AppError("NOT_FOUND");
      if (!verifyWebhookSecret(c.req.header(WEBHOOK_SECRET_HEADER), bot.webhookSecret)) throw new AppError("AUTH_ERROR");
      await next();
    },
    bodyLimit({
      maxSize: UPDATE_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE");
      },
    }),
    async (c) => {
      const bot = ourBotOf(app)!;
      let update: ReturnType<typeof parseUpdate>;
      try {
        update = parseUpdate(await c.req.json());
      } catch {
        throw new AppError("INVALID_INPUT");
      }
      const say = async (chatId: number, language: Language, key: string) => {
        try {
          await bot.api.sendMessage({
            chatId,
            text: translate(language, key),
            replyMarkup: {
              inlineKeyboard: [[{ text: translate(language, "telegramBot.openSite"), url: app.config.PUBLIC_URL }]],
            },
          });
        } catch (error) {
          // The answer to a message is a courtesy: a refused one changes nothing already done.
          c.var.log.warn({ err: error }, "Telegram bot message not sent");
        }
      };

      const member = update.myChatMember;
      if (member && member.chat.type === "private") {
        const status = member.newChatMember.status;
        if (status === "kicked") await setTelegramBlocked(app, member.from.id, true);
        else if (status === "member") await setTelegramBlocked(app, member.from.id, false);
      }

      const message = update.message;
      const from = message?.from;
      const start = message?.text ? START.exec(message.text.trim()) : null;
      if (message && from && start && message.chat.type === "private") {
        const language = languageOf(from);
        const code = start[1];
        if (!code || code === INLINE_START_PARAMETER) {
          await setTelegramBlocked(app, from.id, false);
          await say(message.chat.id, language, "telegramBot.hello");
        } else {
          const userId = await completeTelegramLink(app, code, {
            id: from.id,
            username: from.username,
            firstName: from.firstName,
            language,
          });
          c.var.log.info({ linked: userId !== null }, "Telegram link");
          await say(message.chat.id, language, userId === null ? "telegramBot.linkExpired" : "telegramBot.linked");
        }
      } else if (message && from && message.chat.type === "private" && (message.photo || message.text)) {
        const language = languageOf(from);
        if (message.text?.startsWith("/")) await say(message.chat.id, language, "telegramBot.hello");
        else {
          await stickerFromMessage(
            app,
            message,
            language,
            (key) => say(message.chat.id, language, key),
            (job) => requestChatReply(app, job),
          );
        }
      }
      // Answered beside the webhook's own answer: uploads to the cache chat may take a few seconds, and
      // Telegram holds the next updates until this one is answered.
      if (update.inlineQuery) void answerInlineQuery(app, update.inlineQuery, languageOf(update.inlineQuery.from));
      return c.json({ ok: true });
    },
  );
  return routes;
}
