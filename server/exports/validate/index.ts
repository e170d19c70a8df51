/**
 * The motion validators' entry: the parsers of moving sticker files, the messengers' rules, the
 * checks that hold a file against them, and the gate (`assertValid`) before a file is offered.
 */
export { assertValid, type MotionTarget } from "./assert-valid.ts";
export type { Breach, BreachRule } from "./breach.ts";
export { type AnimatedDownloadFormat, checkAnimatedDownload } from "./check-animated-download.ts";
export { checkTelegramVideoSticker } from "./check-telegram-video-sticker.ts";
export { checkWhatsAppAnimatedSticker } from "./check-whatsapp-animated-sticker.ts";
export { checkWhatsAppTray } from "./check-whatsapp-tray.ts";
export { type GifFrame, type GifInfo, readGif } from "./read-gif.ts";
export { type PngFrame, type PngInfo, readPng } from "./read-png.ts";
export { readWebm, type WebmInfo, type WebmTrack } from "./read-webm.ts";
export { readWebp, type WebpFrame, type WebpInfo } from "./read-webp.ts";
export * from "./rules.ts";
