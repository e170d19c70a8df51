import { E2E_PORT } from "./google-keys.ts";

/** The run's Telegram stand-in (tests/support/telegram-bot-api.ts, started by global-setup). */
export const TELEGRAM_STAND_IN_PORT = E2E_PORT + 84;
export const TELEGRAM_BOT = "StickerStudioE2EBot";

/** The main app's bot: the real client against the stand-in. */
export const TELEGRAM_ENV = {
  TELEGRAM_BOT_TOKEN: "7000002:stand-in-token-for-browser-tests",
  TELEGRAM_API_URL: `http://127.0.0.1:${TELEGRAM_STAND_IN_PORT}`,
};

const base = `http://127.0.0.1:${TELEGRAM_STAND_IN_PORT}/_stand-in`;

/** A Telegram user opens the deep link and presses Start: the stand-in posts `/start <code>` to the webhook. */
export async function pressStart(deepLink: string, userId: number, firstName: string): Promise<void> {
  const payload = new URL(deepLink).searchParams.get("start");
  const answer = await fetch(`${base}/start`, {
    method: "POST",
    body: JSON.stringify({ userId, firstName, username: firstName.toLowerCase(), languageCode: "en", payload }),
  });
  const { status } = (await answer.json()) as { status: number | null };
  if (status !== 200) throw new Error(`the webhook answered ${status} to Start`);
}

export interface StandInSetView {
  title: string;
  ownerId: number;
  stickers: { format: string; emojiList: string[]; keywords: string[] }[];
  thumbnail: unknown;
}

/** The set as the stand-in holds it, or null. */
export async function telegramSet(name: string): Promise<StandInSetView | null> {
  const answer = await fetch(`${base}/sets/${name}`);
  return answer.ok ? ((await answer.json()) as StandInSetView) : null;
}
