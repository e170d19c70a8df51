/**
 * Reads what the motion validators need from a GIF (the GIF89a specification): the logical screen,
 * every image's place and delay (from its Graphic Control Extension), and the loop count of the
 * NETSCAPE2.0 application extension. Garbage never throws: it comes back in `problems`.
 */

export interface GifFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The preceding Graphic Control Extension's delay (0 when there is none). */
  delayMs: number;
}

export interface GifInfo {
  width: number;
  height: number;
  frames: GifFrame[];
  /** NETSCAPE2.0's loop count (0 = forever); null when absent (the animation plays once). */
  loop: number | null;
  byteLength: number;
  /** What makes the bytes no well-formed GIF; empty when they are one. */
  problems: string[];
}

const EXTENSION = 0x21;
const IMAGE = 0x2c;
const TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const APPLICATION = 0xff;
const COLOUR_TABLE_FLAG = 0x80;

function le16(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function colourTableBytes(packed: number): number {
  return packed & COLOUR_TABLE_FLAG ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
}

/** The offset after a run of data sub-blocks starting at `at`, or null when the file ends first. */
function skipSubBlocks(bytes: Uint8Array, at: number): number | null {
  let p = at;
  while (p < bytes.length) {
    const size = bytes[p] ?? 0;
    if (size === 0) return p + 1;
    p += 1 + size;
  }
  return null;
}

export function readGif(bytes: Uint8Array): GifInfo {
  const info: GifInfo = { width: 0, height: 0, frames: [], loop: null, byteLength: bytes.length, problems: [] };
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (bytes.length < 13 || (signature !== "GIF89a" && signature !== "GIF87a")) {
    info.problems.push("not a GIF file");
    return info;
  }
  info.width = le16(bytes, 6);
  info.height = le16(bytes, 8);
  let at = 13 + colourTableBytes(bytes[10] ?? 0);
  let delayMs = 0;
  while (true) {
    const introducer = bytes[at];
    if (introducer === undefined) {
      info.problems.push("the file ends before the GIF trailer");
      break;
    }
    if (introducer === TRAILER) break;
    let next: number | null = null;
    if (introducer === EXTENSION) {
      const label = bytes[at + 1];
      if (label === GRAPHIC_CONTROL && bytes[at + 2] === 4) delayMs = le16(bytes, at + 4) * 10;
      if (label === APPLICATION && bytes[at + 2] === 11) {
        const name = String.fromCharCode(...bytes.subarray(at + 3, at + 14));
        if (name === "NETSCAPE2.0" && bytes[at + 14] === 3 && bytes[at + 15] === 1) info.loop = le16(bytes, at + 16);
      }
      next = skipSubBlocks(bytes, at + 2);
    } else if (introducer === IMAGE) {
      if (at + 10 > bytes.length) {
        info.problems.push(`image descriptor at offset ${at} is cut short`);
        break;
      }
      const frame = {
        x: le16(bytes, at + 1),
        y: le16(bytes, at + 3),
        width: le16(bytes, at + 5),
        height: le16(bytes, at + 7),
        delayMs,
      };
      if (frame.x + frame.width > info.width || frame.y + frame.height > info.height)
        info.problems.push(`image ${info.frames.length} reaches past the ${info.width}×${info.height} screen`);
      info.frames.push(frame);
      delayMs = 0;
      // After the descriptor: a local colour table, the LZW minimum code size, then the image data.
      next = skipSubBlocks(bytes, at + 10 + colourTableBytes(bytes[at + 9] ?? 0) + 1);
    } else {
      info.problems.push(`unknown block 0x${introducer.toString(16)} at offset ${at}`);
      break;
    }
    if (next === null) {
      info.problems.push(`the block at offset ${at} runs past the end of the file`);
      break;
    }
    at = next;
  }
  if (info.frames.length === 0) info.problems.push("a GIF without an image");
  return info;
}
