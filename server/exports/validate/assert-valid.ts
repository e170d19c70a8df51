/**
 * The gate every moving sticker file passes before a user is offered it: the target's check, and
 * an AppError when it fails. A file over a byte limit only is MOTION_TOO_LARGE (the sticker cannot be
 * made to fit); any other breach is our bug and INTERNAL_ERROR, so the file is never shipped.
 */
import { AppError } from "#common/errors.ts";
import type { Breach } from "./breach.ts";
import { checkAnimatedDownload } from "./check-animated-download.ts";
import { checkTelegramVideoSticker } from "./check-telegram-video-sticker.ts";
import { checkWhatsAppAnimatedSticker } from "./check-whatsapp-animated-sticker.ts";
import { checkWhatsAppTray } from "./check-whatsapp-tray.ts";

export type MotionTarget = "whatsapp" | "whatsapp-tray" | "telegram-video" | "webp" | "gif" | "apng";

function breachesFor(target: MotionTarget, bytes: Uint8Array): Breach[] {
  switch (target) {
    case "whatsapp":
      return checkWhatsAppAnimatedSticker(bytes);
    case "whatsapp-tray":
      return checkWhatsAppTray(bytes);
    case "telegram-video":
      return checkTelegramVideoSticker(bytes);
    default:
      return checkAnimatedDownload(bytes, target);
  }
}

export function assertValid(target: MotionTarget, bytes: Uint8Array): void {
  const breaches = breachesFor(target, bytes);
  if (breaches.length === 0) return;
  const detail = `${target}: ${breaches.map((breach) => breach.detail).join("; ")}`;
  if (breaches.every((breach) => breach.rule === "bytes")) throw new AppError("MOTION_TOO_LARGE", detail);
  throw new AppError("INTERNAL_ERROR", detail);
}
