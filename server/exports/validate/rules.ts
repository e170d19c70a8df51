/**
 * Every export target's published limits, one named constant each, with where it is published. Bytes
 * are counted the platform's way: where its own code or documentation says KiB (1 KB = 1,024 bytes),
 * the constant is in KiB; where the platform's way cannot be found, the stricter reading (1 KB =
 * 1,000 bytes) is used and the comment says so. Text lengths are JavaScript string lengths (UTF-16
 * code units), never fewer than the characters a platform could count, so never too lenient.
 */

const KIB = 1024;

// WhatsApp: "Sticker art and app requirements" and the contents.json notes of the Android and iOS
// guides at github.com/WhatsApp/stickers; its own validators (Android StickerPackValidator.java:
// KB_IN_BYTES = 1024, iOS Limits.swift: 100 * 1024…) count in KiB.

/** Every sticker is exactly 512×512 px. */
export const WHATSAPP_STICKER_EDGE_PX = 512;
/** A still sticker is at most 100 KB (102,400 bytes). */
export const WHATSAPP_STILL_STICKER_MAX_BYTES = 100 * KIB;
/** An animated sticker is at most 500 KB (512,000 bytes). */
export const WHATSAPP_ANIMATED_STICKER_MAX_BYTES = 500 * KIB;
/** Every frame of an animated sticker lasts at least 8 ms. */
export const WHATSAPP_FRAME_MIN_MS = 8;
/** One pass of the animation lasts at most 10 seconds. */
export const WHATSAPP_ANIMATION_MAX_MS = 10_000;
/**
 * The first frame is complete: it covers the whole canvas from 0,0, so WhatsApp's first picture (its
 * preview) is never a part drawn over nothing.
 */
export const WHATSAPP_FIRST_FRAME = "the whole canvas from 0,0";
/** The tray icon is a still 96×96 px PNG. */
export const WHATSAPP_TRAY_EDGE_PX = 96;
/** The tray icon is at most 50 KB (51,200 bytes). */
export const WHATSAPP_TRAY_MAX_BYTES = 50 * KIB;
/** A pack holds 3 to 30 stickers, all still or all animated. */
export const WHATSAPP_PACK_MIN_STICKERS = 3;
export const WHATSAPP_PACK_MAX_STICKERS = 30;
/** Each sticker has 1 to 3 emoji (required on Android, at most three on both). */
export const WHATSAPP_STICKER_MIN_EMOJI = 1;
export const WHATSAPP_STICKER_MAX_EMOJI = 3;
/** The pack's name and its publisher: 1 to 128 characters each. */
export const WHATSAPP_PACK_TEXT_MAX_LENGTH = 128;
/** A still sticker's accessibility text: at most 125 characters. */
export const WHATSAPP_STILL_ACCESSIBILITY_MAX_LENGTH = 125;
/** An animated sticker's accessibility text: at most 255 characters. */
export const WHATSAPP_ANIMATED_ACCESSIBILITY_MAX_LENGTH = 255;

// Telegram: core.telegram.org/stickers (image and video requirements), the Bot API
// (core.telegram.org/bots/api: InputSticker, createNewStickerSet, addStickerToSet,
// setStickerSetThumbnail), and TDLib, the library the Bot API server is built on, whose
// get_max_sticker_file_size (td/telegram/StickerFormat.cpp) counts every "KB" as 1 << 10 bytes.

/** A still sticker: one side exactly 512 px, the other 512 px or less. */
export const TELEGRAM_STICKER_EDGE_PX = 512;
/** A still sticker is at most 512 KB (TDLib: 1 << 19 = 524,288 bytes). */
export const TELEGRAM_STILL_MAX_BYTES = 512 * KIB;
/** A video sticker follows the still's edge rule. */
export const TELEGRAM_VIDEO_EDGE_PX = TELEGRAM_STICKER_EDGE_PX;
/** A WebM encoded with VP9 (Matroska's CodecID for it). */
export const TELEGRAM_VIDEO_CODEC = "V_VP9";
/**
 * The sticker keeps its transparency: VP9's alpha plane, signalled by AlphaMode 1 on the video track
 * (our own rule: Telegram plays an opaque video too, but a sticker on a black box is not ours).
 */
export const TELEGRAM_VIDEO_ALPHA_MODE = 1;
/** At most 3 seconds. */
export const TELEGRAM_VIDEO_MAX_MS = 3_000;
/** At most 30 frames a second. */
export const TELEGRAM_VIDEO_MAX_FPS = 30;
/** A video sticker is at most 256 KB (TDLib: 1 << 18 = 262,144 bytes). */
export const TELEGRAM_VIDEO_MAX_BYTES = 256 * KIB;
/** No audio stream: exactly one track, the video. */
export const TELEGRAM_VIDEO_TRACKS = 1;
/** A custom emoji, still or video, is exactly 100×100 px. */
export const TELEGRAM_EMOJI_EDGE_PX = 100;
/** A still custom emoji is at most 128 KB (TDLib: 1 << 17 = 131,072 bytes). */
export const TELEGRAM_EMOJI_MAX_BYTES = 128 * KIB;
/**
 * A video custom emoji is at most 64 KB (TDLib: 1 << 16 = 65,536 bytes; the Stickers page gives
 * videos 256 KB without telling emoji apart, so this is also the stricter reading).
 */
export const TELEGRAM_VIDEO_EMOJI_MAX_BYTES = 64 * KIB;
/**
 * A set's thumbnail is exactly 100×100 px (setStickerSetThumbnail says so of the PNG or WebP; the
 * video thumbnail is held to it too, the stricter reading).
 */
export const TELEGRAM_THUMBNAIL_EDGE_PX = 100;
/** A still thumbnail (PNG or WebP) is at most 128 KB (TDLib: 1 << 17 = 131,072 bytes). */
export const TELEGRAM_THUMBNAIL_MAX_BYTES = 128 * KIB;
/** A video thumbnail (WebM) is at most 32 KB (TDLib: 1 << 15 = 32,768 bytes). */
export const TELEGRAM_VIDEO_THUMBNAIL_MAX_BYTES = 32 * KIB;
/** A set's short name: 1 to 64 characters, ending "_by_<bot username>". */
export const TELEGRAM_SET_NAME_MAX_LENGTH = 64;
/** Its other rules: English letters, digits and underscores, starting with a letter, no "__". */
export const TELEGRAM_SET_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
/** A set's title: 1 to 64 characters. */
export const TELEGRAM_SET_TITLE_MAX_LENGTH = 64;
/** Each sticker has 1 to 20 emoji (emoji_list). */
export const TELEGRAM_STICKER_MIN_EMOJI = 1;
export const TELEGRAM_STICKER_MAX_EMOJI = 20;
/** Each sticker has up to 20 search keywords… */
export const TELEGRAM_STICKER_MAX_KEYWORDS = 20;
/** …with a total length of up to 64 characters. */
export const TELEGRAM_KEYWORDS_MAX_TOTAL_LENGTH = 64;
/** A regular set holds up to 120 stickers (addStickerToSet). */
export const TELEGRAM_SET_MAX_STICKERS = 120;
/** A custom emoji set holds up to 200 (addStickerToSet). */
export const TELEGRAM_EMOJI_SET_MAX_STICKERS = 200;
/** createNewStickerSet takes 1 to 50 initial stickers; the rest are added one by one. */
export const TELEGRAM_CREATION_MAX_STICKERS = 50;
export const TELEGRAM_SET_MIN_STICKERS = 1;

// Signal: Signal Desktop's sticker creator (github.com/signalapp/Signal-Desktop,
// sticker-creator/src/constants.ts: STICKER_SIZE = 512, MAX_STICKER_BYTE_SIZE = 300 * 1024,
// MIN_STICKERS = 1, MAX_STICKERS = 200).

/** Every sticker is 512×512 px. */
export const SIGNAL_STICKER_EDGE_PX = 512;
/** At most 300 KiB (307,200 bytes). */
export const SIGNAL_STICKER_MAX_BYTES = 300 * KIB;
/**
 * An animated sticker plays at most 3 seconds: Signal's support article on stickers, as sticker
 * tools quote it (laggykiller/sticker-convert's Signal preset); Signal's code holds no duration check
 * we could find, so this is the stricter reading.
 */
export const SIGNAL_ANIMATION_MAX_MS = 3_000;
/** A pack holds 1 to 200 stickers. */
export const SIGNAL_PACK_MIN_STICKERS = 1;
export const SIGNAL_PACK_MAX_STICKERS = 200;

// Discord: discord.com/developers/docs, resources/sticker ("Create Guild Sticker") and
// resources/emoji ("Create Guild Emoji"), which say KiB.

/** A server sticker is 320×320 px. */
export const DISCORD_STICKER_EDGE_PX = 320;
/** At most 512 KiB (524,288 bytes). */
export const DISCORD_STICKER_MAX_BYTES = 512 * KIB;
/** An animated sticker plays at most 5 seconds. */
export const DISCORD_STICKER_ANIMATION_MAX_MS = 5_000;
/** Its name: 2 to 30 characters. */
export const DISCORD_STICKER_NAME_MIN_LENGTH = 2;
export const DISCORD_STICKER_NAME_MAX_LENGTH = 30;
/**
 * Its autocomplete tags: at most 200 characters (the docs); at least 2, as discord-api-types types
 * the field from the API's own answers, the stricter reading.
 */
export const DISCORD_STICKER_TAGS_MIN_LENGTH = 2;
export const DISCORD_STICKER_TAGS_MAX_LENGTH = 200;
/** Its description: empty, or 2 to 100 characters. */
export const DISCORD_STICKER_DESCRIPTION_MIN_LENGTH = 2;
export const DISCORD_STICKER_DESCRIPTION_MAX_LENGTH = 100;
/** An emoji is a 128×128 px image. */
export const DISCORD_EMOJI_EDGE_PX = 128;
/** At most 256 KiB (262,144 bytes), still or animated. */
export const DISCORD_EMOJI_MAX_BYTES = 256 * KIB;
/**
 * An emoji's name: 2 to 32 letters, digits and underscores (the API's "Must be between 2 and 32 in
 * length", and discord-api-docs' emoji name note; only ASCII ones here, the stricter reading).
 */
export const DISCORD_EMOJI_NAME_MIN_LENGTH = 2;
export const DISCORD_EMOJI_NAME_MAX_LENGTH = 32;
export const DISCORD_EMOJI_NAME_PATTERN = /^[A-Za-z0-9_]+$/;

// Slack: "Add custom emoji and aliases to your workspace" (slack.com/help/articles/206870177) and
// the admin.emoji.add method ("Square images under 128KB"; lower-case names only). Slack does not
// say how it counts a KB, so the stricter reading.

/** A square image, neither side past 128 px. */
export const SLACK_EMOJI_MAX_EDGE_PX = 128;
/** At most 128 KB, in thousands (128,000 bytes). */
export const SLACK_EMOJI_MAX_BYTES = 128_000;
/**
 * A name of lower-case letters, digits, "-" and "_", at most 100 characters (the reading of
 * Slack's help; no Slack page we could read states the length).
 */
export const SLACK_EMOJI_NAME_MAX_LENGTH = 100;
export const SLACK_EMOJI_NAME_PATTERN = /^[a-z0-9_-]+$/;

// iMessage: Apple's Messages framework, MSSticker init(contentsOfFileURL:localizedDescription:)
// ("PNG, APNG, GIF, or JPEG, and must be less than 500 KB") and MSStickerSize (small, regular, large
// at @3x). Apple does not say how it counts a KB, so the stricter reading.

/** Square, at the pack's grid size: small 300, regular 408 or large 618 px. */
export const IMESSAGE_STICKER_EDGES_PX = [300, 408, 618] as const;
/** Less than 500 KB, in thousands: at most 499,999 bytes. */
export const IMESSAGE_STICKER_MAX_BYTES = 500_000 - 1;

// Everyone else: the animated WebP, GIF and APNG downloads (our own rule, no platform's).

/** Neither side past a sticker's 512 px. */
export const ANIMATED_DOWNLOAD_MAX_EDGE_PX = 512;
/** A file with one frame does not move. */
export const ANIMATED_DOWNLOAD_MIN_FRAMES = 2;
