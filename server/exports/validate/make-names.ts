/**
 * Names each target accepts, made from free text (a sticker's or a pack's name in any language):
 * Discord and Slack emoji names, and Telegram set names. Accents are dropped ("Café" → "cafe"),
 * anything else outside a–z and 0–9 separates words; text with no such letters at all (only Arabic
 * or Chinese, say) falls back to a numbered name, so every answer passes its check in check-texts.ts.
 */
import {
  DISCORD_EMOJI_NAME_MAX_LENGTH,
  DISCORD_EMOJI_NAME_MIN_LENGTH,
  SLACK_EMOJI_NAME_MAX_LENGTH,
  TELEGRAM_SET_NAME_MAX_LENGTH,
} from "./rules.ts";

/** Latin letters that decomposition leaves whole, spelled as their usual ASCII. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };

/** The text's words in lower-case ASCII letters and digits. */
function asciiWords(text: string): string[] {
  const folded = text
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTERS[letter] ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "");
  return folded.split(/[^a-z0-9]+/).filter((word) => word !== "");
}

/** The words joined by "_", cut to `max` characters without leaving an underscore at either end. */
function joined(words: string[], max: number): string {
  return words.join("_").slice(0, max).replace(/_+$/, "");
}

/** "sticker_01", "sticker_02"…: the name of a sticker whose own name has no letters a target takes. */
function numbered(index: number): string {
  return `sticker_${String(index).padStart(2, "0")}`;
}

/** `discordEmojiName("Happy Cat!")` → "happy_cat"; 2–32 letters, digits and _. */
export function discordEmojiName(text: string, index = 1): string {
  const name = joined(asciiWords(text), DISCORD_EMOJI_NAME_MAX_LENGTH);
  return name.length >= DISCORD_EMOJI_NAME_MIN_LENGTH ? name : numbered(index);
}

/** `slackEmojiName("Happy Cat!")` → "happy_cat"; lower-case letters, digits and _, at most 100. */
export function slackEmojiName(text: string, index = 1): string {
  return joined(asciiWords(text), SLACK_EMOJI_NAME_MAX_LENGTH) || numbered(index);
}

/**
 * `telegramSetName("Happy Cats 7", "StudioBot")` → "happy_cats_7_by_StudioBot": starts with a letter,
 * no double underscores, 64 characters at most with its `_by_<bot>` suffix. The base should carry
 * something unique (a pack id) where two packs may share a name.
 */
export function telegramSetName(base: string, botUsername: string): string {
  const suffix = `_by_${botUsername}`;
  const words = asciiWords(base);
  // A set name starts with a letter: a leading number gets a word before it.
  if (!/^[a-z]/.test(words[0] ?? "")) words.unshift("stickers");
  return `${joined(words, TELEGRAM_SET_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
}
