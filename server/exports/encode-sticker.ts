/**
 * Sticker files in the shapes the messengers accept: the sticker scaled to the target's edge (`inside`:
 * the longer side exactly that, as Telegram wants; `contain`: a square with the sticker centred on
 * transparency), encoded as PNG or WebP at the best quality that stays under the target's byte limit.
 * The limits aimed at are counted in thousands of bytes, the stricter reading, so every file also
 * passes a platform that counts in KiB (server/exports/validate/ checks each against its own rule).
 */
import sharp, { type Sharp } from "sharp";

const STICKER_EDGE = 512;

/** How one target's file is drawn and encoded. */
export interface StickerEncoding {
  edge: number;
  fit: "inside" | "contain";
  format: "png" | "webp";
  /** The file must stay strictly below this many bytes. */
  maxBytes: number;
}
export const TELEGRAM_MAX_BYTES = 512 * 1000;
export const WHATSAPP_MAX_BYTES = 100 * 1000;

export type TelegramFormat = "png" | "webp";

export interface ExportOptions {
  /** Overrides the messenger's size limit (the file must stay strictly below it). */
  maxBytes?: number;
}

/** A sticker that stays over the limit at the lowest quality tried. */
export class ExportTooLargeError extends Error {
  constructor(target: string, bytes: number, maxBytes: number) {
    super(`${target} export is ${bytes} bytes at the lowest quality, limit ${maxBytes}`);
    this.name = "ExportTooLargeError";
  }
}

/** WebP qualities tried in turn, best first; the alpha plane is kept sharper down to a point. */
const WEBP_STEPS = [90, 80, 70, 60, 50, 40, 30, 20, 10, 5, 1].map((quality) => ({
  quality,
  alphaQuality: Math.max(50, quality + 10),
}));
/**
 * PNG palette sizes tried after the lossless file. 256 colours is already about a third of the
 * lossless size on busy art; 16 colours packs two pixels a byte. Few steps, because each
 * quantisation of a busy sticker costs up to a few hundred milliseconds.
 */
const PNG_PALETTE_COLOURS = [256, 64, 16];
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/** The first candidate that is strictly under the limit, trying the encodings in order. */
async function firstThatFits(target: string, maxBytes: number, encodings: readonly (() => Promise<Buffer>)[]): Promise<Buffer> {
  let smallest = Number.POSITIVE_INFINITY;
  for (const encode of encodings) {
    const file = await encode();
    if (file.length < maxBytes) return file;
    smallest = Math.min(smallest, file.length);
  }
  throw new ExportTooLargeError(target, smallest, maxBytes);
}

/** The sticker decoded once at `edge` px (`fit` as sharp's resize); every attempt encodes these pixels. */
async function stickerPixels(png: Buffer, fit: "inside" | "contain", edge = STICKER_EDGE) {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .resize(edge, edge, { fit, background: TRANSPARENT, kernel: "lanczos3" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return () => sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
}

/** One WebP encoding per quality step, best first. */
function webpAttempts(pixels: () => Sharp): (() => Promise<Buffer>)[] {
  return WEBP_STEPS.map(
    (step) => () =>
      pixels()
        .webp({ ...step, effort: 5 })
        .toBuffer(),
  );
}

/** One PNG lossless, then the palette sizes, best first. */
function pngAttempts(pixels: () => Sharp): (() => Promise<Buffer>)[] {
  return [
    () => pixels().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer(),
    ...PNG_PALETTE_COLOURS.map(
      (colours) => () => pixels().png({ compressionLevel: 9, palette: true, colours, effort: 4 }).toBuffer(),
    ),
  ];
}

/** The sticker drawn and encoded as `encoding` says; ExportTooLargeError when nothing tried fits. */
export async function encodeSticker(png: Buffer, encoding: StickerEncoding, target: string): Promise<Buffer> {
  const pixels = await stickerPixels(png, encoding.fit, encoding.edge);
  const attempts = encoding.format === "webp" ? webpAttempts(pixels) : pngAttempts(pixels);
  return firstThatFits(target, encoding.maxBytes, attempts);
}

/** Telegram: the longer side scaled to exactly 512 px, aspect kept, under 512 KB. */
export function exportForTelegram(png: Buffer, format: TelegramFormat, options: ExportOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? TELEGRAM_MAX_BYTES;
  return encodeSticker(png, { edge: STICKER_EDGE, fit: "inside", format, maxBytes }, `telegram.${format}`);
}

/** WhatsApp: exactly 512×512, the sticker centred on transparency, WebP under 100 KB. */
export function exportForWhatsApp(png: Buffer, options: ExportOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? WHATSAPP_MAX_BYTES;
  return encodeSticker(png, { edge: STICKER_EDGE, fit: "contain", format: "webp", maxBytes }, "whatsapp.webp");
}
