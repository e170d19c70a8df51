/**
 * The gate every export file passes before a user is offered it: its target's check, and an AppError
 * when it fails. A file over a byte limit only is MOTION_TOO_LARGE (the sticker cannot be made to
 * fit; the code's name predates still targets); any other breach is our bug and INTERNAL_ERROR, so
 * the file is never shipped.
 */
import { AppError } from "#common/errors.ts";
import type { Breach } from "./breach.ts";
import { checkAnimatedDownload } from "./check-animated-download.ts";
import { checkDiscordEmoji } from "./check-discord-emoji.ts";
import { checkDiscordSticker } from "./check-discord-sticker.ts";
import { checkIMessageSticker } from "./check-imessage-sticker.ts";
import { checkSignalSticker } from "./check-signal-sticker.ts";
import { checkSlackEmoji } from "./check-slack-emoji.ts";
import { checkTelegramCustomEmoji, checkTelegramVideoEmoji } from "./check-telegram-custom-emoji.ts";
import { checkTelegramSetThumbnail, checkTelegramVideoSetThumbnail } from "./check-telegram-set-thumbnail.ts";
import { checkTelegramStillSticker } from "./check-telegram-still-sticker.ts";
import { checkTelegramVideoSticker } from "./check-telegram-video-sticker.ts";
import { checkWhatsAppAnimatedSticker } from "./check-whatsapp-animated-sticker.ts";
import { checkWhatsAppStillSticker } from "./check-whatsapp-still-sticker.ts";
import { checkWhatsAppTray } from "./check-whatsapp-tray.ts";

/** Each target's check, by the name the export code asks for it ("whatsapp" is the animated sticker). */
const CHECKS = {
  whatsapp: checkWhatsAppAnimatedSticker,
  "whatsapp-still": checkWhatsAppStillSticker,
  "whatsapp-tray": checkWhatsAppTray,
  "telegram-still": checkTelegramStillSticker,
  "telegram-video": checkTelegramVideoSticker,
  "telegram-emoji": checkTelegramCustomEmoji,
  "telegram-video-emoji": checkTelegramVideoEmoji,
  "telegram-thumbnail": checkTelegramSetThumbnail,
  "telegram-video-thumbnail": checkTelegramVideoSetThumbnail,
  signal: checkSignalSticker,
  "discord-sticker": checkDiscordSticker,
  "discord-emoji": checkDiscordEmoji,
  "slack-emoji": checkSlackEmoji,
  imessage: checkIMessageSticker,
  webp: (bytes) => checkAnimatedDownload(bytes, "webp"),
  gif: (bytes) => checkAnimatedDownload(bytes, "gif"),
  apng: (bytes) => checkAnimatedDownload(bytes, "apng"),
} satisfies Record<string, (bytes: Uint8Array) => Breach[]>;

export type ExportFileTarget = keyof typeof CHECKS;

export const EXPORT_FILE_TARGETS = Object.keys(CHECKS) as ExportFileTarget[];

/** Every breach of the file against its target's rule, none when it passes. */
export function exportFileBreaches(target: ExportFileTarget, bytes: Uint8Array): Breach[] {
  return CHECKS[target](bytes);
}

export function assertValid(target: ExportFileTarget, bytes: Uint8Array): void {
  const breaches = exportFileBreaches(target, bytes);
  if (breaches.length === 0) return;
  const detail = `${target}: ${breaches.map((breach) => breach.detail).join("; ")}`;
  if (breaches.every((breach) => breach.rule === "bytes")) throw new AppError("MOTION_TOO_LARGE", detail);
  throw new AppError("INTERNAL_ERROR", detail);
}
