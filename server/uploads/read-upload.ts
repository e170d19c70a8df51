/**
 * Turns an uploaded picture into the PNG we store. The user's bytes are never stored: the picture is
 * decoded and re-encoded, so metadata and anything hidden after the image data (polyglots) is dropped.
 * Every step that could cost memory comes after a cheaper check that can refuse first:
 * size → magic bytes → header (dimensions, and what the decoder must buffer) → decode.
 */
import sharp, { type Metadata } from "sharp";
import { AppError } from "#common/errors.ts";
import type { Config } from "../config.ts";

export type UploadFormat = "png" | "jpeg" | "webp";

export interface UploadLimits {
  maxBytes: number;
  maxPixels: number;
}

export interface AcceptedUpload {
  png: Buffer;
  width: number;
  height: number;
  sourceFormat: UploadFormat;
}

/** Longest side of a stored upload: plenty for a 512 px sticker, and bounds what later steps decode. */
const STORED_MAX_SIDE = 2048;

export function uploadLimitsOf(config: Pick<Config, "UPLOAD_MAX_BYTES" | "UPLOAD_MAX_PIXELS">): UploadLimits {
  return { maxBytes: config.UPLOAD_MAX_BYTES, maxPixels: config.UPLOAD_MAX_PIXELS };
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, magic: number[], offset = 0): boolean {
  return bytes.length >= offset + magic.length && magic.every((byte, i) => bytes[offset + i] === byte);
}

/** Pictures of a kind we do not take (GIF, SVG, HEIC/AVIF, BMP, TIFF, ICO), known by their first bytes. */
function isOtherPictureType(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 256)).toString("latin1");
  if (head.startsWith("GIF8") || head.startsWith("BM") || head.startsWith("II*\0") || head.startsWith("MM\0*")) return true;
  if (head.startsWith("\0\0\x01\0")) return true;
  // ISO media (HEIC, HEIF, AVIF): "ftyp" at byte 4.
  if (head.slice(4, 8) === "ftyp") return true;
  // SVG: markup (an XML prolog, comments) that holds an <svg> element.
  return /^\s*</.test(head) && /<svg[\s>]/i.test(head);
}

/** What the sender said the file is: its declared content type and name (never trusted for decoding). */
export interface ClaimedFile {
  type?: string | undefined;
  name?: string | undefined;
}

const PICTURE_NAME = /\.(png|jpe?g|jfif|webp|gif|heic|heif|avif|bmp|tiff?)$/i;

/** Whether the sender presented the file as a picture (an image content type or a picture's file name). */
function claimsToBePicture(claimed: ClaimedFile | undefined): boolean {
  if (!claimed) return false;
  return (claimed.type ?? "").toLowerCase().startsWith("image/") || PICTURE_NAME.test(claimed.name ?? "");
}

/**
 * Why bytes that are none of our types are refused: a picture of another kind gets the list of the
 * types we take (UPLOAD_UNSUPPORTED_TYPE); a file presented as a picture that is no picture at all
 * (a renamed document, a damaged start) gets "That picture can't be read" (UPLOAD_NOT_AN_IMAGE, decision 0029).
 */
function unknownTypeError(bytes: Uint8Array, claimed: ClaimedFile | undefined): AppError {
  if (isOtherPictureType(bytes) || !claimsToBePicture(claimed)) return new AppError("UPLOAD_UNSUPPORTED_TYPE");
  return new AppError("UPLOAD_NOT_AN_IMAGE");
}

/** The picture's type from its first bytes alone; file names and declared content types are not trusted. */
export function sniffImageType(bytes: Uint8Array): UploadFormat | null {
  if (startsWith(bytes, PNG_MAGIC)) return "png";
  if (startsWith(bytes, JPEG_MAGIC)) return "jpeg";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "webp";
  return null;
}

/**
 * `claimed` (the form part's type and name) only chooses the words of a refusal: whether the picture
 * is one is decided from its bytes.
 */
export async function readUpload(bytes: Buffer, limits: UploadLimits, claimed?: ClaimedFile): Promise<AcceptedUpload> {
  if (bytes.length === 0) throw new AppError("UPLOAD_MISSING");
  if (bytes.length > limits.maxBytes) throw new AppError("UPLOAD_TOO_LARGE");
  const sourceFormat = sniffImageType(bytes);
  if (sourceFormat === null) throw unknownTypeError(bytes, claimed);

  // "error" (not the stricter default "warning") still refuses truncated and corrupt data, but lets
  // through the harmless libjpeg/libpng warnings many phone and editor exports carry.
  const options = { limitInputPixels: limits.maxPixels, failOn: "error" } as const;

  // metadata() reads only the header, so a decompression bomb is refused before its pixels exist.
  let header: Metadata;
  try {
    header = await sharp(bytes, options).metadata();
  } catch (error) {
    throw decodeError(error);
  }
  if (header.format !== sourceFormat) throw new AppError("UPLOAD_UNSUPPORTED_TYPE");
  if (header.width * header.height > limits.maxPixels) throw new AppError("UPLOAD_TOO_MANY_PIXELS");
  if (bufferedDecodeBytes(header) > limits.maxPixels * 4) throw new AppError("UPLOAD_TOO_MANY_PIXELS");

  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height, sourceFormat };
  } catch (error) {
    throw decodeError(error);
  }
}

/**
 * Interlaced PNGs and progressive JPEGs cannot be decoded row by row: the decoder first holds the
 * whole picture (PNG: every sample; JPEG: every DCT coefficient, 2 bytes a sample). Their budget is
 * what a picture at maxPixels takes as 8-bit RGBA (also what WebP, always decoded whole, can reach);
 * past it, a 16-bit, CMYK or 4:4:4 picture near the pixel cap peaks above 256 MB (bench/uploads.ts).
 */
function bufferedDecodeBytes(header: Metadata): number {
  if (!header.isProgressive) return 0;
  const pixels = header.width * header.height;
  if (header.format === "jpeg") return pixels * 2 * jpegSamplesPerPixel(header);
  return pixels * header.channels * (header.depth === "ushort" ? 2 : 1);
}

/** From J:a:b[:k] chroma subsampling: one luma sample, two chroma of (a + b) / 2J each, and K or alpha. */
function jpegSamplesPerPixel(header: Metadata): number {
  const [j = 0, a = Number.NaN, b = Number.NaN, k = 0] = (header.chromaSubsampling ?? "").split(":").map(Number);
  const samples = 1 + (a + b) / j + k / j;
  return Number.isFinite(samples) ? samples : header.channels;
}

function decodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  // sharp's own limitInputPixels check (also a header check) words its refusal this way.
  if (/pixel limit/i.test(message)) return new AppError("UPLOAD_TOO_MANY_PIXELS", undefined, { cause: error });
  return new AppError("UPLOAD_UNREADABLE", undefined, { cause: error });
}
