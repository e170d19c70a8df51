/**
 * Linking a Telegram account (decision 0044): the site hands out a one-use deep link
 * `t.me/<bot>?start=<code>`; Telegram opens the bot's chat, the user presses Start, and the webhook
 * receives `/start <code>` from that Telegram user, which links the two. A code lives
 * LINK_CODE_MINUTES and works once; only its hash is stored. A Telegram user linked to another account
 * before moves to this one (one Telegram user, one account).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Language } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { telegramAccounts, telegramLinkCodes, telegramSets } from "../db/schema.ts";
import { ensureWebhook, requireOurBot } from "./our-bot.ts";

export const LINK_CODE_MINUTES = 15;

const hashOf = (code: string) => createHash("sha256").update(code).digest("hex");

/** A fresh deep link for the user; older unused codes of theirs stop working. */
export async function startTelegramLink(app: AppContext, userId: number): Promise<{ url: string; botUsername: string }> {
  const bot = requireOurBot(app);
  const botUsername = await bot.username();
  // The link is only any use if Start reaches us.
  await ensureWebhook(app);
  // 24 random bytes in base64url: 32 characters of A–Z a–z 0–9 _ -, what a start parameter may hold.
  const code = randomBytes(24).toString("base64url");
  const db = app.database.db;
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
    await tx.delete(telegramLinkCodes).where(lt(telegramLinkCodes.expiresAt, new Date()));
    await tx
      .insert(telegramLinkCodes)
      .values({ codeHash: hashOf(code), userId, expiresAt: new Date(Date.now() + LINK_CODE_MINUTES * 60_000) });
  });
  return { url: `https://t.me/${botUsername}?start=${code}`, botUsername };
}

export interface TelegramPerson {
  id: number;
  username?: string;
  firstName: string;
  language: Language | null;
}

/**
 * The webhook's `/start <code>`: links the Telegram user to the code's account and answers that
 * account's id, or null for an unknown, used or expired code.
 */
export async function completeTelegramLink(app: AppContext, code: string, person: TelegramPerson): Promise<number | null> {
  const db = app.database.db;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.codeHash, hashOf(code)), gt(telegramLinkCodes.expiresAt, new Date())))
      .returning({ userId: telegramLinkCodes.userId });
    if (!claimed) return null;
    // One Telegram user belongs to one account: a link made elsewhere before moves here, sets and all
    // of the other account's records forgotten (the sets stay the Telegram user's own in Telegram).
    const [other] = await tx
      .select({ userId: telegramAccounts.userId })
      .from(telegramAccounts)
      .where(eq(telegramAccounts.telegramUserId, person.id));
    if (other && other.userId !== claimed.userId) await unlinkIn(tx, other.userId);
    const values = {
      telegramUserId: person.id,
      username: person.username ?? null,
      firstName: person.firstName,
      language: person.language,
      linkedAt: new Date(),
      blockedAt: null,
    };
    await tx
      .insert(telegramAccounts)
      .values({ userId: claimed.userId, ...values })
      .onConflictDoUpdate({ target: telegramAccounts.userId, set: values });
    return claimed.userId;
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function unlinkIn(tx: Tx, userId: number): Promise<void> {
  await tx.delete(telegramSets).where(eq(telegramSets.userId, userId));
  await tx.delete(telegramAccounts).where(eq(telegramAccounts.userId, userId));
}

/** Forgets the user's Telegram account and our records of their sets (the sets stay theirs in Telegram). */
export async function unlinkTelegram(app: AppContext, userId: number): Promise<void> {
  await app.database.db.transaction((tx) => unlinkIn(tx, userId));
}

/** The user blocked the bot (`kicked`), or pressed Start again: Telegram refuses calls about them meanwhile. */
export async function setTelegramBlocked(app: AppContext, telegramUserId: number, blocked: boolean): Promise<void> {
  await app.database.db
    .update(telegramAccounts)
    .set({ blockedAt: blocked ? new Date() : null })
    .where(eq(telegramAccounts.telegramUserId, telegramUserId));
}
