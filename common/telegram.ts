/** "Add to Telegram" (decision 0044): what the server and the pack page share. */

/** queued → syncing → ready, or failed (with an error code); a new request queues it again. */
export const TELEGRAM_SET_STATES = ["queued", "syncing", "ready", "failed"] as const;
export type TelegramSetState = (typeof TELEGRAM_SET_STATES)[number];
