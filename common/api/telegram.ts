import { z } from "zod";
import { TELEGRAM_SET_STATES } from "../telegram.ts";
import { declareCall } from "./declare-call.ts";
import { packIdInput } from "./packs.ts";

/** Whether the site has a Telegram bot, and the caller's linked Telegram account. */
const telegramStatus = z.object({
  available: z.boolean().describe("False when the site runs without a Telegram bot: the pages explain the Telegram zip instead."),
  botUsername: z.string().nullable(),
  account: z
    .object({
      username: z.string().nullable(),
      firstName: z.string(),
      blocked: z.boolean().describe("The user blocked the bot in Telegram: nothing can be added until they press Start again."),
    })
    .nullable(),
});
export type TelegramStatus = z.output<typeof telegramStatus>;

/** A pack's sticker set in the caller's Telegram. */
const telegramSet = z.object({
  state: z.enum(TELEGRAM_SET_STATES),
  link: z.string().describe("t.me/addstickers/… : opens the set in Telegram (once it is made)."),
  done: z.number(),
  total: z.number(),
  /** An error code of a failed sync, with its translated message. */
  error: z.object({ code: z.string(), msg: z.string() }).nullable(),
  syncedAt: z.string().nullable(),
});
export type TelegramSetView = z.output<typeof telegramSet>;

/** "Add to Telegram" through our bot (decision 0044). */
export const telegramCalls = {
  status: declareCall({
    method: "GET",
    path: "/api/telegram/status",
    summary: "Whether the site has a Telegram bot, its username, and the caller's linked Telegram account.",
    tag: "telegram",
    access: "user",
    input: z.object({}),
    output: telegramStatus,
  }),
  link: declareCall({
    method: "POST",
    path: "/api/telegram/link",
    summary:
      "A one-use deep link t.me/<bot>?start=<code> (valid for minutes): pressing Start in the bot's chat links that Telegram account to the caller's. TELEGRAM_NOT_CONFIGURED without a bot.",
    tag: "telegram",
    access: "user",
    input: z.object({}),
    output: z.object({ url: z.string(), botUsername: z.string() }),
  }),
  unlink: declareCall({
    method: "POST",
    path: "/api/telegram/unlink",
    summary: "Forgets the caller's Telegram account and our records of their sets; the sets stay theirs in Telegram.",
    tag: "telegram",
    access: "user",
    input: z.object({}),
    output: telegramStatus,
  }),
  addPack: declareCall({
    method: "POST",
    path: "/api/telegram/addPack",
    summary:
      "Queues making, or bringing up to date, the caller's Telegram sticker set of a pack they may see (create, add, replace, reorder, delete, emoji, keywords, thumbnail). TELEGRAM_NOT_LINKED, TELEGRAM_BLOCKED, PACK_EMPTY; an unknown or hidden pack is PACK_NOT_FOUND.",
    tag: "telegram",
    access: "user",
    input: z.object({ packId: packIdInput }),
    output: telegramSet,
  }),
  packSet: declareCall({
    method: "GET",
    path: "/api/telegram/packSet",
    summary: "The caller's Telegram set of a pack: its state, progress and link; null when it was never added.",
    tag: "telegram",
    access: "user",
    input: z.object({ packId: packIdInput }),
    output: telegramSet.nullable(),
  }),
};
