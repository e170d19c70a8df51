/**
 * Inline mode (decision 0044): `@<bot> cat` in any chat offers public stickers from the gallery search
 * (an empty query, the most popular ones), the query read in every language and tag names in the asker's.
 * An inline sticker must name a file Telegram already has, by file_id: the bot learns one by sending the
 * sticker's Telegram file (with the small mark) once to its cache chat (TELEGRAM_CACHE_CHAT_ID), and from
 * every sticker it sends as a chat's answer; `telegram_sticker_files` keeps them, so each file goes up once.
 * A query waits for at most a few uploads, within a budget; the rest are offered by the next query.
 */
import { and, eq, inArray } from "drizzle-orm";
import { isAppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { basePathOf, type Language } from "#common/languages.ts";
import type { StickerListItem } from "#common/stickers.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { telegramStickerFiles } from "../db/schema.ts";
import type { MessengerMark } from "../exports/messenger-mark.ts";
import { createStickerFiles } from "../exports/sticker-files.ts";
import { searchStickers } from "../search/search-stickers.ts";
import { listStickersByTag } from "../stickers/list-stickers-by-tag.ts";
import { COMMUNITY_TAG } from "../stickers/tags.ts";
import { type InlineQuery, type InlineQueryResult, TelegramApiError } from "./bot-api.ts";
import { type OurBot, ourBotOf } from "./our-bot.ts";

/** Results per answer (Telegram takes 50); scrolling asks for the next page through `offset`. */
export const INLINE_PAGE_SIZE = 20;
/** Pages an inline query may scroll through. */
const INLINE_MAX_PAGES = 5;
/** Files one query may send to the cache chat, and how long its answer waits for them. */
const UPLOADS_PER_QUERY = 6;
const UPLOAD_BUDGET_MS = 5000;
/** Telegram keeps an answer this long for the same query, for everyone: the stickers are public. */
const INLINE_CACHE_SECONDS = 300;
/** `/start` with this parameter comes from the inline results' button: a hello, not a link code. */
export const INLINE_START_PARAMETER = "inline";

/** What Telegram knows of one of our files: the file_id it answered when the bot sent it. */
export async function rememberStickerFile(db: Db, picId: string, mark: MessengerMark, fileId: string): Promise<void> {
  await db.insert(telegramStickerFiles).values({ picId, mark, fileId }).onConflictDoNothing();
}

async function knownFileIds(db: Db, picIds: string[]): Promise<Map<string, string>> {
  if (picIds.length === 0) return new Map();
  const rows = await db
    .select({ picId: telegramStickerFiles.picId, fileId: telegramStickerFiles.fileId })
    .from(telegramStickerFiles)
    .where(and(inArray(telegramStickerFiles.picId, picIds), eq(telegramStickerFiles.mark, "corner")));
  return new Map(rows.map((row) => [row.picId, row.fileId]));
}

/** Uploads under way in this process, by picture: a second query waits for the first's. */
const uploading = new Map<string, Promise<string | null>>();
/** After a 429 from the cache chat, no upload before this time (ms). */
let uploadsPausedUntil = 0;

function sendToCacheChat(app: AppContext, bot: OurBot, chatId: number, picId: string): Promise<string | null> {
  let upload = uploading.get(picId);
  if (!upload) {
    upload = (async () => {
      try {
        const file = await createStickerFiles(app).load(picId, "telegram.webp", "corner");
        const message = await bot.api.sendSticker({
          chatId,
          sticker: { bytes: new Uint8Array(file), filename: "sticker.webp" },
          disableNotification: true,
        });
        const fileId = message.sticker?.fileId ?? null;
        if (fileId) await rememberStickerFile(app.database.db, picId, "corner", fileId);
        return fileId;
      } catch (error) {
        if (error instanceof TelegramApiError && error.retryAfter !== null)
          uploadsPausedUntil = Date.now() + error.retryAfter * 1000;
        app.log.warn({ err: error, picId }, "inline sticker not sent to the cache chat");
        return null;
      } finally {
        uploading.delete(picId);
      }
    })();
    uploading.set(picId, upload);
  }
  return upload;
}

/** The stickers a query asks for, a page of them: search, or the popular list for an empty query. */
async function inlineCandidates(db: Db, query: string, page: number, language: Language) {
  const q = query.trim();
  try {
    const found = q
      ? await searchStickers(db, { q, page, size: INLINE_PAGE_SIZE, language })
      : await listStickersByTag(db, { tagId: COMMUNITY_TAG, page, size: INLINE_PAGE_SIZE, sortBy: "popular" });
    return { items: found.list as StickerListItem[], more: page * INLINE_PAGE_SIZE < found.total && page < INLINE_MAX_PAGES };
  } catch (error) {
    // A query that is only punctuation or too long finds nothing; anything else is a real failure.
    if (isAppError(error) && (error.code === "SEARCH_QUERY_EMPTY" || error.code === "SEARCH_QUERY_TOO_LONG"))
      return { items: [], more: false };
    throw error;
  }
}

/**
 * The results for an inline query: its page of stickers that Telegram can show, uploading a few that it
 * cannot yet; when none can be shown, one result that links to the gallery's search instead.
 */
export async function inlineResults(app: AppContext, bot: OurBot, query: InlineQuery, language: Language) {
  const db = app.database.db;
  const page = Math.max(1, Math.min(INLINE_MAX_PAGES, Number.parseInt(query.offset, 10) || 1));
  const { items, more } = await inlineCandidates(db, query.query, page, language);
  const picIds = items.map((item) => item.picId.id);
  const known = await knownFileIds(db, picIds);
  const cacheChat = app.config.TELEGRAM_CACHE_CHAT_ID;
  if (cacheChat !== undefined && Date.now() >= uploadsPausedUntil) {
    const missing = picIds.filter((picId) => !known.has(picId)).slice(0, UPLOADS_PER_QUERY);
    const uploads = missing.map(async (picId) => {
      const fileId = await sendToCacheChat(app, bot, cacheChat, picId);
      if (fileId) known.set(picId, fileId);
    });
    let budget: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(uploads),
      new Promise((done) => {
        budget = setTimeout(done, UPLOAD_BUDGET_MS);
      }),
    ]);
    clearTimeout(budget);
  }
  const results: InlineQueryResult[] = [];
  for (const item of items) {
    const fileId = known.get(item.picId.id);
    if (fileId) results.push({ type: "sticker", id: item.stickerInstId, stickerFileId: fileId });
  }
  if (results.length === 0 && page === 1) {
    const q = query.query.trim();
    const search = new URL(`${basePathOf(language)}/search`, app.config.PUBLIC_URL);
    if (q) search.searchParams.set("q", q);
    const url = q ? search.toString() : new URL(basePathOf(language) || "/", app.config.PUBLIC_URL).toString();
    results.push({
      type: "article",
      id: "gallery",
      title: translate(language, q ? "telegramBot.inlineSearchTitle" : "telegramBot.inlineGalleryTitle"),
      description: q || translate(language, "telegramBot.inlineGalleryDescription"),
      url,
      inputMessageContent: { messageText: url },
    });
  }
  return { results, nextOffset: more && results.length > 0 ? String(page + 1) : "" };
}

/** Answers an inline query; a failure is logged (the query simply shows nothing), never thrown. */
export async function answerInlineQuery(app: AppContext, query: InlineQuery, language: Language): Promise<void> {
  const bot = ourBotOf(app);
  if (!bot) return;
  try {
    const { results, nextOffset } = await inlineResults(app, bot, query, language);
    await bot.api.answerInlineQuery({
      inlineQueryId: query.id,
      results,
      cacheTime: INLINE_CACHE_SECONDS,
      isPersonal: false,
      nextOffset,
      button: { text: translate(language, "telegramBot.inlineMake"), startParameter: INLINE_START_PARAMETER },
    });
  } catch (error) {
    app.log.warn({ err: error }, "inline query not answered");
  }
}
