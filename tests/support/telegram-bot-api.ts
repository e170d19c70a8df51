/**
 * A local stand-in of Telegram's Bot API on 127.0.0.1, so tests drive our real client
 * (server/telegram/bot-api.ts) over HTTP. It holds calls to Telegram's published rules (set names,
 * counts, emoji and keywords, each file parsed with server/exports/validate/, bursts answered 429), so
 * our code cannot pass by accident. It also plays the user's side: pressing Start, sending a photo or
 * a text, an inline query, blocking the bot, each delivered to the registered webhook with its secret.
 *
 * It speaks Telegram's wire JSON (snake_case); state is public for tests to read. Telegram's own
 * words are used where known; server/telegram/README.md lists the few that are the stand-in's.
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import {
  readPng,
  readWebm,
  readWebp,
  TELEGRAM_VIDEO_CODEC,
  TELEGRAM_VIDEO_EDGE_PX,
  TELEGRAM_VIDEO_MAX_BYTES,
  TELEGRAM_VIDEO_MAX_FPS,
  TELEGRAM_VIDEO_MAX_MS,
} from "#server/exports/validate/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: Telegram's objects are loose JSON here.
type Json = Record<string, any>;

/** The limits the stand-in enforces (core.telegram.org/bots/api and /stickers); 1 KB = 1,000 bytes, as rules.ts reads it. */
export const STAND_IN_LIMITS = {
  setNameLength: 64,
  titleLength: 64,
  stickersAtCreation: 50,
  regularPerSet: 120,
  customEmojiPerSet: 200,
  emojiPerSticker: 20,
  keywordsPerSticker: 20,
  keywordsTotalLength: 64,
  stickerEdgePx: TELEGRAM_VIDEO_EDGE_PX,
  /** Custom emoji and set thumbnails. */
  smallEdgePx: 100,
  staticMaxBytes: 512_000,
  videoMaxBytes: TELEGRAM_VIDEO_MAX_BYTES,
  staticThumbnailMaxBytes: 128_000,
  videoThumbnailMaxBytes: 32_000,
  inlineResults: 50,
  inlineQuerySeconds: 10,
  messageLength: 4096,
} as const;

export interface StandInUser {
  id: number;
  firstName: string;
  username?: string;
  languageCode?: string;
  blocked: boolean;
}

export interface StandInSticker {
  fileId: string;
  fileUniqueId: string;
  format: "static" | "video";
  width: number;
  height: number;
  emojiList: string[];
  keywords: string[];
}

export interface StandInSet {
  name: string;
  title: string;
  type: "regular" | "custom_emoji";
  ownerId: number;
  stickers: StandInSticker[];
  thumbnail: { fileId: string; format: "static" | "video"; width: number; height: number } | null;
}

export interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  /** Where `/file/bot<token>/<path>` serves it. */
  path: string;
  bytes: Uint8Array;
  kind: "sticker" | "photo" | "thumbnail";
  width: number;
  height: number;
}

export interface RecordedCall {
  method: string;
  params: Json;
  /** Names of the multipart parts that carried files. */
  files: string[];
  status: number;
  description?: string;
}

export interface RateLimit {
  /** Calls allowed within `perSeconds`... */
  burst: number;
  perSeconds: number;
  /** ...then every call is answered 429 for this many seconds. */
  retryAfter: number;
}

export interface TelegramStandIn {
  url: string;
  token: string;
  botUsername: string;
  botId: number;
  requests: RecordedCall[];
  /** By name in lower case (Telegram's names ignore case). */
  sets: Map<string, StandInSet>;
  /** Users who pressed Start. */
  users: Map<number, StandInUser>;
  files: Map<string, StoredFile>;
  /** What the bot sent, per chat, as Telegram's Message objects. */
  sent: Map<number, Json[]>;
  /** answerInlineQuery's answers by query id: `{ results, cache_time, is_personal, next_offset, button? }`. */
  inlineAnswers: Map<string, Json>;
  /** Every update made, delivered or not. */
  updates: Json[];
  webhook: { url: string; secretToken: string; allowedUpdates: string[] } | null;
  /** Off when null; tests may switch it at any time. */
  rateLimit: RateLimit | null;
  /** Posts an update to the webhook; its HTTP status, or null when no webhook takes it. */
  sendUpdate(update: Json): Promise<number | null>;
  /** The user presses Start (through a `t.me/<bot>?start=<payload>` link when a payload is given). */
  startBot(
    userId: number,
    user?: { firstName?: string; username?: string; languageCode?: string; payload?: string },
  ): Promise<number | null>;
  sendText(userId: number, text: string): Promise<number | null>;
  /** Telegram stores a photo as JPEGs at a few sizes; the message carries them, smallest first. */
  sendPhoto(userId: number, image: Uint8Array, caption?: string): Promise<number | null>;
  /** `offset`: what the bot's last answer gave as `next_offset`, when the user scrolls on. */
  inlineQuery(userId: number, query: string, offset?: string): Promise<{ status: number | null; inlineQueryId: string }>;
  /** The user blocks the bot: its calls about them are refused, and a my_chat_member update says so. */
  blockBot(userId: number): Promise<number | null>;
  close(): Promise<void>;
}

/** A call Telegram refuses: its status, and its description as the message. */
class Refusal extends Error {
  readonly status: number;
  constructor(status: number, description: string) {
    super(description);
    this.status = status;
  }
}
const bad = (text: string) => new Refusal(400, `Bad Request: ${text}`);

interface Call {
  params: Json;
  parts: Map<string, Uint8Array>;
}

type Format = "static" | "video";
type Role = "regular" | "custom_emoji" | "thumbnail";

const isPng = (bytes: Uint8Array) => bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
const isWebp = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 4)).toString("latin1") === "RIFF";
const extension = (format: Format, bytes: Uint8Array) => (format === "video" ? "webm" : isPng(bytes) ? "png" : "webp");
const EMOJI = /^\p{RGI_Emoji}$/v;
const HTML_TAGS = new Set("b strong i em u ins s strike del a code pre span tg-spoiler tg-emoji blockquote".split(" "));

/** Telegram's HTML parse mode: only its tags, properly nested, and no bare "<". */
function htmlProblem(text: string): string | null {
  const open: string[] = [];
  for (const [token, closing, tag] of text.matchAll(/<(\/?)([A-Za-z-]*)[^<>]*>|</g)) {
    if (tag === undefined) return 'unexpected "<": escape it as &lt;';
    const name = tag.toLowerCase();
    if (!HTML_TAGS.has(name)) return `unsupported start tag "${name}" (${token})`;
    if (!closing) open.push(name);
    else if (open.pop() !== name) return `can't find end tag corresponding to start tag "${name}"`;
  }
  return open.length > 0 ? `can't find end tag corresponding to start tag "${open.at(-1)}"` : null;
}

/** Telegram's checks of one sticker file for its format and use; the file's size when it passes. */
function checkStickerFile(bytes: Uint8Array, format: Format, role: Role): { width: number; height: number } {
  const L = STAND_IN_LIMITS;
  const edge = role === "regular" ? L.stickerEdgePx : L.smallEdgePx;
  const fits = (width: number, height: number) =>
    role === "regular" ? Math.max(width, height) === edge && Math.min(width, height) <= edge : width === edge && height === edge;
  if (format === "static") {
    if (bytes.length > (role === "thumbnail" ? L.staticThumbnailMaxBytes : L.staticMaxBytes)) throw bad("file is too big");
    const image = isPng(bytes) ? readPng(bytes) : isWebp(bytes) ? readWebp(bytes) : null;
    if (!image || image.problems.length > 0 || image.animated) throw bad("STICKER_FILE_INVALID");
    if (!fits(image.width, image.height)) throw bad("STICKER_PNG_DIMENSIONS");
    return { width: image.width, height: image.height };
  }
  if (bytes.length > (role === "thumbnail" ? L.videoThumbnailMaxBytes : L.videoMaxBytes)) throw bad("file is too big");
  const webm = readWebm(bytes);
  const video = webm.tracks.find((track) => track.type === "video");
  if (webm.problems.length > 0 || webm.docType !== "webm" || video?.codecId !== TELEGRAM_VIDEO_CODEC)
    throw bad("STICKER_VIDEO_NOWEBM");
  if (webm.tracks.length !== 1 || (webm.fps ?? 0) > TELEGRAM_VIDEO_MAX_FPS) throw bad("STICKER_FILE_INVALID");
  if (webm.durationMs > TELEGRAM_VIDEO_MAX_MS) throw bad("STICKER_VIDEO_LONG");
  const width = video.pixelWidth ?? 0;
  const height = video.pixelHeight ?? 0;
  if (!fits(width, height)) throw bad("STICKER_VIDEO_DIMENSIONS");
  return { width, height };
}

/** An error text (without "Bad Request: ") when the emoji list breaks Telegram's rule. */
function emojiProblem(list: unknown): string | null {
  if (!Array.isArray(list)) return "expected an Array of string";
  if (list.length === 0) return "emoji list must be non-empty";
  if (list.length > STAND_IN_LIMITS.emojiPerSticker) return "too many emoji specified";
  if (!list.every((emoji) => typeof emoji === "string" && EMOJI.test(emoji))) return "expected a Unicode emoji";
  return null;
}

function keywordsProblem(list: unknown): string | null {
  if (list === undefined) return null;
  if (!Array.isArray(list) || !list.every((keyword) => typeof keyword === "string")) return "keyword must be a string";
  if (list.length > STAND_IN_LIMITS.keywordsPerSticker) return "too many keywords specified";
  if (list.join("").length > STAND_IN_LIMITS.keywordsTotalLength) return "keywords are too long";
  return null;
}

export async function startTelegramStandIn(options: {
  token: string;
  botUsername: string;
  rateLimit?: RateLimit;
  /** The stand-in's clock (rate limit, inline query expiry, dates); a test's fake sleep can move it. */
  now?: () => number;
  /** A fixed port (a browser run's app is configured with it); any free one by default. */
  port?: number;
  /** Channels the bot is an admin of and may post to (ids like -100…), e.g. the inline cache chat. */
  channels?: number[];
}): Promise<TelegramStandIn> {
  const { token, botUsername } = options;
  const now = options.now ?? Date.now;
  const botId = Number(token.split(":")[0]) || 1;
  const bot = { id: botId, is_bot: true, first_name: "Sticker Studio", username: botUsername };
  const seconds = () => Math.floor(now() / 1000);
  let counter = 0;
  const openQueries = new Map<string, { expiresAt: number }>();
  const channels = new Set(options.channels ?? []);
  const recentCalls: number[] = [];
  let throttledUntil = 0;

  const standIn: Omit<TelegramStandIn, "url" | "close"> = {
    token,
    botUsername,
    botId,
    requests: [],
    sets: new Map(),
    users: new Map(),
    files: new Map(),
    sent: new Map(),
    inlineAnswers: new Map(),
    updates: [],
    webhook: null,
    rateLimit: options.rateLimit ?? null,
    sendUpdate,
    startBot,
    sendText,
    sendPhoto,
    inlineQuery,
    blockBot,
  };

  function storeFile(bytes: Uint8Array, kind: StoredFile["kind"], extension: string, size: { width: number; height: number }) {
    counter += 1;
    const file: StoredFile = {
      fileId: `${kind === "photo" ? "AgAC" : "CAAC"}${counter}_${randomBytes(12).toString("base64url")}`,
      // The same bytes have the same unique id, as Telegram's does for the same file.
      fileUniqueId: createHash("sha256").update(bytes).digest("base64url").slice(0, 16),
      path: `${kind}s/file_${counter}.${extension}`,
      bytes,
      kind,
      ...size,
    };
    standIn.files.set(file.fileId, file);
    return file;
  }

  // ---- Reading a call's parameters --------------------------------------------------------------

  const text = (call: Call, name: string) => (call.params[name] === undefined ? "" : String(call.params[name]));

  function integer(call: Call, name: string): number {
    const value = Number(call.params[name]);
    if (!Number.isSafeInteger(value)) throw bad(`invalid ${name} specified`);
    return value;
  }

  /** A JSON parameter: a string in forms, a value in a JSON body. */
  function json(call: Call, name: string, what: string): unknown {
    const value = call.params[name];
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      throw bad(`can't parse ${what} JSON object`);
    }
  }

  /** The bytes a file parameter names: its own part, `attach://<part>`, or a file_id (then the file too). */
  function fileOf(call: Call, ref: unknown, field?: string): { bytes: Uint8Array; stored?: StoredFile } | null {
    const own = field === undefined ? undefined : call.parts.get(field);
    if (own) return { bytes: own };
    if (typeof ref !== "string" || ref === "") return null;
    if (ref.startsWith("attach://")) {
      const part = call.parts.get(ref.slice("attach://".length));
      return part ? { bytes: part } : null;
    }
    const stored = standIn.files.get(ref);
    return stored ? { bytes: stored.bytes, stored } : null;
  }

  function setOf(name: string): StandInSet {
    const set = standIn.sets.get(name.toLowerCase());
    if (!set) throw bad("STICKERSET_INVALID");
    return set;
  }

  function stickerOf(fileId: string): { set: StandInSet; index: number } {
    for (const set of standIn.sets.values()) {
      const index = set.stickers.findIndex((sticker) => sticker.fileId === fileId);
      if (index >= 0) return { set, index };
    }
    throw bad("STICKER_INVALID");
  }

  /** A user the bot may act for or write to: they pressed Start and have not blocked it. */
  function reachable(call: Call, field: "user_id" | "chat_id"): StandInUser {
    const id = integer(call, field);
    if (field === "chat_id" && channels.has(id)) return { id, firstName: "Channel", blocked: false };
    const user = standIn.users.get(id);
    if (!user) throw bad(field === "user_id" ? "PEER_ID_INVALID" : "chat not found");
    if (user.blocked) throw new Refusal(403, "Forbidden: bot was blocked by the user");
    return user;
  }

  /** An InputSticker checked as Telegram does; the sticker it becomes in a set of `type`. */
  function inputSticker(call: Call, raw: unknown, context: string, type: StandInSet["type"]): StandInSticker {
    if (typeof raw !== "object" || raw === null) throw bad(`${context}InputSticker must be an Object`);
    const input = raw as Json;
    const file = fileOf(call, input.sticker);
    if (!file) throw bad(`${context}sticker not found`);
    if (input.format !== "static" && input.format !== "video") throw bad(`${context}Invalid sticker format specified`);
    const emoji = emojiProblem(input.emoji_list);
    if (emoji) throw bad(`${context}${emoji}`);
    const keywords = keywordsProblem(input.keywords);
    if (keywords) throw bad(`${context}${keywords}`);
    const size = checkStickerFile(file.bytes, input.format, type);
    const stored = storeFile(file.bytes, "sticker", extension(input.format, file.bytes), size);
    return {
      fileId: stored.fileId,
      fileUniqueId: stored.fileUniqueId,
      format: input.format,
      ...size,
      emojiList: input.emoji_list,
      keywords: input.keywords ?? [],
    };
  }

  const capacity = (set: StandInSet) =>
    set.type === "custom_emoji" ? STAND_IN_LIMITS.customEmojiPerSet : STAND_IN_LIMITS.regularPerSet;

  function stickerJson(sticker: StandInSticker, set?: StandInSet): Json {
    return {
      file_id: sticker.fileId,
      file_unique_id: sticker.fileUniqueId,
      type: set?.type ?? "regular",
      width: sticker.width,
      height: sticker.height,
      is_animated: false,
      is_video: sticker.format === "video",
      emoji: sticker.emojiList[0],
      ...(set ? { set_name: set.name } : {}),
      file_size: standIn.files.get(sticker.fileId)?.bytes.length,
    };
  }

  function photoSize(file: StoredFile): Json {
    const { fileId, fileUniqueId, width, height, bytes } = file;
    return { file_id: fileId, file_unique_id: fileUniqueId, width, height, file_size: bytes.length };
  }

  function deliver(chatId: number, message: Json): Json {
    const chat = channels.has(chatId) ? { id: chatId, type: "channel", title: "Channel" } : privateChat(chatId);
    const sent = { message_id: ++counter, date: seconds(), chat, ...(channels.has(chatId) ? {} : { from: bot }), ...message };
    standIn.sent.set(chatId, [...(standIn.sent.get(chatId) ?? []), sent]);
    return sent;
  }

  function userJson(userId: number): Json {
    const user = standIn.users.get(userId);
    const { firstName = `User ${userId}`, username, languageCode } = user ?? {};
    return { id: userId, is_bot: false, first_name: firstName, username, language_code: languageCode };
  }

  const privateChat = (userId: number) => {
    const { id, first_name, username } = userJson(userId);
    return { id, type: "private", first_name, username };
  };

  // ---- The methods --------------------------------------------------------------------------------

  const methods: Record<string, (call: Call) => unknown> = {
    getme: () => ({ ...bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: true }),

    setwebhook(call) {
      const url = text(call, "url");
      if (!/^https?:\/\//.test(url)) throw bad("bad webhook: An HTTPS URL must be provided for webhook");
      const secretToken = text(call, "secret_token");
      if (!/^[A-Za-z0-9_-]{0,256}$/.test(secretToken)) throw bad("secret token contains unallowed characters");
      const allowed = json(call, "allowed_updates", "allowed updates");
      standIn.webhook = { url, secretToken, allowedUpdates: Array.isArray(allowed) ? allowed.map(String) : [] };
      return true;
    },
    deletewebhook() {
      standIn.webhook = null;
      return true;
    },

    sendmessage(call) {
      const chat = reachable(call, "chat_id");
      const message = text(call, "text");
      if (message.trim() === "") throw bad("message text is empty");
      if (message.length > STAND_IN_LIMITS.messageLength) throw bad("message is too long");
      const parseMode = text(call, "parse_mode");
      if (parseMode && !["HTML", "MarkdownV2", "Markdown"].includes(parseMode))
        throw bad(`unsupported parse_mode "${parseMode}"`);
      const problem = parseMode === "HTML" ? htmlProblem(message) : null;
      if (problem) throw bad(`can't parse entities: ${problem}`);
      const markup = json(call, "reply_markup", "reply markup") as Json | undefined;
      const buttons = markup?.inline_keyboard;
      if (markup !== undefined && (!Array.isArray(buttons) || !buttons.every(Array.isArray)))
        throw bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
      for (const button of (buttons ?? []).flat() as Json[]) {
        if (typeof button.text !== "string" || button.text === "")
          throw bad("can't parse inline keyboard button: Text must be non-empty");
        if (typeof button.url !== "string" || !/^(https?|tg):\/\/\S+$/.test(button.url)) throw bad("BUTTON_URL_INVALID");
      }
      return deliver(chat.id, { text: message, ...(markup ? { reply_markup: markup } : {}) });
    },

    sendsticker(call) {
      const chat = reachable(call, "chat_id");
      const file = fileOf(call, call.params.sticker, "sticker");
      if (!file) throw bad("wrong file identifier/HTTP URL specified");
      if (file.stored && file.stored.kind !== "sticker")
        throw bad(`can't use file of type ${file.stored.kind === "photo" ? "Photo" : "Thumbnail"} as Sticker`);
      for (const set of standIn.sets.values()) {
        const known = set.stickers.find((sticker) => sticker.fileId === file.stored?.fileId);
        if (known) return deliver(chat.id, { sticker: stickerJson(known, set) });
      }
      const format: Format = isWebp(file.bytes) || isPng(file.bytes) ? "static" : "video";
      const size = checkStickerFile(file.bytes, format, "regular");
      const stored = file.stored ?? storeFile(file.bytes, "sticker", extension(format, file.bytes), size);
      const sticker = { fileId: stored.fileId, fileUniqueId: stored.fileUniqueId, format, ...size, emojiList: [], keywords: [] };
      return deliver(chat.id, { sticker: stickerJson(sticker) });
    },

    getfile(call) {
      const file = standIn.files.get(text(call, "file_id"));
      if (!file) throw bad("invalid file_id");
      return { file_id: file.fileId, file_unique_id: file.fileUniqueId, file_size: file.bytes.length, file_path: file.path };
    },

    uploadstickerfile(call) {
      reachable(call, "user_id");
      const format = text(call, "sticker_format");
      if (format !== "static" && format !== "video") throw bad("Invalid sticker format specified");
      const bytes = call.parts.get("sticker");
      if (!bytes) throw bad("there is no sticker file in the request");
      if (bytes.length > (format === "video" ? STAND_IN_LIMITS.videoMaxBytes : STAND_IN_LIMITS.staticMaxBytes))
        throw bad("file is too big");
      // The sizes are checked where the file is used: a set's type decides them.
      const stored = storeFile(bytes, "sticker", extension(format, bytes), { width: 0, height: 0 });
      return { file_id: stored.fileId, file_unique_id: stored.fileUniqueId, file_size: bytes.length };
    },

    createnewstickerset(call) {
      const owner = reachable(call, "user_id");
      const name = text(call, "name");
      const suffix = `_by_${botUsername}`.toLowerCase();
      if (
        !/^[A-Za-z][A-Za-z0-9_]*$/.test(name) ||
        name.includes("__") ||
        !name.toLowerCase().endsWith(suffix) ||
        name.length > STAND_IN_LIMITS.setNameLength
      )
        throw bad("invalid sticker set name is specified");
      const title = text(call, "title");
      if (title.length === 0 || title.length > STAND_IN_LIMITS.titleLength) throw bad("invalid sticker set title specified");
      const type = text(call, "sticker_type") || "regular";
      if (type !== "regular" && type !== "custom_emoji") throw bad("unsupported sticker type specified");
      const list = json(call, "stickers", "stickers");
      if (!Array.isArray(list)) throw bad("expected an Array of InputSticker");
      if (list.length > STAND_IN_LIMITS.stickersAtCreation) throw bad("too many stickers specified");
      if (list.length === 0) throw bad("STICKERS_EMPTY");
      const stickers = list.map((raw) => inputSticker(call, raw, "can't parse InputSticker: ", type));
      // Telegram checks the name last, on its own servers.
      if (standIn.sets.has(name.toLowerCase())) throw bad("sticker set name is already occupied");
      standIn.sets.set(name.toLowerCase(), { name, title, type, ownerId: owner.id, stickers, thumbnail: null });
      return true;
    },

    addstickertoset(call) {
      reachable(call, "user_id");
      const set = setOf(text(call, "name"));
      const sticker = inputSticker(call, json(call, "sticker", "sticker"), "can't parse sticker: ", set.type);
      if (set.stickers.length >= capacity(set)) throw bad("STICKERS_TOO_MUCH");
      set.stickers.push(sticker);
      return true;
    },

    replacestickerinset(call) {
      reachable(call, "user_id");
      const set = setOf(text(call, "name"));
      const old = stickerOf(text(call, "old_sticker"));
      if (old.set !== set) throw bad("STICKER_INVALID");
      set.stickers[old.index] = inputSticker(call, json(call, "sticker", "sticker"), "can't parse sticker: ", set.type);
      return true;
    },

    setstickerpositioninset(call) {
      const { set, index } = stickerOf(text(call, "sticker"));
      const position = integer(call, "position");
      if (position < 0 || position >= set.stickers.length) throw bad("STICKER_POSITION_INVALID");
      const [sticker] = set.stickers.splice(index, 1);
      set.stickers.splice(position, 0, sticker as StandInSticker);
      return true;
    },

    deletestickerfromset(call) {
      const { set, index } = stickerOf(text(call, "sticker"));
      set.stickers.splice(index, 1);
      return true;
    },

    setstickeremojilist(call) {
      const { set, index } = stickerOf(text(call, "sticker"));
      const list = json(call, "emoji_list", "emoji list");
      const problem = emojiProblem(list);
      if (problem) throw bad(`can't parse emoji list: ${problem}`);
      (set.stickers[index] as StandInSticker).emojiList = list as string[];
      return true;
    },

    setstickerkeywords(call) {
      const { set, index } = stickerOf(text(call, "sticker"));
      const list = json(call, "keywords", "keywords");
      const problem = keywordsProblem(list);
      if (problem) throw bad(problem);
      (set.stickers[index] as StandInSticker).keywords = (list as string[] | undefined) ?? [];
      return true;
    },

    setstickersetthumbnail(call) {
      reachable(call, "user_id");
      const set = setOf(text(call, "name"));
      const format = text(call, "format");
      if (format !== "static" && format !== "video") throw bad("Invalid sticker format specified");
      const file = fileOf(call, call.params.thumbnail, "thumbnail");
      if (!file) {
        set.thumbnail = null;
        return true;
      }
      const size = checkStickerFile(file.bytes, format, "thumbnail");
      const stored = storeFile(file.bytes, "thumbnail", extension(format, file.bytes), size);
      set.thumbnail = { fileId: stored.fileId, format, ...size };
      return true;
    },

    setstickersettitle(call) {
      const set = setOf(text(call, "name"));
      const title = text(call, "title");
      if (title.length === 0 || title.length > STAND_IN_LIMITS.titleLength) throw bad("invalid sticker set title specified");
      set.title = title;
      return true;
    },

    getstickerset(call) {
      const set = setOf(text(call, "name"));
      const thumbnail = set.thumbnail && standIn.files.get(set.thumbnail.fileId);
      return {
        name: set.name,
        title: set.title,
        sticker_type: set.type,
        stickers: set.stickers.map((sticker) => stickerJson(sticker, set)),
        ...(thumbnail ? { thumbnail: photoSize(thumbnail) } : {}),
      };
    },

    deletestickerset(call) {
      const set = setOf(text(call, "name"));
      standIn.sets.delete(set.name.toLowerCase());
      return true;
    },

    answerinlinequery(call) {
      const id = text(call, "inline_query_id");
      const open = openQueries.get(id);
      openQueries.delete(id);
      if (!open || now() > open.expiresAt) throw bad("query is too old and response timeout expired or query ID is invalid");
      const results = json(call, "results", "inline query results");
      if (!Array.isArray(results)) throw bad('field "results" must be an Array');
      if (results.length > STAND_IN_LIMITS.inlineResults) throw bad("RESULTS_TOO_MUCH");
      const ids = new Set<string>();
      for (const result of results as Json[]) {
        const resultId = String(result.id ?? "");
        if (resultId === "" || Buffer.byteLength(resultId) > 64) throw bad("RESULT_ID_INVALID");
        if (ids.has(resultId)) throw bad("RESULT_ID_DUPLICATE");
        ids.add(resultId);
        if (result.type === "sticker") {
          if (standIn.files.get(result.sticker_file_id)?.kind !== "sticker")
            throw bad("wrong file identifier/HTTP URL specified");
        } else if (result.type === "photo") {
          if (!/^https?:\/\//.test(result.photo_url ?? "") || !/^https?:\/\//.test(result.thumbnail_url ?? ""))
            throw bad("PHOTO_INVALID");
        } else if (result.type === "article") {
          if (!result.title || !result.input_message_content?.message_text) throw bad("MESSAGE_EMPTY");
        } else throw bad(`unsupported inline query result type "${result.type}"`);
      }
      const nextOffset = text(call, "next_offset");
      if (Buffer.byteLength(nextOffset) > 64) throw bad("NEXT_OFFSET_INVALID");
      const button = json(call, "button", "inline query results button") as Json | undefined;
      if (button !== undefined) {
        if (typeof button.text !== "string" || button.text === "") throw bad("BUTTON_TEXT_INVALID");
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(String(button.start_parameter ?? ""))) throw bad("START_PARAM_INVALID");
      }
      const answer = {
        results,
        cache_time: Number(call.params.cache_time ?? 300),
        is_personal: [true, "true"].includes(call.params.is_personal),
        next_offset: nextOffset,
        ...(button ? { button } : {}),
      };
      standIn.inlineAnswers.set(id, answer);
      return true;
    },
  };

  /** Runs one method and records it; Telegram's answer as status and JSON. */
  async function runMethod(method: string, call: Call): Promise<[number, Json]> {
    let answer: [number, Json];
    try {
      const run = methods[method.toLowerCase()];
      if (!run) throw new Refusal(404, "Not Found: method not found");
      answer = [200, { ok: true, result: await run(call) }];
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      answer = [error.status, { ok: false, error_code: error.status, description: error.message }];
    }
    standIn.requests.push({
      method,
      params: call.params,
      files: [...call.parts.keys()],
      status: answer[0],
      ...(answer[1].ok ? {} : { description: answer[1].description }),
    });
    return answer;
  }

  /** Seconds to wait when this call breaks the rate limit, else null (and the call counts). */
  function throttle(): number | null {
    const limit = standIn.rateLimit;
    if (!limit) return null;
    const at = now();
    if (at < throttledUntil) return Math.ceil((throttledUntil - at) / 1000);
    while (recentCalls.length > 0 && (recentCalls[0] as number) <= at - limit.perSeconds * 1000) recentCalls.shift();
    if (recentCalls.length >= limit.burst) {
      throttledUntil = at + limit.retryAfter * 1000;
      recentCalls.length = 0;
      return limit.retryAfter;
    }
    recentCalls.push(at);
    return null;
  }

  async function readCall(request: IncomingMessage, url: URL): Promise<Call> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const call: Call = { params: Object.fromEntries(url.searchParams), parts: new Map() };
    const type = request.headers["content-type"] ?? "";
    if (body.length === 0) return call;
    if (type.startsWith("application/json")) {
      try {
        Object.assign(call.params, JSON.parse(body.toString("utf8")));
      } catch {
        throw bad("can't parse JSON object");
      }
    } else if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
      const form = await new Request("http://stand-in/", { method: "POST", headers: { "content-type": type }, body }).formData();
      for (const [name, value] of form) {
        if (typeof value === "string") call.params[name] = value;
        else call.parts.set(name, new Uint8Array(await value.arrayBuffer()));
      }
    }
    return call;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const send = (status: number, json: Json) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(json));
    };
    // The users' side for tests in another process (a browser run): a user presses Start, a set is read.
    if (url.pathname === "/_stand-in/start" && request.method === "POST") {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const { userId, ...user } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json;
      return send(200, { status: await startBot(Number(userId), user) });
    }
    const setPath = url.pathname.match(/^\/_stand-in\/sets\/([A-Za-z0-9_]+)$/);
    if (setPath) {
      const set = standIn.sets.get((setPath[1] as string).toLowerCase());
      return set ? send(200, set as unknown as Json) : send(404, { ok: false, error_code: 404, description: "Not Found" });
    }
    const download = url.pathname.match(/^\/file\/bot([^/]+)\/(.+)$/);
    if (download) {
      const file = [...standIn.files.values()].find((stored) => stored.path === download[2]);
      if (download[1] !== token || !file) return send(404, { ok: false, error_code: 404, description: "Not Found" });
      response.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": file.bytes.length });
      return response.end(file.bytes);
    }
    const route = url.pathname.match(/^\/bot([^/]+)\/([A-Za-z]+)$/);
    if (!route) return send(404, { ok: false, error_code: 404, description: "Not Found" });
    if (route[1] !== token) return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = route[2] as string;
    let call: Call;
    try {
      call = await readCall(request, url);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return send(error.status, { ok: false, error_code: error.status, description: error.message });
    }
    const retryAfter = throttle();
    if (retryAfter === null) return send(...(await runMethod(method, call)));
    const description = `Too Many Requests: retry after ${retryAfter}`;
    standIn.requests.push({ method, params: call.params, files: [...call.parts.keys()], status: 429, description });
    return send(429, { ok: false, error_code: 429, description, parameters: { retry_after: retryAfter } });
  }

  // ---- The users' side ----------------------------------------------------------------------------

  async function sendUpdate(update: Json): Promise<number | null> {
    const full = { update_id: standIn.updates.length + 1, ...update };
    standIn.updates.push(full);
    const hook = standIn.webhook;
    const kind = Object.keys(full).find((key) => key !== "update_id") ?? "";
    if (!hook || (hook.allowedUpdates.length > 0 && !hook.allowedUpdates.includes(kind))) return null;
    const answer = await fetch(hook.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(hook.secretToken ? { "X-Telegram-Bot-Api-Secret-Token": hook.secretToken } : {}),
      },
      body: JSON.stringify(full),
    });
    const reply = await answer.text();
    // A webhook may answer with one method call in its body, which Telegram then runs.
    if (answer.ok && answer.headers.get("content-type")?.startsWith("application/json")) {
      const { method, ...params } = (JSON.parse(reply) ?? {}) as Json;
      if (typeof method === "string") await runMethod(method, { params, parts: new Map() });
    }
    return answer.status;
  }

  function userMessage(userId: number, message: Json): Json {
    const user = standIn.users.get(userId);
    if (!user) throw new Error(`user ${userId} has not started the bot (startBot first)`);
    return { message: { message_id: ++counter, date: seconds(), chat: privateChat(userId), from: userJson(userId), ...message } };
  }

  function startBot(userId: number, user: Parameters<TelegramStandIn["startBot"]>[1] = {}) {
    const { firstName = `User ${userId}`, username, languageCode, payload } = user;
    standIn.users.set(userId, { id: userId, firstName, username, languageCode, blocked: false });
    const command = payload ? `/start ${payload}` : "/start";
    return sendUpdate(userMessage(userId, { text: command, entities: [{ type: "bot_command", offset: 0, length: 6 }] }));
  }

  function sendText(userId: number, message: string) {
    return sendUpdate(userMessage(userId, { text: message }));
  }

  async function sendPhoto(userId: number, image: Uint8Array, caption?: string) {
    const sizes: Json[] = [];
    for (const side of [90, 1280]) {
      const { data, info } = await sharp(image)
        .resize(side, side, { fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 87 })
        .toBuffer({ resolveWithObject: true });
      sizes.push(photoSize(storeFile(new Uint8Array(data), "photo", "jpg", { width: info.width, height: info.height })));
    }
    return sendUpdate(userMessage(userId, { photo: sizes, ...(caption ? { caption } : {}) }));
  }

  async function inlineQuery(userId: number, query: string, offset = "") {
    const inlineQueryId = `${++counter}${randomBytes(6).readUIntBE(0, 6)}`;
    openQueries.set(inlineQueryId, { expiresAt: now() + STAND_IN_LIMITS.inlineQuerySeconds * 1000 });
    const status = await sendUpdate({
      inline_query: { id: inlineQueryId, from: userJson(userId), query, offset, chat_type: "sender" },
    });
    return { status, inlineQueryId };
  }

  function blockBot(userId: number) {
    const user = standIn.users.get(userId);
    if (user) user.blocked = true;
    const member = (status: string) => ({ status, user: bot, ...(status === "kicked" ? { until_date: 0 } : {}) });
    return sendUpdate({
      my_chat_member: {
        chat: privateChat(userId),
        from: userJson(userId),
        date: seconds(),
        old_chat_member: member("member"),
        new_chat_member: member("kicked"),
      },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      response.writeHead(500, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
