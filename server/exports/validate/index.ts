/**
 * The export validators' entry: the parsers of sticker files, every target's published rules, the
 * checks that hold a file, a text or a pack's count against them, the names made to pass them, and
 * the gate (`assertValid`) before a file is offered.
 */
export { assertValid, EXPORT_FILE_TARGETS, type ExportFileTarget, exportFileBreaches } from "./assert-valid.ts";
export type { Breach, BreachRule } from "./breach.ts";
export { type AnimatedDownloadFormat, checkAnimatedDownload } from "./check-animated-download.ts";
export { checkDiscordEmoji } from "./check-discord-emoji.ts";
export { checkDiscordSticker } from "./check-discord-sticker.ts";
export { checkIMessageSticker } from "./check-imessage-sticker.ts";
export { PACK_COUNT_RULES, type PackCountTarget, packCountBreach } from "./check-pack-count.ts";
export { checkSignalSticker } from "./check-signal-sticker.ts";
export { checkSlackEmoji } from "./check-slack-emoji.ts";
export { checkTelegramCustomEmoji, checkTelegramVideoEmoji } from "./check-telegram-custom-emoji.ts";
export { checkTelegramSetThumbnail, checkTelegramVideoSetThumbnail } from "./check-telegram-set-thumbnail.ts";
export { checkTelegramStillSticker } from "./check-telegram-still-sticker.ts";
export { checkTelegramVideoSticker } from "./check-telegram-video-sticker.ts";
export {
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
  type DiscordStickerTexts,
} from "./check-texts.ts";
export { checkWhatsAppAnimatedSticker } from "./check-whatsapp-animated-sticker.ts";
export { checkWhatsAppStillSticker } from "./check-whatsapp-still-sticker.ts";
export { checkWhatsAppTray } from "./check-whatsapp-tray.ts";
export { discordEmojiName, slackEmojiName, telegramSetName } from "./make-names.ts";
export { type GifFrame, type GifInfo, readGif } from "./read-gif.ts";
export { type JpegInfo, readJpeg } from "./read-jpeg.ts";
export { type Picture, type PictureFormat, readPicture } from "./read-picture.ts";
export { type PngFrame, type PngInfo, readPng } from "./read-png.ts";
export { readWebm, type WebmInfo, type WebmTrack } from "./read-webm.ts";
export { readWebp, type WebpFrame, type WebpInfo } from "./read-webp.ts";
export * from "./rules.ts";
