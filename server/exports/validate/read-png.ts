/**
 * Reads what the motion validators need from a PNG (the PNG specification, and the APNG extension
 * registered with it): the size, the colour type and whether it has alpha, and for an APNG its frame
 * count (acTL) and every frame's place and delay (fcTL). Chunks are checked against their CRC.
 * Garbage never throws: it comes back in `problems`.
 */
import { crc32 } from "node:zlib";

export interface PngFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  delayMs: number;
}

export interface PngInfo {
  width: number;
  height: number;
  /** IHDR's colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colourType: number;
  /** An alpha channel, or a tRNS chunk. */
  hasAlpha: boolean;
  /** An acTL chunk before the image data makes it an APNG. */
  animated: boolean;
  /** acTL's frame count (1 for a still PNG). */
  declaredFrames: number;
  /** acTL's play count (0 = forever); null for a still PNG. */
  plays: number | null;
  /** The fcTL frames of an APNG; empty for a still PNG. */
  frames: PngFrame[];
  byteLength: number;
  /** What makes the bytes no well-formed PNG; empty when they are one. */
  problems: string[];
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const COLOUR_TYPES_WITH_ALPHA = new Set([4, 6]);
/** fcTL's delay denominator 0 means hundredths of a second. */
const DEFAULT_DELAY_DENOMINATOR = 100;

function be16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function be32(bytes: Uint8Array, at: number): number {
  return ((be16(bytes, at) << 16) | be16(bytes, at + 2)) >>> 0;
}

export function readPng(bytes: Uint8Array): PngInfo {
  const info: PngInfo = {
    width: 0,
    height: 0,
    colourType: 0,
    hasAlpha: false,
    animated: false,
    declaredFrames: 1,
    plays: null,
    frames: [],
    byteLength: bytes.length,
    problems: [],
  };
  if (bytes.length < 8 || SIGNATURE.some((byte, i) => bytes[i] !== byte)) {
    info.problems.push("not a PNG file");
    return info;
  }
  let at = 8;
  let seenImageData = false;
  let seenEnd = false;
  while (at < bytes.length && !seenEnd) {
    if (at + 12 > bytes.length) {
      info.problems.push(`${bytes.length - at} stray bytes at offset ${at}, too few for a chunk`);
      break;
    }
    const length = be32(bytes, at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const data = at + 8;
    if (data + length + 4 > bytes.length) {
      info.problems.push(`chunk ${JSON.stringify(type)} at offset ${at} runs past the end of the file`);
      break;
    }
    if (crc32(bytes.subarray(at + 4, data + length)) !== be32(bytes, data + length))
      info.problems.push(`chunk ${JSON.stringify(type)} at offset ${at} fails its CRC`);
    if (at === 8 && type !== "IHDR") info.problems.push("the first chunk is not IHDR");
    if (type === "IHDR" && length >= 13) {
      info.width = be32(bytes, data);
      info.height = be32(bytes, data + 4);
      info.colourType = bytes[data + 9] ?? 0;
      info.hasAlpha = COLOUR_TYPES_WITH_ALPHA.has(info.colourType);
    } else if (type === "tRNS") info.hasAlpha = true;
    else if (type === "acTL" && length >= 8 && !seenImageData) {
      info.animated = true;
      info.declaredFrames = be32(bytes, data);
      info.plays = be32(bytes, data + 4);
    } else if (type === "fcTL" && length >= 26) {
      const denominator = be16(bytes, data + 22) || DEFAULT_DELAY_DENOMINATOR;
      info.frames.push({
        width: be32(bytes, data + 4),
        height: be32(bytes, data + 8),
        x: be32(bytes, data + 12),
        y: be32(bytes, data + 16),
        delayMs: (be16(bytes, data + 20) * 1000) / denominator,
      });
    } else if (type === "IDAT") seenImageData = true;
    else if (type === "IEND") seenEnd = true;
    at = data + length + 4;
  }
  if (!seenEnd) info.problems.push("no IEND chunk");
  if (!seenImageData) info.problems.push("no IDAT chunk");
  if (!info.animated) info.frames = [];
  else if (info.frames.length !== info.declaredFrames)
    info.problems.push(`acTL declares ${info.declaredFrames} frames, the file has ${info.frames.length} fcTL chunks`);
  return info;
}
