/**
 * Reads any sticker picture an export target may take — PNG, APNG, WebP (still or animated), GIF or
 * JPEG — by its leading bytes, into what the picture checks compare: its format, size, whether it
 * moves, and for how long. The parsers underneath never throw; neither does this.
 */
import { readGif } from "./read-gif.ts";
import { readJpeg } from "./read-jpeg.ts";
import { readPng } from "./read-png.ts";
import { readWebp } from "./read-webp.ts";

export type PictureFormat = "PNG" | "APNG" | "WebP" | "GIF" | "JPEG";

export interface Picture {
  /** null when the bytes start like none of the formats. */
  format: PictureFormat | null;
  width: number;
  height: number;
  /** More than one frame. */
  animated: boolean;
  frames: number;
  /** One pass of the animation, every frame's delay added up (0 for a still). */
  durationMs: number;
  byteLength: number;
  /** What makes the bytes no well-formed file of their format; empty when they are one. */
  problems: string[];
}

function startsWith(bytes: Uint8Array, at: number, ascii: string): boolean {
  for (let i = 0; i < ascii.length; i++) if (bytes[at + i] !== ascii.charCodeAt(i)) return false;
  return true;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function readPicture(bytes: Uint8Array): Picture {
  if (startsWith(bytes, 1, "PNG\r\n")) {
    const png = readPng(bytes);
    const frames = png.animated ? png.frames : [];
    return {
      format: png.animated ? "APNG" : "PNG",
      width: png.width,
      height: png.height,
      animated: frames.length > 1,
      frames: Math.max(1, frames.length),
      durationMs: sum(frames.map((frame) => frame.delayMs)),
      byteLength: png.byteLength,
      problems: png.problems,
    };
  }
  if (startsWith(bytes, 0, "RIFF") && startsWith(bytes, 8, "WEBP")) {
    const webp = readWebp(bytes);
    return {
      format: "WebP",
      width: webp.width,
      height: webp.height,
      animated: webp.animated && webp.frames.length > 1,
      frames: webp.frames.length,
      durationMs: webp.animated ? sum(webp.frames.map((frame) => frame.durationMs)) : 0,
      byteLength: webp.byteLength,
      problems: webp.problems,
    };
  }
  if (startsWith(bytes, 0, "GIF8")) {
    const gif = readGif(bytes);
    return {
      format: "GIF",
      width: gif.width,
      height: gif.height,
      animated: gif.frames.length > 1,
      frames: gif.frames.length,
      durationMs: gif.frames.length > 1 ? sum(gif.frames.map((frame) => frame.delayMs)) : 0,
      byteLength: gif.byteLength,
      problems: gif.problems,
    };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const jpeg = readJpeg(bytes);
    return { format: "JPEG", ...jpeg, animated: false, frames: 1, durationMs: 0 };
  }
  return {
    format: null,
    width: 0,
    height: 0,
    animated: false,
    frames: 0,
    durationMs: 0,
    byteLength: bytes.length,
    problems: ["not a PNG, WebP, GIF or JPEG file"],
  };
}
