/**
 * Test support (for export-rule-fixtures.test.ts and bench/export-rules.ts): for every byte, size,
 * time, text and count rule of rules.ts, a pair of inputs — one exactly at the limit, which must pass,
 * and one a byte, a pixel, a millisecond, a character or a sticker past it, which must break that rule
 * and no other. Files are real ones from test-files.ts, padded or patched to the exact number.
 */
import { type ExportFileTarget, exportFileBreaches } from "./assert-valid.ts";
import type { Breach, BreachRule } from "./breach.ts";
import { type PackCountTarget, packCountBreach } from "./check-pack-count.ts";
import {
  checkDiscordEmojiName,
  checkDiscordStickerTexts,
  checkSlackEmojiName,
  checkTelegramKeywords,
  checkTelegramSetName,
  checkTelegramSetTitle,
  checkTelegramStickerEmoji,
  checkWhatsAppAccessibilityText,
  checkWhatsAppPackTexts,
  checkWhatsAppStickerEmoji,
} from "./check-texts.ts";
import {
  DISCORD_EMOJI_EDGE_PX,
  DISCORD_EMOJI_MAX_BYTES,
  DISCORD_EMOJI_NAME_MAX_LENGTH,
  DISCORD_EMOJI_NAME_MIN_LENGTH,
  DISCORD_STICKER_ANIMATION_MAX_MS,
  DISCORD_STICKER_DESCRIPTION_MAX_LENGTH,
  DISCORD_STICKER_DESCRIPTION_MIN_LENGTH,
  DISCORD_STICKER_EDGE_PX,
  DISCORD_STICKER_MAX_BYTES,
  DISCORD_STICKER_NAME_MAX_LENGTH,
  DISCORD_STICKER_NAME_MIN_LENGTH,
  DISCORD_STICKER_TAGS_MAX_LENGTH,
  IMESSAGE_STICKER_MAX_BYTES,
  SIGNAL_ANIMATION_MAX_MS,
  SIGNAL_STICKER_EDGE_PX,
  SIGNAL_STICKER_MAX_BYTES,
  SLACK_EMOJI_MAX_BYTES,
  SLACK_EMOJI_MAX_EDGE_PX,
  SLACK_EMOJI_NAME_MAX_LENGTH,
  TELEGRAM_EMOJI_EDGE_PX,
  TELEGRAM_EMOJI_MAX_BYTES,
  TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH,
  TELEGRAM_SET_NAME_MAX_LENGTH,
  TELEGRAM_SET_TITLE_MAX_LENGTH,
  TELEGRAM_STICKER_EDGE_PX,
  TELEGRAM_STICKER_MAX_EMOJI,
  TELEGRAM_STICKER_MAX_KEYWORDS,
  TELEGRAM_STILL_MAX_BYTES,
  TELEGRAM_THUMBNAIL_EDGE_PX,
  TELEGRAM_THUMBNAIL_MAX_BYTES,
  TELEGRAM_VIDEO_EMOJI_MAX_BYTES,
  TELEGRAM_VIDEO_MAX_BYTES,
  TELEGRAM_VIDEO_MAX_FPS,
  TELEGRAM_VIDEO_MAX_MS,
  TELEGRAM_VIDEO_THUMBNAIL_MAX_BYTES,
  WHATSAPP_ANIMATED_ACCESSIBILITY_MAX_LENGTH,
  WHATSAPP_ANIMATED_STICKER_MAX_BYTES,
  WHATSAPP_ANIMATION_MAX_MS,
  WHATSAPP_FRAME_MIN_MS,
  WHATSAPP_PACK_TEXT_MAX_LENGTH,
  WHATSAPP_STICKER_EDGE_PX,
  WHATSAPP_STICKER_MAX_EMOJI,
  WHATSAPP_STILL_ACCESSIBILITY_MAX_LENGTH,
  WHATSAPP_STILL_STICKER_MAX_BYTES,
  WHATSAPP_TRAY_EDGE_PX,
  WHATSAPP_TRAY_MAX_BYTES,
} from "./rules.ts";
import {
  makeAnimatedWebp,
  makeApng,
  makeGif,
  makeJpeg,
  makePng,
  makeStillWebp,
  makeWebm,
  padGif,
  padJpeg,
  padPng,
  padWebm,
  padWebp,
  withApngFrameDelay,
  withFrameDuration,
} from "./test-files.ts";

export interface RulePair {
  /** The export target, or the text or pack the rule is about. */
  target: string;
  rule: BreachRule;
  limit: number | string;
  /** The two inputs in a few words, for the bench's table. */
  atLimit: string;
  oneOver: string;
  run: () => Promise<{ atLimit: Breach[]; oneOver: Breach[] }>;
}

export interface PairVerdict {
  /** The input at the limit passed. */
  atLimitRight: boolean;
  /** The one past it broke exactly the pair's rule. */
  oneOverRight: boolean;
}

export function verdictOf(pair: RulePair, result: { atLimit: Breach[]; oneOver: Breach[] }): PairVerdict {
  return {
    atLimitRight: result.atLimit.length === 0,
    oneOverRight: result.oneOver.length > 0 && result.oneOver.every((breach) => breach.rule === pair.rule),
  };
}

/** The file made once, on first use, and shared by every pair that starts from it. */
function once(make: () => Promise<Buffer>): () => Promise<Buffer> {
  let made: Promise<Buffer> | null = null;
  return () => {
    made ??= make();
    return made;
  };
}

/** A WebP of any size: a RIFF is even-sized, so an odd total is the even one plus a byte after the RIFF's end, which players ignore and the file still counts. */
function padWebpTo(webp: Buffer, total: number): Buffer {
  return total % 2 === 0 ? padWebp(webp, total) : Buffer.concat([padWebp(webp, total - 1), Buffer.alloc(1)]);
}

const FILES = {
  animatedWebp512: once(() => makeAnimatedWebp()),
  animatedWebp513: once(() => makeAnimatedWebp({ width: 513, height: 512 })),
  stillWebp512: once(() => makeStillWebp(512, 512)),
  stillWebp513: once(() => makeStillWebp(513, 512)),
  stillWebp100: once(() => makeStillWebp(100, 100)),
  stillWebp101: once(() => makeStillWebp(101, 100)),
  gif128: once(() => makeGif({ width: 128, height: 128 })),
  gif129: once(() => makeGif({ width: 129, height: 129 })),
  gif512: once(() => makeGif({ width: 512, height: 512 })),
  gif513: once(() => makeGif({ width: 513, height: 512 })),
  jpeg128: once(() => makeJpeg(128, 128)),
  jpeg129: once(() => makeJpeg(129, 129)),
  apng320: once(() => makeApng({ width: 320, height: 320 })),
  apng512: once(() => makeApng({ width: 512, height: 512 })),
  apng513: once(() => makeApng({ width: 513, height: 512 })),
  // A 512×64 strip is a valid Telegram shape and quick to encode.
  webm512x64: once(() => makeWebm({ width: 512, height: 64, seconds: 1 })),
  webm513x64: once(() => makeWebm({ width: 513, height: 64, seconds: 1 })),
  webmThreeSeconds: once(() => makeWebm({ width: 512, height: 64, seconds: TELEGRAM_VIDEO_MAX_MS / 1000 })),
  // One frame more than 3 s at 30 fps: 91 frames, 3,033 ms.
  webmOneFrameLonger: once(() => makeWebm({ width: 512, height: 64, seconds: TELEGRAM_VIDEO_MAX_MS / 1000 + 1 / 30 })),
  webmAt30Fps: once(() => makeWebm({ width: 512, height: 64, seconds: 1, fps: TELEGRAM_VIDEO_MAX_FPS })),
  webmAt31Fps: once(() => makeWebm({ width: 512, height: 64, seconds: 1, fps: TELEGRAM_VIDEO_MAX_FPS + 1 })),
  webm100: once(() => makeWebm({ width: 100, height: 100, seconds: 1 })),
  webm101: once(() => makeWebm({ width: 101, height: 100, seconds: 1 })),
};

const PNGS = new Map<string, () => Promise<Buffer>>();

function png(width: number, height: number): () => Promise<Buffer> {
  const key = `${width}×${height}`;
  const make = PNGS.get(key) ?? once(() => makePng(width, height));
  PNGS.set(key, make);
  return make;
}

function filePair(
  target: ExportFileTarget,
  rule: BreachRule,
  limit: number | string,
  atLimit: [string, () => Promise<Buffer>],
  oneOver: [string, () => Promise<Buffer>],
): RulePair {
  return {
    target,
    rule,
    limit,
    atLimit: atLimit[0],
    oneOver: oneOver[0],
    run: async () => ({
      atLimit: exportFileBreaches(target, await atLimit[1]()),
      oneOver: exportFileBreaches(target, await oneOver[1]()),
    }),
  };
}

/** The file padded to exactly `limit` bytes, and to one byte more. */
function bytesPair(
  target: ExportFileTarget,
  limit: number,
  base: [string, () => Promise<Buffer>],
  pad: (file: Buffer, total: number) => Buffer,
): RulePair {
  return filePair(
    target,
    "bytes",
    limit,
    [`${base[0]}, ${limit} B`, async () => pad(await base[1](), limit)],
    [`${base[0]}, ${limit + 1} B`, async () => pad(await base[1](), limit + 1)],
  );
}

/** A file at the size limit and one a pixel past it. */
function edgePair(
  target: ExportFileTarget,
  limit: string,
  atLimit: [string, () => Promise<Buffer>],
  oneOver: [string, () => Promise<Buffer>],
): RulePair {
  return filePair(target, "edge", limit, atLimit, oneOver);
}

/** A text, a list or one field of an object of texts, as the table shows it: itself when short, else its length. */
function shown(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.length <= 24) return json;
  if (typeof value === "string") return `${value.length} chars`;
  if (Array.isArray(value)) return `${value.length} entries, ${value.join("").length} chars`;
  return json;
}

function textPair<T>(
  target: string,
  rule: BreachRule,
  limit: number | string,
  check: (input: T) => Breach[],
  atLimit: T,
  oneOver: T,
): RulePair {
  // Of an object of texts, only the field that differs between the two is shown.
  const field =
    typeof atLimit === "object" && atLimit !== null && !Array.isArray(atLimit)
      ? Object.keys(atLimit).find((key) => JSON.stringify(atLimit[key as keyof T]) !== JSON.stringify(oneOver[key as keyof T]))
      : undefined;
  const label = (input: T) => (field === undefined ? shown(input) : `${field} ${shown(input[field as keyof T])}`);
  return {
    target,
    rule,
    limit,
    atLimit: label(atLimit),
    oneOver: label(oneOver),
    run: async () => ({ atLimit: check(atLimit), oneOver: check(oneOver) }),
  };
}

function countPair(target: PackCountTarget, limit: string, atLimit: number, oneOver: number): RulePair {
  const check = (count: number) => {
    const breach = packCountBreach(target, count);
    return breach ? [breach] : [];
  };
  return {
    target: `${target} pack`,
    rule: "count",
    limit,
    atLimit: `${atLimit} stickers`,
    oneOver: `${oneOver} stickers`,
    run: async () => ({ atLimit: check(atLimit), oneOver: check(oneOver) }),
  };
}

const BOT = "StudioBot";
const SUFFIX = `_by_${BOT}`;
const x = (length: number) => "x".repeat(length);
const emoji = (count: number) => Array.from({ length: count }, () => "😀");
const stickerTexts = { name: "happy cat", tags: "smile, cat", description: "" };
const packTexts = { name: "Happy cats", publisher: "Ana" };

export const RULE_PAIRS: RulePair[] = [
  // WhatsApp
  bytesPair("whatsapp", WHATSAPP_ANIMATED_STICKER_MAX_BYTES, ["animated WebP", FILES.animatedWebp512], padWebpTo),
  edgePair("whatsapp", "512×512", ["512×512", FILES.animatedWebp512], ["513×512", FILES.animatedWebp513]),
  filePair(
    "whatsapp",
    "frameDuration",
    WHATSAPP_FRAME_MIN_MS,
    ["a frame of 8 ms", async () => withFrameDuration(await FILES.animatedWebp512(), 1, WHATSAPP_FRAME_MIN_MS)],
    ["a frame of 7 ms", async () => withFrameDuration(await FILES.animatedWebp512(), 1, WHATSAPP_FRAME_MIN_MS - 1)],
  ),
  filePair(
    "whatsapp",
    "duration",
    WHATSAPP_ANIMATION_MAX_MS,
    ["10,000 ms", async () => withDurations(await FILES.animatedWebp512(), WHATSAPP_ANIMATION_MAX_MS)],
    ["10,001 ms", async () => withDurations(await FILES.animatedWebp512(), WHATSAPP_ANIMATION_MAX_MS + 1)],
  ),
  bytesPair("whatsapp-still", WHATSAPP_STILL_STICKER_MAX_BYTES, ["still WebP", FILES.stillWebp512], padWebpTo),
  edgePair(
    "whatsapp-still",
    `${WHATSAPP_STICKER_EDGE_PX}×${WHATSAPP_STICKER_EDGE_PX}`,
    ["512×512", FILES.stillWebp512],
    ["513×512", FILES.stillWebp513],
  ),
  bytesPair("whatsapp-tray", WHATSAPP_TRAY_MAX_BYTES, ["PNG", png(96, 96)], padPng),
  edgePair("whatsapp-tray", `${WHATSAPP_TRAY_EDGE_PX}×${WHATSAPP_TRAY_EDGE_PX}`, ["96×96", png(96, 96)], ["97×96", png(97, 96)]),
  textPair("WhatsApp sticker emoji", "count", `1–${WHATSAPP_STICKER_MAX_EMOJI}`, checkWhatsAppStickerEmoji, emoji(3), emoji(4)),
  textPair("WhatsApp sticker emoji", "count", `1–${WHATSAPP_STICKER_MAX_EMOJI}`, checkWhatsAppStickerEmoji, emoji(1), emoji(0)),
  textPair("WhatsApp sticker emoji", "emoji", "one emoji each", checkWhatsAppStickerEmoji, ["😀"], ["x"]),
  textPair(
    "WhatsApp pack name",
    "length",
    WHATSAPP_PACK_TEXT_MAX_LENGTH,
    checkWhatsAppPackTexts,
    { ...packTexts, name: x(128) },
    { ...packTexts, name: x(129) },
  ),
  textPair(
    "WhatsApp publisher",
    "length",
    WHATSAPP_PACK_TEXT_MAX_LENGTH,
    checkWhatsAppPackTexts,
    { ...packTexts, publisher: x(128) },
    { ...packTexts, publisher: x(129) },
  ),
  textPair(
    "WhatsApp still accessibility",
    "length",
    WHATSAPP_STILL_ACCESSIBILITY_MAX_LENGTH,
    (text: string) => checkWhatsAppAccessibilityText(text, false),
    x(125),
    x(126),
  ),
  textPair(
    "WhatsApp animated accessibility",
    "length",
    WHATSAPP_ANIMATED_ACCESSIBILITY_MAX_LENGTH,
    (text: string) => checkWhatsAppAccessibilityText(text, true),
    x(255),
    x(256),
  ),
  countPair("whatsapp", "3–30", 30, 31),
  countPair("whatsapp", "3–30", 3, 2),

  // Telegram
  bytesPair("telegram-still", TELEGRAM_STILL_MAX_BYTES, ["PNG", png(512, 512)], padPng),
  edgePair("telegram-still", `one side ${TELEGRAM_STICKER_EDGE_PX}`, ["512×512", png(512, 512)], ["513×512", png(513, 512)]),
  bytesPair("telegram-video", TELEGRAM_VIDEO_MAX_BYTES, ["WebM", FILES.webm512x64], padWebm),
  edgePair("telegram-video", `one side ${TELEGRAM_STICKER_EDGE_PX}`, ["512×64", FILES.webm512x64], ["513×64", FILES.webm513x64]),
  filePair(
    "telegram-video",
    "duration",
    TELEGRAM_VIDEO_MAX_MS,
    ["90 frames at 30 fps", FILES.webmThreeSeconds],
    ["91 frames", FILES.webmOneFrameLonger],
  ),
  filePair("telegram-video", "fps", TELEGRAM_VIDEO_MAX_FPS, ["30 fps", FILES.webmAt30Fps], ["31 fps", FILES.webmAt31Fps]),
  bytesPair("telegram-emoji", TELEGRAM_EMOJI_MAX_BYTES, ["PNG", png(100, 100)], padPng),
  edgePair(
    "telegram-emoji",
    `${TELEGRAM_EMOJI_EDGE_PX}×${TELEGRAM_EMOJI_EDGE_PX}`,
    ["100×100", png(100, 100)],
    ["101×100", png(101, 100)],
  ),
  bytesPair("telegram-video-emoji", TELEGRAM_VIDEO_EMOJI_MAX_BYTES, ["WebM", FILES.webm100], padWebm),
  edgePair(
    "telegram-video-emoji",
    `${TELEGRAM_EMOJI_EDGE_PX}×${TELEGRAM_EMOJI_EDGE_PX}`,
    ["100×100", FILES.webm100],
    ["101×100", FILES.webm101],
  ),
  bytesPair("telegram-thumbnail", TELEGRAM_THUMBNAIL_MAX_BYTES, ["WebP", FILES.stillWebp100], padWebpTo),
  edgePair(
    "telegram-thumbnail",
    `${TELEGRAM_THUMBNAIL_EDGE_PX}×${TELEGRAM_THUMBNAIL_EDGE_PX}`,
    ["100×100", FILES.stillWebp100],
    ["101×100", FILES.stillWebp101],
  ),
  bytesPair("telegram-video-thumbnail", TELEGRAM_VIDEO_THUMBNAIL_MAX_BYTES, ["WebM", FILES.webm100], padWebm),
  edgePair(
    "telegram-video-thumbnail",
    `${TELEGRAM_THUMBNAIL_EDGE_PX}×${TELEGRAM_THUMBNAIL_EDGE_PX}`,
    ["100×100", FILES.webm100],
    ["101×100", FILES.webm101],
  ),
  textPair(
    "Telegram set name",
    "length",
    `1–${TELEGRAM_SET_NAME_MAX_LENGTH}`,
    (name: string) => checkTelegramSetName(name, BOT),
    `c${x(63 - SUFFIX.length)}${SUFFIX}`,
    `c${x(64 - SUFFIX.length)}${SUFFIX}`,
  ),
  textPair(
    "Telegram set name",
    "characters",
    "English letters, digits, _",
    (name: string) => checkTelegramSetName(name, BOT),
    `cats_2${SUFFIX}`,
    `cats-2${SUFFIX}`,
  ),
  textPair(
    "Telegram set name",
    "characters",
    "starts with a letter",
    (name: string) => checkTelegramSetName(name, BOT),
    `c2${SUFFIX}`,
    `2c${SUFFIX}`,
  ),
  textPair(
    "Telegram set name",
    "characters",
    "no consecutive underscores",
    (name: string) => checkTelegramSetName(name, BOT),
    `happy_cats${SUFFIX}`,
    `happy__cats${SUFFIX}`,
  ),
  textPair(
    "Telegram set name",
    "suffix",
    SUFFIX,
    (name: string) => checkTelegramSetName(name, BOT),
    `cats${SUFFIX}`,
    "cats_by_OtherBot",
  ),
  textPair("Telegram set title", "length", `1–${TELEGRAM_SET_TITLE_MAX_LENGTH}`, checkTelegramSetTitle, x(64), x(65)),
  textPair("Telegram set title", "length", `1–${TELEGRAM_SET_TITLE_MAX_LENGTH}`, checkTelegramSetTitle, x(1), ""),
  textPair("Telegram sticker emoji", "count", `1–${TELEGRAM_STICKER_MAX_EMOJI}`, checkTelegramStickerEmoji, emoji(20), emoji(21)),
  textPair("Telegram sticker emoji", "count", `1–${TELEGRAM_STICKER_MAX_EMOJI}`, checkTelegramStickerEmoji, emoji(1), emoji(0)),
  textPair(
    "Telegram keywords",
    "count",
    TELEGRAM_STICKER_MAX_KEYWORDS,
    checkTelegramKeywords,
    Array(20).fill("k"),
    Array(21).fill("k"),
  ),
  textPair(
    "Telegram keywords",
    "totalLength",
    TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH,
    checkTelegramKeywords,
    [x(32), x(32)],
    [x(32), x(33)],
  ),
  countPair("telegram-set", "1–120", 120, 121),
  countPair("telegram-set", "1–120", 1, 0),
  countPair("telegram-emoji-set", "1–200", 200, 201),
  countPair("telegram-creation", "1–50", 50, 51),

  // Signal
  bytesPair("signal", SIGNAL_STICKER_MAX_BYTES, ["PNG", png(512, 512)], padPng),
  edgePair(
    "signal",
    `${SIGNAL_STICKER_EDGE_PX}×${SIGNAL_STICKER_EDGE_PX}`,
    ["512×512", png(512, 512)],
    ["513×512", png(513, 512)],
  ),
  filePair(
    "signal",
    "duration",
    SIGNAL_ANIMATION_MAX_MS,
    ["animated WebP, 3,000 ms", async () => withDurations(await FILES.animatedWebp512(), SIGNAL_ANIMATION_MAX_MS)],
    ["animated WebP, 3,001 ms", async () => withDurations(await FILES.animatedWebp512(), SIGNAL_ANIMATION_MAX_MS + 1)],
  ),
  countPair("signal", "1–200", 200, 201),

  // Discord
  bytesPair("discord-sticker", DISCORD_STICKER_MAX_BYTES, ["PNG", png(320, 320)], padPng),
  edgePair(
    "discord-sticker",
    `${DISCORD_STICKER_EDGE_PX}×${DISCORD_STICKER_EDGE_PX}`,
    ["320×320", png(320, 320)],
    ["321×320", png(321, 320)],
  ),
  filePair(
    "discord-sticker",
    "duration",
    DISCORD_STICKER_ANIMATION_MAX_MS,
    ["APNG, 5,000 ms", async () => withApngDurations(await FILES.apng320(), DISCORD_STICKER_ANIMATION_MAX_MS)],
    ["APNG, 5,001 ms", async () => withApngDurations(await FILES.apng320(), DISCORD_STICKER_ANIMATION_MAX_MS + 1)],
  ),
  bytesPair("discord-emoji", DISCORD_EMOJI_MAX_BYTES, ["GIF", FILES.gif128], padGif),
  edgePair(
    "discord-emoji",
    `${DISCORD_EMOJI_EDGE_PX}×${DISCORD_EMOJI_EDGE_PX}`,
    ["128×128", FILES.gif128],
    ["129×129", FILES.gif129],
  ),
  textPair("Discord emoji name", "length", `2–${DISCORD_EMOJI_NAME_MAX_LENGTH}`, checkDiscordEmojiName, x(32), x(33)),
  textPair("Discord emoji name", "length", `${DISCORD_EMOJI_NAME_MIN_LENGTH}–32`, checkDiscordEmojiName, x(2), x(1)),
  textPair("Discord emoji name", "characters", "letters, digits, _", checkDiscordEmojiName, "happy_cat", "happy-cat"),
  textPair(
    "Discord sticker name",
    "length",
    `2–${DISCORD_STICKER_NAME_MAX_LENGTH}`,
    checkDiscordStickerTexts,
    { ...stickerTexts, name: x(30) },
    { ...stickerTexts, name: x(31) },
  ),
  textPair(
    "Discord sticker name",
    "length",
    `${DISCORD_STICKER_NAME_MIN_LENGTH}–30`,
    checkDiscordStickerTexts,
    { ...stickerTexts, name: x(2) },
    { ...stickerTexts, name: x(1) },
  ),
  textPair(
    "Discord sticker tags",
    "length",
    `2–${DISCORD_STICKER_TAGS_MAX_LENGTH}`,
    checkDiscordStickerTexts,
    { ...stickerTexts, tags: x(200) },
    { ...stickerTexts, tags: x(201) },
  ),
  textPair(
    "Discord sticker description",
    "length",
    `empty or 2–${DISCORD_STICKER_DESCRIPTION_MAX_LENGTH}`,
    checkDiscordStickerTexts,
    { ...stickerTexts, description: x(100) },
    { ...stickerTexts, description: x(101) },
  ),
  textPair(
    "Discord sticker description",
    "length",
    `empty or ${DISCORD_STICKER_DESCRIPTION_MIN_LENGTH}–100`,
    checkDiscordStickerTexts,
    { ...stickerTexts, description: x(2) },
    { ...stickerTexts, description: x(1) },
  ),

  // Slack
  bytesPair("slack-emoji", SLACK_EMOJI_MAX_BYTES, ["JPEG", FILES.jpeg128], padJpeg),
  edgePair("slack-emoji", `square, ≤ ${SLACK_EMOJI_MAX_EDGE_PX}`, ["128×128", FILES.jpeg128], ["129×129", FILES.jpeg129]),
  textPair("Slack emoji name", "length", `1–${SLACK_EMOJI_NAME_MAX_LENGTH}`, checkSlackEmojiName, x(100), x(101)),
  textPair("Slack emoji name", "characters", "lower-case, digits, - and _", checkSlackEmojiName, "happy-cat_2", "Happy-cat_2"),

  // iMessage
  bytesPair("imessage", IMESSAGE_STICKER_MAX_BYTES, ["PNG 408", png(408, 408)], padPng),
  edgePair("imessage", "square 300, 408 or 618", ["618×618", png(618, 618)], ["619×619", png(619, 619)]),

  // Everyone else: the animated downloads
  edgePair("webp", "≤ 512×512", ["512×512", FILES.animatedWebp512], ["513×512", FILES.animatedWebp513]),
  edgePair("gif", "≤ 512×512", ["512×512", FILES.gif512], ["513×512", FILES.gif513]),
  edgePair("apng", "≤ 512×512", ["512×512", FILES.apng512], ["513×512", FILES.apng513]),
];

/** A copy of the three-frame animated WebP whose frames last `totalMs` in all (the remainder on the last). */
function withDurations(webp: Buffer, totalMs: number): Buffer {
  const each = Math.floor(totalMs / 3);
  return withFrameDuration(withFrameDuration(withFrameDuration(webp, 0, each), 1, each), 2, totalMs - 2 * each);
}

/** The same for the three-frame APNG. */
function withApngDurations(apng: Buffer, totalMs: number): Buffer {
  const each = Math.floor(totalMs / 3);
  return withApngFrameDelay(withApngFrameDelay(withApngFrameDelay(apng, 0, each), 1, each), 2, totalMs - 2 * each);
}
