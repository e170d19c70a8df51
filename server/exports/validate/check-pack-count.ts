/**
 * How many stickers each target's pack or set may hold (rules.ts), as data the export code and the
 * Export panel read, and the breach of a count that does not fit.
 */
import type { Breach } from "./breach.ts";
import {
  SIGNAL_PACK_MAX_STICKERS,
  SIGNAL_PACK_MIN_STICKERS,
  TELEGRAM_CREATION_MAX_STICKERS,
  TELEGRAM_EMOJI_SET_MAX_STICKERS,
  TELEGRAM_SET_MAX_STICKERS,
  TELEGRAM_SET_MIN_STICKERS,
  WHATSAPP_PACK_MAX_STICKERS,
  WHATSAPP_PACK_MIN_STICKERS,
} from "./rules.ts";

export const PACK_COUNT_RULES = {
  whatsapp: { what: "WhatsApp pack", min: WHATSAPP_PACK_MIN_STICKERS, max: WHATSAPP_PACK_MAX_STICKERS },
  "telegram-set": { what: "Telegram sticker set", min: TELEGRAM_SET_MIN_STICKERS, max: TELEGRAM_SET_MAX_STICKERS },
  "telegram-emoji-set": {
    what: "Telegram custom emoji set",
    min: TELEGRAM_SET_MIN_STICKERS,
    max: TELEGRAM_EMOJI_SET_MAX_STICKERS,
  },
  /** The stickers a set is created with; the rest are added one by one after. */
  "telegram-creation": {
    what: "Telegram set at creation",
    min: TELEGRAM_SET_MIN_STICKERS,
    max: TELEGRAM_CREATION_MAX_STICKERS,
  },
  signal: { what: "Signal pack", min: SIGNAL_PACK_MIN_STICKERS, max: SIGNAL_PACK_MAX_STICKERS },
} as const;

export type PackCountTarget = keyof typeof PACK_COUNT_RULES;

/** The count breach of a pack of `count` stickers for `target`, or null when the count fits. */
export function packCountBreach(target: PackCountTarget, count: number): Breach | null {
  const { what, min, max } = PACK_COUNT_RULES[target];
  if (count >= min && count <= max) return null;
  return { rule: "count", limit: `${min}–${max}`, actual: count, detail: `${what} of ${count} stickers, not ${min}–${max}` };
}
