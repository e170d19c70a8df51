/**
 * Our client of Telegram's Bot API (core.telegram.org/bots/api), with no SDK: `fetch` and `FormData`.
 * It covers what the bot needs (sticker sets, chats, inline mode, the webhook), typed in camelCase and
 * sent in Telegram's snake_case. A refusal becomes a `TelegramApiError` the sync job can read
 * (`isRetryable`, `isBlockedByUser`, `isSetMissing`, `isStickerNotInSet`, `withRetryAfter`).
 *
 * The token is part of every URL, so no URL ever goes into an error or a log line.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";

// ---- What we send -------------------------------------------------------------------------------

/** A file sent with the call itself (multipart); a string is a `file_id` Telegram already has. */
export interface FileUpload {
  bytes: Uint8Array;
  filename: string;
  contentType?: string;
}
export type InputFile = string | FileUpload;

/** "animated" (TGS) exists in Telegram but we never make one. */
export type StickerFormat = "static" | "video";
export type StickerType = "regular" | "custom_emoji";

export interface InputSticker {
  sticker: InputFile;
  format: StickerFormat;
  /** 1 to 20 emoji. */
  emojiList: string[];
  /** Up to 20, 64 characters in all. */
  keywords?: string[];
}

/** Only URL buttons: the bot links back to the site, it does not take callbacks. */
export interface InlineKeyboardMarkup {
  inlineKeyboard: { text: string; url: string }[][];
}

export type InlineQueryResult =
  | { type: "sticker"; id: string; stickerFileId: string }
  | {
      type: "photo";
      id: string;
      photoUrl: string;
      thumbnailUrl: string;
      photoWidth?: number;
      photoHeight?: number;
      title?: string;
      description?: string;
    }
  | {
      type: "article";
      id: string;
      title: string;
      inputMessageContent: { messageText: string; parseMode?: ParseMode };
      url?: string;
      description?: string;
      thumbnailUrl?: string;
    };

export type ParseMode = "HTML" | "MarkdownV2";
/** The update kinds the bot asks for in setWebhook's allowed_updates. */
export type UpdateKind = "message" | "inline_query" | "my_chat_member";

// ---- What Telegram answers and sends ------------------------------------------------------------

export interface TelegramUser {
  id: number;
  isBot: boolean;
  firstName: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
}

export interface Chat {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  title?: string;
  username?: string;
  firstName?: string;
}

export interface PhotoSize {
  fileId: string;
  fileUniqueId: string;
  width: number;
  height: number;
  fileSize?: number;
}

export interface Sticker {
  fileId: string;
  /** The same for the same file over time and across bots; a file_id is not. */
  fileUniqueId: string;
  type: StickerType | "mask";
  width: number;
  height: number;
  isAnimated: boolean;
  isVideo: boolean;
  /** The first of the sticker's emoji. */
  emoji?: string;
  setName?: string;
  thumbnail?: PhotoSize;
  fileSize?: number;
}

export interface StickerSet {
  name: string;
  title: string;
  stickerType: StickerType | "mask";
  stickers: Sticker[];
  thumbnail?: PhotoSize;
}

export interface TelegramFile {
  fileId: string;
  fileUniqueId: string;
  fileSize?: number;
  /** For downloadFile; valid for at least an hour. */
  filePath?: string;
}

export interface MessageEntity {
  type: string;
  offset: number;
  length: number;
}

export interface Message {
  messageId: number;
  date: number;
  chat: Chat;
  from?: TelegramUser;
  text?: string;
  entities?: MessageEntity[];
  caption?: string;
  /** The same picture at several sizes, smallest first. */
  photo?: PhotoSize[];
  sticker?: Sticker;
  replyMarkup?: InlineKeyboardMarkup;
}

export interface InlineQuery {
  id: string;
  from: TelegramUser;
  query: string;
  offset: string;
  chatType?: "sender" | "private" | "group" | "supergroup" | "channel";
}

/** The bot's own membership in a chat changed: "kicked" in a private chat means the user blocked it. */
export interface ChatMemberUpdated {
  chat: Chat;
  from: TelegramUser;
  date: number;
  oldChatMember: { status: string; user: TelegramUser };
  newChatMember: { status: string; user: TelegramUser };
}

export interface Update {
  updateId: number;
  message?: Message;
  inlineQuery?: InlineQuery;
  myChatMember?: ChatMemberUpdated;
}

// ---- Errors -------------------------------------------------------------------------------------

/** Telegram answered `ok: false` (or not in its shape at all, then `errorCode` is the HTTP status). */
export class TelegramApiError extends Error {
  readonly method: string;
  readonly errorCode: number;
  /** Telegram's own words, e.g. "Bad Request: STICKERSET_INVALID". */
  readonly description: string;
  /** Seconds to wait, on 429. */
  readonly retryAfter: number | null;
  /** The group became a supergroup with this id. */
  readonly migrateToChatId: number | null;

  constructor(
    method: string,
    errorCode: number,
    description: string,
    parameters: { retryAfter?: number; migrateToChatId?: number } = {},
  ) {
    super(`Telegram ${method}: ${errorCode} ${description}`);
    this.name = "TelegramApiError";
    this.method = method;
    this.errorCode = errorCode;
    this.description = description;
    this.retryAfter = parameters.retryAfter ?? null;
    this.migrateToChatId = parameters.migrateToChatId ?? null;
  }
}

/** Telegram could not be reached, or did not answer in time. */
export class TelegramNetworkError extends Error {
  readonly method: string;

  constructor(method: string, cause: unknown) {
    super(`Telegram ${method}: no answer (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = "TelegramNetworkError";
    this.method = method;
  }
}

function refusal(error: unknown, code: number, pattern: RegExp): boolean {
  return error instanceof TelegramApiError && error.errorCode === code && pattern.test(error.description);
}

/** Worth trying again later: rate limited, Telegram's own failure, or no answer. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TelegramNetworkError) return true;
  return error instanceof TelegramApiError && (error.errorCode === 429 || error.errorCode >= 500);
}

/** The bot can no longer reach this user: blocked, deactivated, or never (or no longer) known to it. */
export function isBlockedByUser(error: unknown): boolean {
  return (
    refusal(error, 403, /bot was blocked by the user|user is deactivated/i) ||
    refusal(error, 400, /PEER_ID_INVALID|user not found/i)
  );
}

/** The sticker set is gone (deleted in Telegram by its owner) or never existed. */
export function isSetMissing(error: unknown): boolean {
  return refusal(error, 400, /\bSTICKERSET_INVALID\b/);
}

/** The file_id named no sticker of one of the bot's sets (already deleted, or replaced). */
export function isStickerNotInSet(error: unknown): boolean {
  return refusal(error, 400, /\bSTICKER_INVALID\b/);
}

/**
 * Runs `call`, and on 429 waits the `retry_after` Telegram asked for and runs it again, at most
 * `maxAttempts` times and `maxWaitMs` of waiting in all. Past that the 429 is thrown as it came, so a
 * queued job can come back after `retryAfter` instead of holding a worker.
 */
export async function withRetryAfter<T>(
  call: () => Promise<T>,
  options: { maxWaitMs?: number; maxAttempts?: number; sleep?: (ms: number) => Promise<unknown> } = {},
): Promise<T> {
  const { maxWaitMs = 30_000, maxAttempts = 5, sleep = delay } = options;
  let waitedMs = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof TelegramApiError) || error.retryAfter === null || attempt >= maxAttempts) throw error;
      const waitMs = error.retryAfter * 1000;
      if (waitedMs + waitMs > maxWaitMs) throw error;
      waitedMs += waitMs;
      await sleep(waitMs);
    }
  }
}

// ---- The webhook --------------------------------------------------------------------------------

export const WEBHOOK_SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token";

/** Whether the webhook's secret header is the one given to setWebhook, compared in constant time. */
export function verifyWebhookSecret(headerValue: string | null | undefined, expected: string): boolean {
  if (!expected || typeof headerValue !== "string") return false;
  // Digests first: equal lengths whatever was sent, so the time taken says nothing about the secret.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(headerValue), digest(expected));
}

/** An update as the webhook received it (Telegram's JSON), in our camelCase. */
export function parseUpdate(json: unknown): Update {
  return fromWire(json) as Update;
}

// ---- Wire format --------------------------------------------------------------------------------

function isFileUpload(value: unknown): value is FileUpload {
  return typeof value === "object" && value !== null && (value as FileUpload).bytes instanceof Uint8Array;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Telegram's JSON with camelCase keys. Values are never touched (a text stays as sent). */
function fromWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromWire);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [camel(key), fromWire(inner)]));
}

/**
 * Our camelCase call in Telegram's snake_case. An upload at the top level becomes the multipart part
 * of that field; one nested in a value (an InputSticker's file) becomes `attach://<part>`.
 */
function toWire(params: object): { fields: Record<string, unknown>; uploads: Map<string, FileUpload> } {
  const uploads = new Map<string, FileUpload>();
  const nested = (value: unknown): unknown => {
    if (isFileUpload(value)) {
      const part = `file${uploads.size}`;
      uploads.set(part, value);
      return `attach://${part}`;
    }
    if (Array.isArray(value)) return value.map(nested);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [snake(key), nested(inner)]),
    );
  };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (isFileUpload(value)) uploads.set(snake(key), value);
    else fields[snake(key)] = nested(value);
  }
  return { fields, uploads };
}

function encodeBody(fields: Record<string, unknown>, uploads: Map<string, FileUpload>): BodyInit {
  if (uploads.size === 0) return JSON.stringify(fields);
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    form.append(key, typeof value === "object" && value !== null ? JSON.stringify(value) : String(value));
  for (const [part, upload] of uploads) {
    const type = upload.contentType ?? "application/octet-stream";
    form.append(part, new Blob([new Uint8Array(upload.bytes)], { type }), upload.filename);
  }
  return form;
}

// ---- The client ---------------------------------------------------------------------------------

export interface BotApiOptions {
  token: string;
  /** Telegram's address, or a local Bot API server or stand-in. */
  apiUrl?: string;
  fetch?: typeof fetch;
  /** A call that takes longer is a TelegramNetworkError (uploads included). */
  timeoutMs?: number;
}

export type BotApi = ReturnType<typeof createBotApi>;

export function createBotApi(options: BotApiOptions) {
  const apiUrl = (options.apiUrl ?? "https://api.telegram.org").replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function send(method: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new TelegramNetworkError(method, error);
    }
  }

  async function call<T>(method: string, params: object = {}): Promise<T> {
    const { fields, uploads } = toWire(params);
    const body = encodeBody(fields, uploads);
    const headers = uploads.size === 0 ? { "Content-Type": "application/json" } : undefined;
    const response = await send(method, `${apiUrl}/bot${options.token}/${method}`, { method: "POST", headers, body });
    let answer: { ok?: unknown; result?: unknown; error_code?: unknown; description?: unknown; parameters?: unknown };
    try {
      answer = (await response.json()) as typeof answer;
    } catch (error) {
      if (response.ok) throw new TelegramNetworkError(method, error);
      throw new TelegramApiError(method, response.status, response.statusText || `HTTP ${response.status}`);
    }
    if (answer.ok === true) return fromWire(answer.result) as T;
    const parameters = (fromWire(answer.parameters) ?? {}) as { retryAfter?: number; migrateToChatId?: number };
    throw new TelegramApiError(
      method,
      typeof answer.error_code === "number" ? answer.error_code : response.status,
      typeof answer.description === "string" ? answer.description : `HTTP ${response.status}`,
      parameters,
    );
  }

  return {
    getMe: () => call<TelegramUser & { supportsInlineQueries?: boolean }>("getMe"),
    setWebhook: (params: { url: string; secretToken?: string; allowedUpdates?: UpdateKind[]; dropPendingUpdates?: boolean }) =>
      call<true>("setWebhook", params),
    deleteWebhook: (params: { dropPendingUpdates?: boolean } = {}) => call<true>("deleteWebhook", params),

    sendMessage: (params: { chatId: number; text: string; parseMode?: ParseMode; replyMarkup?: InlineKeyboardMarkup }) =>
      call<Message>("sendMessage", params),
    sendSticker: (params: { chatId: number; sticker: InputFile; emoji?: string; disableNotification?: boolean }) =>
      call<Message>("sendSticker", params),

    getFile: (params: { fileId: string }) => call<TelegramFile>("getFile", params),
    /** The bytes of a file at getFile's `filePath`. */
    async downloadFile(filePath: string): Promise<Uint8Array> {
      const response = await send("downloadFile", `${apiUrl}/file/bot${options.token}/${filePath}`, { method: "GET" });
      if (!response.ok) throw new TelegramApiError("downloadFile", response.status, response.statusText || "download failed");
      return new Uint8Array(await response.arrayBuffer());
    },

    uploadStickerFile: (params: { userId: number; sticker: FileUpload; stickerFormat: StickerFormat }) =>
      call<TelegramFile>("uploadStickerFile", params),
    /** The set's owner must have started the bot; 1 to 50 stickers. */
    createNewStickerSet: (params: {
      userId: number;
      name: string;
      title: string;
      stickers: InputSticker[];
      stickerType?: StickerType;
    }) => call<true>("createNewStickerSet", params),
    addStickerToSet: (params: { userId: number; name: string; sticker: InputSticker }) => call<true>("addStickerToSet", params),
    /** The new sticker takes the old one's place. */
    replaceStickerInSet: (params: { userId: number; name: string; oldSticker: string; sticker: InputSticker }) =>
      call<true>("replaceStickerInSet", params),
    /** Moves a sticker (by file_id) to a zero-based position. */
    setStickerPositionInSet: (params: { sticker: string; position: number }) => call<true>("setStickerPositionInSet", params),
    deleteStickerFromSet: (params: { sticker: string }) => call<true>("deleteStickerFromSet", params),
    setStickerEmojiList: (params: { sticker: string; emojiList: string[] }) => call<true>("setStickerEmojiList", params),
    setStickerKeywords: (params: { sticker: string; keywords?: string[] }) => call<true>("setStickerKeywords", params),
    /** Without `thumbnail`, the set's first sticker becomes its thumbnail again. */
    setStickerSetThumbnail: (params: { name: string; userId: number; format: StickerFormat; thumbnail?: InputFile }) =>
      call<true>("setStickerSetThumbnail", params),
    setStickerSetTitle: (params: { name: string; title: string }) => call<true>("setStickerSetTitle", params),
    getStickerSet: (params: { name: string }) => call<StickerSet>("getStickerSet", params),
    deleteStickerSet: (params: { name: string }) => call<true>("deleteStickerSet", params),

    answerInlineQuery: (params: {
      inlineQueryId: string;
      results: InlineQueryResult[];
      cacheTime?: number;
      isPersonal?: boolean;
      /** Sent back as the query's `offset` when the user scrolls to the end; empty: no more. */
      nextOffset?: string;
      /** A button above the results that opens a private chat with the bot, `/start <startParameter>`. */
      button?: { text: string; startParameter: string };
    }) => call<true>("answerInlineQuery", params),
  };
}
