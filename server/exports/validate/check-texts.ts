/**
 * The texts each target asks for beside its files (rules.ts): Telegram's set name, title, emoji and
 * keywords; Discord's emoji and sticker names, tags and description; Slack's emoji name; WhatsApp's
 * emoji, pack name, publisher and accessibility text. Each check answers its breaches, none when the
 * text passes. Lengths are string lengths (see rules.ts).
 */
import { singleEmoji } from "#common/emoji.ts";
import type { Breach } from "./breach.ts";
import {
  DISCORD_EMOJI_NAME_MAX_LENGTH,
  DISCORD_EMOJI_NAME_MIN_LENGTH,
  DISCORD_EMOJI_NAME_PATTERN,
  DISCORD_STICKER_DESCRIPTION_MAX_LENGTH,
  DISCORD_STICKER_DESCRIPTION_MIN_LENGTH,
  DISCORD_STICKER_NAME_MAX_LENGTH,
  DISCORD_STICKER_NAME_MIN_LENGTH,
  DISCORD_STICKER_TAGS_MAX_LENGTH,
  DISCORD_STICKER_TAGS_MIN_LENGTH,
  SLACK_EMOJI_NAME_MAX_LENGTH,
  SLACK_EMOJI_NAME_PATTERN,
  TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH,
  TELEGRAM_SET_NAME_MAX_LENGTH,
  TELEGRAM_SET_NAME_PATTERN,
  TELEGRAM_SET_TITLE_MAX_LENGTH,
  TELEGRAM_STICKER_MAX_EMOJI,
  TELEGRAM_STICKER_MAX_KEYWORDS,
  TELEGRAM_STICKER_MIN_EMOJI,
  WHATSAPP_ANIMATED_ACCESSIBILITY_MAX_LENGTH,
  WHATSAPP_PACK_TEXT_MAX_LENGTH,
  WHATSAPP_STICKER_MAX_EMOJI,
  WHATSAPP_STICKER_MIN_EMOJI,
  WHATSAPP_STILL_ACCESSIBILITY_MAX_LENGTH,
} from "./rules.ts";

function range(min: number, max: number): string {
  return min === 0 ? `≤ ${max}` : `${min}–${max}`;
}

function lengthBreaches(what: string, text: string, min: number, max: number): Breach[] {
  if (text.length >= min && text.length <= max) return [];
  return [
    {
      rule: "length",
      limit: range(min, max),
      actual: text.length,
      detail: `${what} is ${text.length} characters, not ${range(min, max)}`,
    },
  ];
}

function countBreaches(what: string, count: number, min: number, max: number): Breach[] {
  if (count >= min && count <= max) return [];
  return [{ rule: "count", limit: range(min, max), actual: count, detail: `${count} ${what}, not ${range(min, max)}` }];
}

function characterBreaches(what: string, text: string, pattern: RegExp, allowed: string): Breach[] {
  if (text === "" || pattern.test(text)) return [];
  return [{ rule: "characters", limit: allowed, actual: text, detail: `${what} ${JSON.stringify(text)} is not ${allowed}` }];
}

/** Each entry one emoji (a single emoji grapheme, as a pack stores them). */
function emojiBreaches(what: string, emoji: readonly string[]): Breach[] {
  return emoji
    .filter((entry) => singleEmoji(entry) === null)
    .map((entry) => ({
      rule: "emoji",
      limit: "one emoji each",
      actual: entry,
      detail: `${what}: ${JSON.stringify(entry)} is not one emoji`,
    }));
}

export function checkTelegramSetName(name: string, botUsername: string): Breach[] {
  const what = "Telegram set name";
  const breaches = [
    ...lengthBreaches(what, name, 1, TELEGRAM_SET_NAME_MAX_LENGTH),
    ...characterBreaches(what, name, TELEGRAM_SET_NAME_PATTERN, "English letters, digits and _, starting with a letter"),
  ];
  if (name.includes("__"))
    breaches.push({
      rule: "characters",
      limit: "no consecutive underscores",
      actual: name,
      detail: `${what} ${JSON.stringify(name)} has consecutive underscores`,
    });
  const suffix = `_by_${botUsername}`;
  // The bot's username is case-insensitive in the suffix.
  if (!name.toLowerCase().endsWith(suffix.toLowerCase()))
    breaches.push({
      rule: "suffix",
      limit: suffix,
      actual: name,
      detail: `${what} ${JSON.stringify(name)} does not end in ${suffix}`,
    });
  return breaches;
}

export function checkTelegramSetTitle(title: string): Breach[] {
  return lengthBreaches("Telegram set title", title, 1, TELEGRAM_SET_TITLE_MAX_LENGTH);
}

export function checkTelegramStickerEmoji(emoji: readonly string[]): Breach[] {
  return [
    ...countBreaches("emoji on a Telegram sticker", emoji.length, TELEGRAM_STICKER_MIN_EMOJI, TELEGRAM_STICKER_MAX_EMOJI),
    ...emojiBreaches("Telegram sticker emoji", emoji),
  ];
}

export function checkTelegramKeywords(keywords: readonly string[]): Breach[] {
  const breaches = countBreaches("keywords on a Telegram sticker", keywords.length, 0, TELEGRAM_STICKER_MAX_KEYWORDS);
  const total = keywords.reduce((sum, keyword) => sum + keyword.length, 0);
  if (total > TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH)
    breaches.push({
      rule: "totalLength",
      limit: TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH,
      actual: total,
      detail: `Telegram sticker keywords total ${total} characters, over ${TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH}`,
    });
  return breaches;
}

export function checkDiscordEmojiName(name: string): Breach[] {
  const what = "Discord emoji name";
  return [
    ...lengthBreaches(what, name, DISCORD_EMOJI_NAME_MIN_LENGTH, DISCORD_EMOJI_NAME_MAX_LENGTH),
    ...characterBreaches(what, name, DISCORD_EMOJI_NAME_PATTERN, "letters, digits and _"),
  ];
}

export interface DiscordStickerTexts {
  name: string;
  /** Autocomplete tags: the emoji's names and keywords, comma-separated. */
  tags: string;
  description: string;
}

export function checkDiscordStickerTexts(texts: DiscordStickerTexts): Breach[] {
  return [
    ...lengthBreaches("Discord sticker name", texts.name, DISCORD_STICKER_NAME_MIN_LENGTH, DISCORD_STICKER_NAME_MAX_LENGTH),
    ...lengthBreaches("Discord sticker tags", texts.tags, DISCORD_STICKER_TAGS_MIN_LENGTH, DISCORD_STICKER_TAGS_MAX_LENGTH),
    ...(texts.description === ""
      ? []
      : lengthBreaches(
          "Discord sticker description",
          texts.description,
          DISCORD_STICKER_DESCRIPTION_MIN_LENGTH,
          DISCORD_STICKER_DESCRIPTION_MAX_LENGTH,
        )),
  ];
}

export function checkSlackEmojiName(name: string): Breach[] {
  const what = "Slack emoji name";
  return [
    ...lengthBreaches(what, name, 1, SLACK_EMOJI_NAME_MAX_LENGTH),
    ...characterBreaches(what, name, SLACK_EMOJI_NAME_PATTERN, "lower-case letters, digits, - and _"),
  ];
}

export function checkWhatsAppStickerEmoji(emoji: readonly string[]): Breach[] {
  return [
    ...countBreaches("emoji on a WhatsApp sticker", emoji.length, WHATSAPP_STICKER_MIN_EMOJI, WHATSAPP_STICKER_MAX_EMOJI),
    ...emojiBreaches("WhatsApp sticker emoji", emoji),
  ];
}

export function checkWhatsAppPackTexts(texts: { name: string; publisher: string }): Breach[] {
  return [
    ...lengthBreaches("WhatsApp pack name", texts.name, 1, WHATSAPP_PACK_TEXT_MAX_LENGTH),
    ...lengthBreaches("WhatsApp pack publisher", texts.publisher, 1, WHATSAPP_PACK_TEXT_MAX_LENGTH),
  ];
}

export function checkWhatsAppAccessibilityText(text: string, animated: boolean): Breach[] {
  const max = animated ? WHATSAPP_ANIMATED_ACCESSIBILITY_MAX_LENGTH : WHATSAPP_STILL_ACCESSIBILITY_MAX_LENGTH;
  return lengthBreaches(`WhatsApp ${animated ? "animated" : "still"} sticker's accessibility text`, text, 0, max);
}
