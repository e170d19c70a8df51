/**
 * Bringing one pack's sticker set in a user's Telegram up to date (decision 0044): made on the first
 * run (up to 50 stickers in the creating call, the rest added), then each run compares the pack as its
 * user sees it now with what the set holds and sends only the differences: changed pictures replaced in
 * place, new stickers put in the places of leaving ones (else added), the rest of the leaving deleted, emoji and keywords set, the order put right, the
 * title and the thumbnail changed. What the set holds is read from Telegram at the start of every run
 * and matched with our record by `file_unique_id`, so a run cut short (a crash, a restart) is finished
 * by the next one instead of being repeated.
 *
 * Every call waits out Telegram's 429 up to a budget; past it the run ends with `retryAfter` and the
 * queue comes back then (telegram-queue.ts).
 */
import { eq } from "drizzle-orm";
import { type ErrorCode, isAppError } from "#common/errors.ts";
import { isLanguage, type Language } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import { packs, type TelegramSetSticker, telegramAccounts, telegramSets } from "../db/schema.ts";
import { watermarkDomain } from "../downloads/watermark.ts";
import type { MessengerMark } from "../exports/messenger-mark.ts";
import { type ExportablePack, type ExportSticker, telegramKeywords } from "../exports/pack-layouts.ts";
import { createStickerFiles } from "../exports/sticker-files.ts";
import { messengerMarkFor } from "../exports/viewer-mark.ts";
import { createMotionDownloads } from "../motion/motion-downloads.ts";
import { readExportablePack } from "../packs/export-pack.ts";
import {
  type InputSticker,
  isBlockedByUser,
  isRetryable,
  isSetMissing,
  type Sticker,
  TelegramApiError,
  withRetryAfter,
} from "./bot-api.ts";
import { type OurBot, requireOurBot } from "./our-bot.ts";

/** Telegram takes at most this many stickers in the call that creates a set. */
export const CREATE_SET_MAX_STICKERS = 50;
/** A 429 is waited out in the run while the waits add up to less than this; longer, the run comes back later. */
const RATE_LIMIT_BUDGET_MS = 30_000;

export type SyncOutcome = { kind: "ready" } | { kind: "later"; retryAfterSeconds: number } | { kind: "failed"; code: ErrorCode };

/** One sticker as the set should hold it now. */
interface Wanted {
  sticker: ExportSticker;
  source: string;
  format: "static" | "video";
  emoji: string[];
  keywords: string[];
}

interface Held {
  stickerId: number | null;
  fileId: string;
  fileUniqueId: string;
  source: string;
  emoji: string[];
  keywords: string[];
}

export interface SyncOptions {
  /** The wait between a 429 and the next try (tests pass a fake one that moves the stand-in's clock). */
  sleep?: (ms: number) => Promise<unknown>;
}

function wantedOf(pack: ExportablePack, mark: MessengerMark): Wanted[] {
  return pack.stickers.map((sticker) => ({
    sticker,
    source: sticker.motion ? `${sticker.picId}:${sticker.motion}:${mark}` : `${sticker.picId}:${mark}`,
    format: sticker.motion ? "video" : "static",
    emoji: sticker.emoji.slice(0, 3),
    keywords: telegramKeywords(sticker.keywords),
  }));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** Runs the sync of one set row; never throws for Telegram's refusals (they end the run as failed). */
export async function syncTelegramSet(app: AppContext, setId: number, options: SyncOptions = {}): Promise<SyncOutcome> {
  const db = app.database.db;
  const bot = requireOurBot(app);
  const [row] = await db
    .select({ set: telegramSets, packPublicId: packs.packId, packName: packs.name })
    .from(telegramSets)
    .innerJoin(packs, eq(packs.id, telegramSets.packId))
    .where(eq(telegramSets.id, setId));
  if (!row) return { kind: "failed", code: "NOT_FOUND" };
  const { set } = row;
  const [account] = await db.select().from(telegramAccounts).where(eq(telegramAccounts.userId, set.userId));
  const fail = async (code: ErrorCode): Promise<SyncOutcome> => {
    await db.update(telegramSets).set({ state: "failed", error: code }).where(eq(telegramSets.id, setId));
    return { kind: "failed", code };
  };
  if (!account) return fail("TELEGRAM_NOT_LINKED");
  if (account.blockedAt) return fail("TELEGRAM_BLOCKED");

  const language: Language = isLanguage(account.language) ? account.language : "en";
  let pack: ExportablePack;
  try {
    pack = await readExportablePack(db, row.packPublicId, set.userId, language);
  } catch (error) {
    if (isAppError(error, "NOT_FOUND")) return fail("PACK_NOT_FOUND");
    throw error;
  }
  if (pack.stickers.length === 0) return fail("PACK_EMPTY");
  const mark = await messengerMarkFor(db, set.userId);
  const wanted = wantedOf(pack, mark);
  await db
    .update(telegramSets)
    .set({ state: "syncing", error: null, done: 0, total: wanted.length })
    .where(eq(telegramSets.id, setId));

  const run = createRun(app, bot, { userId: account.telegramUserId, name: set.name, setId }, mark, options);
  try {
    const held = set.title === null ? null : await run.held(set.stickers);
    const kept = held === null ? await createOrTakeOver(run, pack.name, wanted) : await run.update(held, wanted);
    await run.finish(pack, kept, set);
    return { kind: "ready" };
  } catch (error) {
    if (error instanceof TelegramApiError && error.retryAfter !== null) {
      await db.update(telegramSets).set({ state: "queued" }).where(eq(telegramSets.id, setId));
      return { kind: "later", retryAfterSeconds: error.retryAfter };
    }
    if (isBlockedByUser(error)) {
      await db.update(telegramAccounts).set({ blockedAt: new Date() }).where(eq(telegramAccounts.userId, set.userId));
      return fail("TELEGRAM_BLOCKED");
    }
    // Telegram down or unreachable: the queue tries again (and fails the set after its last try).
    if (isRetryable(error)) throw error;
    if (error instanceof TelegramApiError) {
      app.log.warn({ err: error, setId }, "Telegram refused a sticker set change");
      return fail("TELEGRAM_REFUSED");
    }
    if (isAppError(error, "MOTION_TOO_LARGE")) return fail("MOTION_TOO_LARGE");
    throw error;
  }
}

/**
 * Makes the set; when Telegram has it already (a run that made it was cut short before our record said
 * so), reads it as it is and brings it up to date instead.
 */
async function createOrTakeOver(run: ReturnType<typeof createRun>, title: string, wanted: Wanted[]): Promise<Held[]> {
  try {
    return await run.create(title, wanted);
  } catch (error) {
    if (!(error instanceof TelegramApiError) || !/already occupied/i.test(error.description)) throw error;
    const held = await run.held([]);
    if (!held) throw error;
    return run.update(held, wanted);
  }
}

/** The calls of one run, each waiting out Telegram's 429 within the budget, and the progress they make. */
function createRun(
  app: AppContext,
  bot: OurBot,
  target: { userId: number; name: string; setId: number },
  mark: MessengerMark,
  options: SyncOptions,
) {
  const db = app.database.db;
  const files = createStickerFiles(app);
  const moving = createMotionDownloads(app, watermarkDomain(app.config.PUBLIC_URL));
  const api = bot.api;
  const call = <T>(fn: () => Promise<T>) => withRetryAfter(fn, { maxWaitMs: RATE_LIMIT_BUDGET_MS, sleep: options.sleep });
  let done = 0;
  const step = async () => {
    done += 1;
    await db.update(telegramSets).set({ done }).where(eq(telegramSets.id, target.setId));
  };

  async function input(want: Wanted): Promise<InputSticker> {
    const { picId, motion } = want.sticker;
    const bytes = motion ? await moving.load(picId, motion, "webm", mark) : await files.load(picId, "telegram.png", mark);
    return {
      sticker: { bytes: new Uint8Array(bytes), filename: motion ? "sticker.webm" : "sticker.png" },
      format: want.format,
      emojiList: want.emoji,
      keywords: want.keywords,
    };
  }

  /** The set's stickers now, in order. */
  async function stickersNow(): Promise<Sticker[]> {
    return (await call(() => api.getStickerSet({ name: target.name }))).stickers;
  }

  return {
    /**
     * What the set holds now, matched with our record; null when the set is gone from Telegram (its
     * owner deleted it there), so it is made again.
     */
    async held(record: TelegramSetSticker[]): Promise<Held[] | null> {
      let now: Sticker[];
      try {
        now = await stickersNow();
      } catch (error) {
        if (isSetMissing(error)) return null;
        throw error;
      }
      const known = new Map(record.map((entry) => [entry.fileUniqueId, entry]));
      return now.map((sticker) => {
        const entry = known.get(sticker.fileUniqueId);
        // A sticker we have no record of (a run cut short after sending it) is removed and sent again.
        return entry
          ? { ...entry, fileId: sticker.fileId }
          : { stickerId: null, fileId: sticker.fileId, fileUniqueId: sticker.fileUniqueId, source: "", emoji: [], keywords: [] };
      });
    },

    /** Makes the set: the first 50 stickers in one call, then the rest one by one. */
    async create(title: string, wanted: Wanted[]): Promise<Held[]> {
      const first = wanted.slice(0, CREATE_SET_MAX_STICKERS);
      const inputs: InputSticker[] = [];
      for (const want of first) inputs.push(await input(want));
      await call(() =>
        api.createNewStickerSet({ userId: target.userId, name: target.name, title: title.slice(0, 64), stickers: inputs }),
      );
      done = first.length - 1;
      await step();
      for (const want of wanted.slice(CREATE_SET_MAX_STICKERS)) {
        const sticker = await input(want);
        await call(() => api.addStickerToSet({ userId: target.userId, name: target.name, sticker }));
        await step();
      }
      const now = await stickersNow();
      return now.map((sticker, index) => heldOf(sticker, wanted[index]));
    },

    /**
     * Sends the differences between what the set holds and what it should: replaced pictures keep
     * their place, new stickers go at the end, then the order is put right and the rest deleted.
     */
    async update(held: Held[], wanted: Wanted[]): Promise<Held[]> {
      const byStickerId = new Map(held.filter((h) => h.stickerId !== null).map((h) => [h.stickerId as number, h]));
      const list: Held[] = [...held];
      const wantedIds = new Set(wanted.map((want) => want.sticker.stickerId));
      // Stickers leaving the set make room for new ones in their places: one replace instead of an
      // add, a delete and a move.
      const leaving = held.filter((entry) => entry.stickerId === null || !wantedIds.has(entry.stickerId));
      for (const want of wanted) {
        const current = byStickerId.get(want.sticker.stickerId);
        const room = current ? undefined : leaving.shift();
        if (room) {
          const sticker = await input(want);
          await call(() =>
            api.replaceStickerInSet({ userId: target.userId, name: target.name, oldSticker: room.fileId, sticker }),
          );
          list[list.indexOf(room)] = pendingOf(want);
        } else if (!current) {
          const sticker = await input(want);
          await call(() => api.addStickerToSet({ userId: target.userId, name: target.name, sticker }));
          list.push({ ...pendingOf(want) });
        } else if (current.source !== want.source) {
          const sticker = await input(want);
          await call(() =>
            api.replaceStickerInSet({ userId: target.userId, name: target.name, oldSticker: current.fileId, sticker }),
          );
          list[list.indexOf(current)] = pendingOf(want);
        } else {
          if (!sameList(current.emoji, want.emoji)) {
            await call(() => api.setStickerEmojiList({ sticker: current.fileId, emojiList: want.emoji }));
            current.emoji = want.emoji;
          }
          if (!sameList(current.keywords, want.keywords)) {
            await call(() => api.setStickerKeywords({ sticker: current.fileId, keywords: want.keywords }));
            current.keywords = want.keywords;
          }
        }
        await step();
      }
      // The new files' ids: Telegram's order is ours, position by position.
      const now = await stickersNow();
      const fresh = now.map((sticker, index) => {
        const entry = list[index];
        return entry?.fileId === ""
          ? { ...entry, fileId: sticker.fileId, fileUniqueId: sticker.fileUniqueId }
          : { ...entry!, fileId: sticker.fileId };
      });
      // Stickers no longer in the pack (or never recorded) leave first, so positions count the kept ones only.
      const kept: Held[] = [];
      for (const entry of fresh) {
        if (entry.stickerId !== null && wantedIds.has(entry.stickerId)) kept.push(entry);
        else await call(() => api.deleteStickerFromSet({ sticker: entry.fileId }));
      }
      for (const [position, want] of wanted.entries()) {
        const at = kept.findIndex((entry) => entry.stickerId === want.sticker.stickerId);
        if (at === position || at < 0) continue;
        const [moved] = kept.splice(at, 1);
        await call(() => api.setStickerPositionInSet({ sticker: moved!.fileId, position }));
        kept.splice(position, 0, moved!);
      }
      return kept;
    },

    /** The title and thumbnail, then the record and the ready state. */
    async finish(pack: ExportablePack, kept: Held[], set: { title: string | null; thumbnailSource: string | null }) {
      const title = pack.name.slice(0, 64);
      if (set.title !== null && set.title !== title) {
        await call(() => api.setStickerSetTitle({ name: target.name, title }));
      }
      const cover = pack.cover ?? pack.stickers[0];
      const thumbnailSource = cover ? `${cover.picId}:thumbnail` : null;
      if (cover && thumbnailSource !== set.thumbnailSource) {
        const bytes = await files.load(cover.picId, "telegram-thumbnail.png", mark);
        await call(() =>
          api.setStickerSetThumbnail({
            name: target.name,
            userId: target.userId,
            format: "static",
            thumbnail: { bytes: new Uint8Array(bytes), filename: "thumbnail.png" },
          }),
        );
      }
      const record: TelegramSetSticker[] = kept.map((entry) => ({
        stickerId: entry.stickerId as number,
        fileId: entry.fileId,
        fileUniqueId: entry.fileUniqueId,
        source: entry.source,
        emoji: entry.emoji,
        keywords: entry.keywords,
      }));
      await db
        .update(telegramSets)
        .set({ title, thumbnailSource, stickers: record, state: "ready", error: null, syncedAt: new Date() })
        .where(eq(telegramSets.id, target.setId));
    },
  };
}

/** A sticker just sent: its file ids are filled in from the set once Telegram has it. */
function pendingOf(want: Wanted): Held {
  return {
    stickerId: want.sticker.stickerId,
    fileId: "",
    fileUniqueId: "",
    source: want.source,
    emoji: want.emoji,
    keywords: want.keywords,
  };
}

function heldOf(sticker: Sticker, want: Wanted | undefined): Held {
  return {
    stickerId: want?.sticker.stickerId ?? null,
    fileId: sticker.fileId,
    fileUniqueId: sticker.fileUniqueId,
    source: want?.source ?? "",
    emoji: want?.emoji ?? [],
    keywords: want?.keywords ?? [],
  };
}

/** The link that opens a set in Telegram. */
export function addStickersLink(name: string): string {
  return `https://t.me/addstickers/${name}`;
}
