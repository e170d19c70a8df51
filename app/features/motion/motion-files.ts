/**
 * The addresses of a moving sticker's files (decision 0041), as the server names them
 * (server/motion/motion-keys.ts, server/downloads/routes.ts).
 */
import { MOTION_FILES_VERSION, type MotionPreset } from "#common/motion.ts";

/** The picker's small loop of one preset on a picture, made on its first request. */
export function motionPreviewUrl(picId: string, preset: MotionPreset): string {
  return `/files/${picId}-move${MOTION_FILES_VERSION}-${preset}-preview.webp`;
}

/** The downloads of a moving sticker: WhatsApp's animated WebP, Telegram's video sticker, GIF and APNG. */
export const MOTION_DOWNLOADS = ["webp", "webm", "gif", "apng"] as const;
export type MotionDownload = (typeof MOTION_DOWNLOADS)[number];

export function motionDownloadPath(picId: string, preset: MotionPreset, format: MotionDownload): string {
  return `/files/motion/${picId}/${preset}/${format}`;
}
