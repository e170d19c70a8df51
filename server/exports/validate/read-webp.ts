/**
 * Reads what the motion validators need from a WebP file (RIFF container, Google's "WebP Container
 * Specification"): the canvas, whether it animates, its loop count and every frame's place, duration,
 * blending and disposal. Pure byte reading, no decoder: a file that is not a well-formed WebP never
 * throws, it comes back with `problems` saying what is wrong.
 */

export interface WebpFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  durationMs: number;
  /** "alpha": drawn over the canvas as it stands; "none": replaces the pixels it covers. */
  blend: "alpha" | "none";
  /** "background": the frame's rectangle is cleared before the next frame. */
  dispose: "none" | "background";
}

export interface WebpInfo {
  width: number;
  height: number;
  animated: boolean;
  /** ANIM's loop count (0 = forever); null for a still or when ANIM is missing. */
  loopCount: number | null;
  /** A still has one frame covering the whole canvas, with no duration. */
  frames: WebpFrame[];
  hasAlpha: boolean;
  byteLength: number;
  /** What makes the bytes no well-formed WebP; empty when they are one. */
  problems: string[];
}

const VP8X_ANIMATION = 0x02;
const VP8X_ALPHA = 0x10;
const ANMF_NO_BLEND = 0x02;
const ANMF_DISPOSE_BACKGROUND = 0x01;

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

function le16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function le24(bytes: Uint8Array, at: number): number {
  return le16(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function le32(bytes: Uint8Array, at: number): number {
  return (le24(bytes, at) + (bytes[at + 3] ?? 0) * 0x1000000) >>> 0;
}

interface Chunk {
  id: string;
  /** Offset of the payload. */
  start: number;
  size: number;
}

/** The chunks from `start` to `end`, each padded to an even size; a chunk running past `end` is a problem. */
function chunksOf(bytes: Uint8Array, start: number, end: number, problems: string[]): Chunk[] {
  const chunks: Chunk[] = [];
  let at = start;
  while (at < end) {
    if (end - at < 8) {
      problems.push(`${end - at} stray bytes at offset ${at}, too few for a chunk header`);
      break;
    }
    const id = fourcc(bytes, at);
    const size = le32(bytes, at + 4);
    const padded = size + (size & 1);
    if (at + 8 + padded > end) {
      problems.push(`chunk ${JSON.stringify(id)} at offset ${at} declares ${size} bytes, past the end of its container`);
      break;
    }
    chunks.push({ id, start: at + 8, size });
    at += 8 + padded;
  }
  return chunks;
}

/** Width and height of a VP8 (lossy) or VP8L (lossless) bitstream chunk, or null when its header is wrong. */
function bitstreamSize(bytes: Uint8Array, chunk: Chunk): { width: number; height: number; alpha: boolean } | null {
  if (chunk.id === "VP8 ") {
    if (chunk.size < 10 || bytes[chunk.start + 3] !== 0x9d || bytes[chunk.start + 4] !== 0x01 || bytes[chunk.start + 5] !== 0x2a)
      return null;
    return { width: le16(bytes, chunk.start + 6) & 0x3fff, height: le16(bytes, chunk.start + 8) & 0x3fff, alpha: false };
  }
  if (chunk.id === "VP8L") {
    if (chunk.size < 5 || bytes[chunk.start] !== 0x2f) return null;
    const bits = le32(bytes, chunk.start + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: ((bits >>> 28) & 1) === 1 };
  }
  return null;
}

function readStill(bytes: Uint8Array, chunks: Chunk[], info: WebpInfo) {
  const image = chunks.find((chunk) => chunk.id === "VP8 " || chunk.id === "VP8L");
  const size = image ? bitstreamSize(bytes, image) : null;
  if (!image || !size) {
    info.problems.push(image ? `the ${image.id.trim()} bitstream header is malformed` : "no VP8 or VP8L image chunk");
    return;
  }
  if (info.width === 0) {
    info.width = size.width;
    info.height = size.height;
  } else if (size.width !== info.width || size.height !== info.height) {
    info.problems.push(`the image is ${size.width}×${size.height} on a ${info.width}×${info.height} canvas`);
  }
  info.hasAlpha ||= size.alpha || chunks.some((chunk) => chunk.id === "ALPH");
  info.frames.push({ x: 0, y: 0, width: info.width, height: info.height, durationMs: 0, blend: "none", dispose: "none" });
}

function readFrame(bytes: Uint8Array, chunk: Chunk, index: number, info: WebpInfo): WebpFrame | null {
  if (chunk.size < 16) {
    info.problems.push(`ANMF frame ${index} is ${chunk.size} bytes, shorter than its 16-byte header`);
    return null;
  }
  const at = chunk.start;
  const flags = bytes[at + 15] ?? 0;
  const frame: WebpFrame = {
    x: le24(bytes, at) * 2,
    y: le24(bytes, at + 3) * 2,
    width: le24(bytes, at + 6) + 1,
    height: le24(bytes, at + 9) + 1,
    durationMs: le24(bytes, at + 12),
    blend: flags & ANMF_NO_BLEND ? "none" : "alpha",
    dispose: flags & ANMF_DISPOSE_BACKGROUND ? "background" : "none",
  };
  const inner = chunksOf(bytes, at + 16, at + chunk.size, info.problems);
  const image = inner.find((c) => c.id === "VP8 " || c.id === "VP8L");
  const size = image ? bitstreamSize(bytes, image) : null;
  if (!size) info.problems.push(`ANMF frame ${index} carries no readable VP8 or VP8L image`);
  else if (size.width !== frame.width || size.height !== frame.height)
    info.problems.push(
      `ANMF frame ${index} declares ${frame.width}×${frame.height} but its image is ${size.width}×${size.height}`,
    );
  if (frame.x + frame.width > info.width || frame.y + frame.height > info.height)
    info.problems.push(`ANMF frame ${index} reaches past the ${info.width}×${info.height} canvas`);
  return frame;
}

export function readWebp(bytes: Uint8Array): WebpInfo {
  const info: WebpInfo = {
    width: 0,
    height: 0,
    animated: false,
    loopCount: null,
    frames: [],
    hasAlpha: false,
    byteLength: bytes.length,
    problems: [],
  };
  if (bytes.length < 12 || fourcc(bytes, 0) !== "RIFF" || fourcc(bytes, 8) !== "WEBP") {
    info.problems.push("not a RIFF WebP file");
    return info;
  }
  // Bytes after the RIFF's declared end are ignored, as libwebp's demuxer does; the file still counts them.
  const riffEnd = 8 + le32(bytes, 4);
  if (riffEnd > bytes.length) info.problems.push(`the RIFF header declares ${riffEnd} bytes, the file has ${bytes.length}`);
  const chunks = chunksOf(bytes, 12, Math.min(riffEnd, bytes.length), info.problems);
  const first = chunks[0];
  if (first?.id !== "VP8X") {
    readStill(bytes, chunks, info);
    return info;
  }
  if (first.size < 10) {
    info.problems.push("the VP8X chunk is shorter than 10 bytes");
    return info;
  }
  const flags = bytes[first.start] ?? 0;
  info.animated = (flags & VP8X_ANIMATION) !== 0;
  info.hasAlpha = (flags & VP8X_ALPHA) !== 0;
  info.width = le24(bytes, first.start + 4) + 1;
  info.height = le24(bytes, first.start + 7) + 1;
  if (!info.animated) {
    readStill(bytes, chunks.slice(1), info);
    return info;
  }
  const anim = chunks.find((chunk) => chunk.id === "ANIM");
  if (anim && anim.size >= 6) info.loopCount = le16(bytes, anim.start + 4);
  else info.problems.push("an animated WebP without an ANIM chunk");
  for (const chunk of chunks) {
    if (chunk.id !== "ANMF") continue;
    const frame = readFrame(bytes, chunk, info.frames.length, info);
    if (frame) info.frames.push(frame);
  }
  if (info.frames.length === 0) info.problems.push("an animated WebP without an ANMF frame");
  if (chunks.some((chunk) => chunk.id === "VP8 " || chunk.id === "VP8L"))
    info.problems.push("an animated WebP with an image chunk outside its frames");
  return info;
}
