/**
 * Our Telegram bot as this process talks to it (decision 0044): the Bot API client made from
 * TELEGRAM_BOT_TOKEN, its username (TELEGRAM_BOT_USERNAME, else asked of Telegram once), and the
 * webhook's secret, derived from the token so every process agrees without another setting.
 */
import { createHmac } from "node:crypto";
import { AppError } from "#common/errors.ts";
import type { Config } from "../config.ts";
import type { AppContext } from "../context.ts";
import { type BotApi, createBotApi } from "./bot-api.ts";

export interface OurBot {
  api: BotApi;
  username(): Promise<string>;
  /** The `X-Telegram-Bot-Api-Secret-Token` Telegram sends with every update. */
  webhookSecret: string;
}

const bots = new WeakMap<Config, OurBot>();

/** The secret of the webhook: an HMAC of a fixed label under the token (A–Z, a–z, 0–9, as Telegram wants). */
export function webhookSecretOf(token: string): string {
  return createHmac("sha256", token).update("sticker-studio telegram webhook").digest("hex").slice(0, 48);
}

/** The bot, or null when TELEGRAM_BOT_TOKEN is not set (the pages then explain the Telegram zip). */
export function ourBotOf(app: Pick<AppContext, "config">): OurBot | null {
  const { config } = app;
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) return null;
  let bot = bots.get(config);
  if (!bot) {
    const api = createBotApi({ token, apiUrl: config.TELEGRAM_API_URL, timeoutMs: 30_000 });
    let username: Promise<string> | null = config.TELEGRAM_BOT_USERNAME ? Promise.resolve(config.TELEGRAM_BOT_USERNAME) : null;
    bot = {
      api,
      webhookSecret: webhookSecretOf(token),
      username() {
        username ??= api.getMe().then(
          (me) => {
            if (!me.username) throw new Error("the bot has no username");
            return me.username;
          },
          (error: unknown) => {
            username = null;
            throw error;
          },
        );
        return username;
      },
    };
    bots.set(config, bot);
  }
  return bot;
}

/** The bot, or TELEGRAM_NOT_CONFIGURED (409) for a call that needs it. */
export function requireOurBot(app: Pick<AppContext, "config">): OurBot {
  const bot = ourBotOf(app);
  if (!bot) throw new AppError("TELEGRAM_NOT_CONFIGURED");
  return bot;
}

/** Where Telegram posts our bot's updates (webhook-routes.ts). */
export const TELEGRAM_WEBHOOK_PATH = "/api/telegram/webhook";

const registered = new WeakMap<Config, Promise<boolean>>();

/**
 * Tells Telegram where our webhook is (PUBLIC_URL + TELEGRAM_WEBHOOK_PATH) and its secret: at start,
 * and again before a deep link is handed out if that failed (Telegram was unreachable at start). A
 * failure is logged, not fatal: the site works without the bot.
 */
export function ensureWebhook(app: Pick<AppContext, "config" | "log">): Promise<boolean> {
  const bot = ourBotOf(app);
  if (!bot) return Promise.resolve(false);
  let done = registered.get(app.config);
  if (!done) {
    const url = new URL(TELEGRAM_WEBHOOK_PATH, app.config.PUBLIC_URL).toString();
    done = bot.api
      .setWebhook({ url, secretToken: bot.webhookSecret, allowedUpdates: ["message", "inline_query", "my_chat_member"] })
      .then(
        () => {
          app.log.info({ url }, "Telegram webhook registered");
          return true;
        },
        (error: unknown) => {
          app.log.warn({ err: error }, "Telegram webhook not registered");
          registered.delete(app.config);
          return false;
        },
      );
    registered.set(app.config, done);
  }
  return done;
}
