/**
 * A sticker's labels (decision 0042): 1–3 emoji, keywords and an alt text, made automatically from what
 * it shows and changed by its owner. The rules here are the page's check as the owner types and the
 * server's before it stores (`POST /api/sticker/setLabels`); what they keep is what is stored.
 */
import { singleEmoji } from "./emoji.ts";
import { shownName } from "./names.ts";

export type { AutomaticLabels, StickerLabels } from "./api/stickers.ts";

/** A sticker stands for one to three emoji (WhatsApp's most per sticker; a pack's emoji rule too). */
export const LABEL_EMOJI_MIN = 1;
export const LABEL_EMOJI_MAX = 3;
/** At most this many keywords (Telegram's most per sticker), each 1 to LABEL_KEYWORD_MAX_LENGTH characters. */
export const LABEL_KEYWORDS_MAX = 20;
export const LABEL_KEYWORD_MAX_LENGTH = 32;
/** An alt text is 1 to this many characters: what screen readers read whole, and WhatsApp's accessibility text. */
export const ALT_TEXT_MAX_LENGTH = 125;
/** The emoji of a sticker with neither a mood nor a subject that names one. */
export const AUTOMATIC_EMOJI = "🙂";
/**
 * Label changes one user may make per minute (RATE_LIMITED past it): a public sticker's change drops the
 * visitors' pages that show it in every process (decision 0021), as a visibility change does.
 */
export const LABEL_CHANGES_PER_MINUTE = 30;

/** A sticker's emoji as stored: 1..3 single emoji (`singleEmoji`), repeats dropped; null when they are not. */
export function labelEmoji(raw: readonly string[]): string[] | null {
  const kept: string[] = [];
  for (const item of raw) {
    const emoji = singleEmoji(item);
    if (emoji === null) return null;
    if (!kept.includes(emoji)) kept.push(emoji);
  }
  return kept.length >= LABEL_EMOJI_MIN && kept.length <= LABEL_EMOJI_MAX ? kept : null;
}

/** How keywords are told apart: "Cat" and "cat " are one keyword. */
export function keywordKey(keyword: string): string {
  return keyword.normalize("NFC").trim().toLowerCase();
}

/**
 * A sticker's keywords as stored: each a name (`shownName`: NFC, trimmed, 1..LABEL_KEYWORD_MAX_LENGTH
 * characters, visible, one line), repeats dropped (the first spelling kept), at most LABEL_KEYWORDS_MAX;
 * an empty list is allowed (the owner wants none). Null when one is not a keyword or there are too many.
 */
export function labelKeywords(raw: readonly string[]): string[] | null {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    const keyword = shownName(item, LABEL_KEYWORD_MAX_LENGTH);
    if (keyword === null) return null;
    if (seen.has(keywordKey(keyword))) continue;
    seen.add(keywordKey(keyword));
    kept.push(keyword);
  }
  return kept.length <= LABEL_KEYWORDS_MAX ? kept : null;
}

/** A sticker's alt text as stored: NFC, trimmed, 1..ALT_TEXT_MAX_LENGTH characters, visible, one line; else null. */
export function labelAltText(raw: string): string | null {
  return shownName(raw, ALT_TEXT_MAX_LENGTH);
}
