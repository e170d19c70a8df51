/**
 * Sticker packs (decision 0024): the shapes of the pack calls, shared by the server, the loaders and the
 * page, and the rules both sides check. A pack is an owner's ordered set of stickers with one to three
 * emoji each, exported for WhatsApp and Telegram (docs/decisions/0024-sticker-packs.md).
 */

/** At most this many stickers in a pack (Telegram's own limit per set). */
export const PACK_MAX_STICKERS = 120;
/** A pack's name: 1 to 64 characters after trimming. */
export const PACK_NAME_MAX_LENGTH = 64;
/** Visibility changes and deletions of packs one user may make per minute (as VISIBILITY_CHANGES_PER_MINUTE). */
export const PACK_PUBLIC_CHANGES_PER_MINUTE = 20;
/** Each sticker in a pack stands for one to three emoji. */
export const PACK_EMOJI_MIN = 1;
export const PACK_EMOJI_MAX = 3;
/** WhatsApp takes a pack of 3 to 30 stickers. */
export const WHATSAPP_PACK_MIN = 3;
export const WHATSAPP_PACK_MAX = 30;

/**
 * The moods a pack made in one go can draw, one sticker each, in this order. `emoji` is the sticker's
 * emoji in the pack and the mood's emblem; the name shown is the catalog key `moods.{id}`.
 */
export const MOODS = [
  { id: "happy", emoji: "😊" },
  { id: "sad", emoji: "😢" },
  { id: "love", emoji: "😍" },
  { id: "laughing", emoji: "😂" },
  { id: "angry", emoji: "😠" },
  { id: "sleeping", emoji: "😴" },
  { id: "surprised", emoji: "😮" },
  { id: "thumbs_up", emoji: "👍" },
  { id: "cool", emoji: "😎" },
  { id: "thinking", emoji: "🤔" },
  { id: "party", emoji: "🥳" },
  { id: "hello", emoji: "👋" },
] as const;
export type MoodId = (typeof MOODS)[number]["id"];
export const MOOD_IDS = MOODS.map((mood) => mood.id) as [MoodId, ...MoodId[]];
/** A pack made in one go draws 2 to 12 moods; the form preselects the first 8. */
export const PACK_MOODS_MIN = 2;
export const PACK_MOODS_DEFAULT = 8;

/**
 * Whose photo a pack's stickers were drawn from (decision 0049): the author as the licence asks to
 * name them, the licence's short name and address, and where the photo comes from.
 */
export interface PhotoCredit {
  author: string;
  licence: string;
  licenceUrl: string;
  sourceUrl: string;
}

export type { MadePack, MoodTaskView, PackDetail, PackPage, PackProgressView, PackSticker, PackSummary } from "./api/packs.ts";

/** A URL-safe slug of a pack's name for /pack/{packId}/{slug}; the same rule as stickers'. */
export { stickerSlug as packSlug } from "./stickers.ts";
