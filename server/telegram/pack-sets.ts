/**
 * "Add to Telegram" from a pack page (decision 0044): the caller's linked account, their set of a pack
 * (made on first request, named `<pack id>_<user id>_<pack name>_by_<bot>`), its state for the page,
 * and the queued sync that does the work.
 */
import { and, eq } from "drizzle-orm";
import type { TelegramSetView, TelegramStatus } from "#common/api/telegram.ts";
import { AppError, ERRORS, type ErrorCode, isAppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import { telegramAccounts, telegramSets } from "../db/schema.ts";
import { telegramSetName } from "../exports/validate/index.ts";
import { exportableFrom, readPackShownTo, type ShownPack } from "../packs/export-pack.ts";
import { ourBotOf, requireOurBot } from "./our-bot.ts";
import { addStickersLink } from "./sync-set.ts";
import { requestSetSync } from "./telegram-queue.ts";

export async function telegramStatus(app: AppContext, userId: number): Promise<TelegramStatus> {
  const bot = ourBotOf(app);
  if (!bot) return { available: false, botUsername: null, account: null };
  const [account] = await app.database.db.select().from(telegramAccounts).where(eq(telegramAccounts.userId, userId));
  return {
    available: true,
    botUsername: await bot.username(),
    account: account ? { username: account.username, firstName: account.firstName, blocked: account.blockedAt !== null } : null,
  };
}

type SetRow = typeof telegramSets.$inferSelect;

function viewOf(row: SetRow, language: Language): TelegramSetView {
  const code = row.error as ErrorCode | null;
  return {
    state: row.state,
    link: addStickersLink(row.name),
    done: row.done,
    total: row.total,
    error: code && code in ERRORS ? { code, msg: translate(language, ERRORS[code].key) } : null,
    syncedAt: row.syncedAt?.toISOString() ?? null,
  };
}

/** The pack's row when the caller may see it, or PACK_NOT_FOUND (a private pack of someone else is unknown). */
async function shownPackOf(app: AppContext, packId: string, userId: number): Promise<ShownPack> {
  try {
    return await readPackShownTo(app.database.db, packId, userId);
  } catch (error) {
    if (isAppError(error, "NOT_FOUND")) throw new AppError("PACK_NOT_FOUND");
    throw error;
  }
}

/** Queues the caller's set of the pack: made on the first request, brought up to date on later ones. */
export async function addPackToTelegram(
  app: AppContext,
  userId: number,
  packId: string,
  language: Language,
): Promise<TelegramSetView> {
  const bot = requireOurBot(app);
  const db = app.database.db;
  const [account] = await db.select().from(telegramAccounts).where(eq(telegramAccounts.userId, userId));
  if (!account) throw new AppError("TELEGRAM_NOT_LINKED");
  if (account.blockedAt) throw new AppError("TELEGRAM_BLOCKED");
  const pack = await shownPackOf(app, packId, userId);
  const { stickers } = await exportableFrom(db, pack, userId, language);
  if (stickers.length === 0) throw new AppError("PACK_EMPTY");
  const name = telegramSetName(`${packId} ${userId} ${pack.name}`, await bot.username());
  const [row] = await db
    .insert(telegramSets)
    .values({ packId: pack.id, userId, name, state: "queued", total: stickers.length })
    .onConflictDoUpdate({
      target: [telegramSets.packId, telegramSets.userId],
      set: { state: "queued", error: null, requestedAt: new Date() },
    })
    .returning();
  await requestSetSync(app, row!.id);
  return viewOf(row!, language);
}

/** The caller's set of the pack, or null when they never added it. */
export async function packTelegramSet(
  app: AppContext,
  userId: number,
  packId: string,
  language: Language,
): Promise<TelegramSetView | null> {
  const pack = await shownPackOf(app, packId, userId);
  const [row] = await app.database.db
    .select()
    .from(telegramSets)
    .where(and(eq(telegramSets.packId, pack.id), eq(telegramSets.userId, userId)));
  return row ? viewOf(row, language) : null;
}
