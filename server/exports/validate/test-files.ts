/**
 * Test support for the export validators (imported by their tests and bench/export-rules.ts only):
 * real sticker files made with sharp and the npm-shipped FFmpeg, and byte patches that move one number
 * of a file to exactly the value a test needs (a frame's duration, the file's size) without
 * re-encoding it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { crc32 } from "node:zlib";
import sharp from "sharp";

const run = promisify(execFile);
const ffmpeg = createRequire(import.meta.url).resolve("@ffmpeg-installer/linux-x64/ffmpeg");

/** RGBA frames stacked top to bottom, each a different opaque colour; `partialFirst` leaves frame 0 transparent but for its left half. */
function stackedFrames(width: number, height: number, count: number, partialFirst: boolean): Buffer {
  const raw = Buffer.alloc(width * height * count * 4);
  for (let frame = 0; frame < count; frame++) {
    for (let i = 0; i < width * height; i++) {
      const at = (frame * width * height + i) * 4;
      raw[at] = (frame * 97) % 256;
      raw[at + 1] = (i % width) % 256;
      raw[at + 2] = 255 - ((frame * 53) % 256);
      raw[at + 3] = partialFirst && frame === 0 && i % width >= width / 2 ? 0 : 255;
    }
  }
  return raw;
}

export interface AnimationOptions {
  width?: number;
  height?: number;
  /** One entry per frame. */
  delaysMs?: number[];
  partialFirstFrame?: boolean;
}

function animationInput(options: AnimationOptions) {
  const { width = 512, height = 512, delaysMs = [100, 100, 100], partialFirstFrame = false } = options;
  const raw = stackedFrames(width, height, delaysMs.length, partialFirstFrame);
  return { delaysMs, image: sharp(raw, { raw: { width, height: height * delaysMs.length, channels: 4, pageHeight: height } }) };
}

export async function makeAnimatedWebp(options: AnimationOptions = {}): Promise<Buffer> {
  const { image, delaysMs } = animationInput(options);
  return image.webp({ delay: delaysMs, loop: 0, effort: 0, quality: 50 }).toBuffer();
}

export async function makeGif(options: AnimationOptions = {}): Promise<Buffer> {
  const { image, delaysMs } = animationInput(options);
  return image.gif({ delay: delaysMs, loop: 0, effort: 1 }).toBuffer();
}

export async function makeStillWebp(width = 512, height = 512): Promise<Buffer> {
  return sharp(stackedFrames(width, height, 1, false), { raw: { width, height, channels: 4 } })
    .webp()
    .toBuffer();
}

export async function makePng(width = 96, height = 96): Promise<Buffer> {
  return sharp(stackedFrames(width, height, 1, false), { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export async function makeJpeg(width = 128, height = 128): Promise<Buffer> {
  return sharp(stackedFrames(width, height, 1, false), { raw: { width, height, channels: 4 } })
    .jpeg()
    .toBuffer();
}

/** Runs FFmpeg with `args` and returns the file it wrote (or, with `pipe`, the bytes it streamed: no seeking back, as a live muxer). */
async function ffmpegFile(args: string[], extension: string, pipe = false): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), "motion-validate-"));
  try {
    const out = join(folder, `out.${extension}`);
    if (pipe) {
      const { stdout } = await run(ffmpeg, ["-v", "error", ...args, "-f", extension, "-"], {
        encoding: "buffer",
        maxBuffer: 64 * 1024 * 1024,
      });
      return stdout;
    }
    await run(ffmpeg, ["-v", "error", "-y", ...args, out]);
    return await readFile(out);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface WebmOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  codec?: "libvpx-vp9" | "libvpx";
  pixelFormat?: "yuva420p" | "yuv420p";
  audio?: boolean;
  /** Streams the file as a live muxer would: Segment of unknown size, no Duration. */
  live?: boolean;
}

export async function makeWebm(options: WebmOptions = {}): Promise<Buffer> {
  const { width = 512, height = 512, seconds = 3, fps = 30, codec = "libvpx-vp9", pixelFormat = "yuva420p" } = options;
  const video = ["-f", "lavfi", "-i", `color=c=red@0.5:s=${width}x${height}:r=${fps}:d=${seconds},format=rgba`];
  const audio = options.audio ? ["-f", "lavfi", "-t", String(seconds), "-i", "anullsrc", "-c:a", "libopus"] : [];
  // libvpx (VP8) encodes alpha only without alternate reference frames.
  const altRef = codec === "libvpx" ? ["-auto-alt-ref", "0"] : [];
  const encode = ["-c:v", codec, ...altRef, "-pix_fmt", pixelFormat, "-deadline", "realtime", "-cpu-used", "8", "-b:v", "200k"];
  return ffmpegFile([...video, ...audio, ...encode], "webm", options.live);
}

export async function makeApng(options: { width?: number; height?: number; frames?: number } = {}): Promise<Buffer> {
  const { width = 512, height = 512, frames = 3 } = options;
  const source = `testsrc2=s=${width}x${height}:r=10:d=${frames / 10},format=rgba`;
  return ffmpegFile(["-f", "lavfi", "-i", source, "-plays", "0", "-f", "apng"], "png");
}

function le32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

/** The WebP with an unknown chunk appended inside its RIFF (and the RIFF size fixed) so the file is exactly `total` bytes. */
export function padWebp(webp: Buffer, total: number): Buffer {
  const payload = total - webp.length - 8;
  if (payload < 0 || payload % 2 !== 0) throw new Error(`cannot pad a ${webp.length}-byte WebP to ${total} bytes with one chunk`);
  const padded = Buffer.concat([webp, Buffer.from("PADx", "latin1"), le32(payload), Buffer.alloc(payload)]);
  padded.writeUInt32LE(padded.length - 8, 4);
  return padded;
}

/** The offsets of the WebP's ANMF chunks' payloads. */
function framePayloads(webp: Buffer): number[] {
  const starts: number[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    const size = webp.readUInt32LE(at + 4);
    if (webp.toString("latin1", at, at + 4) === "ANMF") starts.push(at + 8);
    at += 8 + size + (size & 1);
  }
  return starts;
}

/** A copy of the animated WebP whose frame `index` lasts `ms`. */
export function withFrameDuration(webp: Buffer, index: number, ms: number): Buffer {
  const copy = Buffer.from(webp);
  const start = framePayloads(copy)[index];
  if (start === undefined) throw new Error(`no frame ${index}`);
  copy.writeUIntLE(ms, start + 12, 3);
  return copy;
}

/** The PNG with a private ancillary chunk before IEND so the file is exactly `total` bytes. */
export function padPng(png: Buffer, total: number): Buffer {
  const payload = total - png.length - 12;
  if (payload < 0) throw new Error(`cannot pad a ${png.length}-byte PNG to ${total} bytes`);
  const body = Buffer.concat([Buffer.from("prVt", "latin1"), Buffer.alloc(payload)]);
  const chunk = Buffer.alloc(12 + payload);
  chunk.writeUInt32BE(payload, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), 8 + payload);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/**
 * Byte counts that add up to `extra`, each between `min` and `max`: the sizes of the padding pieces
 * (GIF sub-blocks, JPEG segments) whose own size has a floor.
 */
function pieces(extra: number, min: number, max: number): number[] {
  const sizes: number[] = [];
  for (let left = extra; left > 0; ) {
    let size = Math.min(max, left);
    // Leave nothing, or enough for one more piece.
    if (left - size > 0 && left - size < min) size -= min;
    if (size < min) throw new Error(`cannot split ${extra} bytes into pieces of ${min}–${max}`);
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/** The GIF with a comment extension before its trailer so the file is exactly `total` bytes. */
export function padGif(gif: Buffer, total: number): Buffer {
  // Introducer, label and terminator take 3 bytes; each sub-block 1 length byte and 1–255 of data.
  const blocks = pieces(total - gif.length - 3, 2, 256).map((size) =>
    Buffer.concat([Buffer.from([size - 1]), Buffer.alloc(size - 1)]),
  );
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), ...blocks, Buffer.from([0x00])]);
  if (gif.length + comment.length !== total) throw new Error(`cannot pad a ${gif.length}-byte GIF to ${total} bytes`);
  return Buffer.concat([gif.subarray(0, gif.length - 1), comment, gif.subarray(gif.length - 1)]);
}

/** The JPEG with comment (COM) segments after its start-of-image marker so the file is exactly `total` bytes. */
export function padJpeg(jpeg: Buffer, total: number): Buffer {
  // A segment is its marker (2 bytes), its length (2 bytes, counting themselves) and up to 65,533 bytes.
  const segments = pieces(total - jpeg.length, 4, 65_537).map((size) => {
    const segment = Buffer.alloc(size);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(size - 2, 2);
    return segment;
  });
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** A copy of the APNG whose frame `index` lasts `ms` (its fcTL delay set to ms/1000, the CRC fixed). */
export function withApngFrameDelay(apng: Buffer, index: number, ms: number): Buffer {
  const copy = Buffer.from(apng);
  let frame = 0;
  for (let at = 8; at + 12 <= copy.length; ) {
    const length = copy.readUInt32BE(at);
    if (copy.toString("latin1", at + 4, at + 8) === "fcTL" && frame++ === index) {
      copy.writeUInt16BE(ms, at + 8 + 20);
      copy.writeUInt16BE(1000, at + 8 + 22);
      copy.writeUInt32BE(crc32(copy.subarray(at + 4, at + 8 + length)), at + 8 + length);
      return copy;
    }
    at += 12 + length;
  }
  throw new Error(`no frame ${index}`);
}

const SEGMENT_ID = Buffer.from([0x18, 0x53, 0x80, 0x67]);
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);
const UNKNOWN_SIZE = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);

/** The WebM with an EBML Void element appended to its Segment (and an 8-byte Segment size fixed) so the file is exactly `total` bytes. */
export function padWebm(webm: Buffer, total: number): Buffer {
  const payload = total - webm.length - 9;
  if (payload < 0) throw new Error(`cannot pad a ${webm.length}-byte WebM to ${total} bytes`);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(payload) | (1n << 56n));
  const padded = Buffer.concat([webm, Buffer.from([0xec]), size, Buffer.alloc(payload)]);
  const segment = padded.indexOf(SEGMENT_ID);
  if (padded[segment + 4] !== 0x01 || padded.subarray(segment + 4, segment + 12).equals(UNKNOWN_SIZE)) return padded;
  padded.writeBigUInt64BE(BigInt(padded.length - segment - 12) | (1n << 56n), segment + 4);
  return padded;
}

/** An EBML element's header length and payload size at `at` (size null when unknown). */
function ebmlHeader(bytes: Buffer, at: number): { headerLength: number; size: number | null } {
  const idLength = Math.clz32(bytes[at] ?? 0) - 23;
  const first = bytes[at + idLength] ?? 0;
  const sizeLength = Math.clz32(first) - 23;
  let size = first & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[at + idLength + i] ?? 0;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { headerLength: idLength + sizeLength, size: allOnes ? null : size };
}

/** A copy of the WebM whose Clusters all declare an unknown size, as a live muxer writes them. */
export function withUnknownClusterSizes(webm: Buffer): Buffer {
  const copy = Buffer.from(webm);
  const segment = copy.indexOf(SEGMENT_ID);
  let at = segment + ebmlHeader(copy, segment).headerLength;
  while (at < copy.length) {
    const { headerLength, size } = ebmlHeader(copy, at);
    if (size === null) throw new Error(`an element of unknown size at offset ${at}`);
    if (copy.subarray(at, at + 4).equals(CLUSTER_ID)) {
      if (headerLength !== 12) throw new Error("expected an 8-byte Cluster size");
      UNKNOWN_SIZE.copy(copy, at + 4);
    }
    at += headerLength + size;
  }
  return copy;
}

const BLOCK_GROUP_ID = 0xa0;
const BLOCK_ADDITIONS_ID = Buffer.from([0x75, 0xa1]);
const VOID_ID = 0xec;

/** The children of the element whose payload runs from `start` to `end`: their offsets and sizes. */
function childrenAt(bytes: Buffer, start: number, end: number): { at: number; headerLength: number; size: number }[] {
  const children: { at: number; headerLength: number; size: number }[] = [];
  for (let at = start; at < end; ) {
    const { headerLength, size } = ebmlHeader(bytes, at);
    if (size === null) throw new Error(`an element of unknown size at offset ${at}`);
    children.push({ at, headerLength, size });
    at += headerLength + size;
  }
  return children;
}

/**
 * A copy of the WebM whose BlockAdditions (VP9's alpha plane) are turned into Void elements of the same
 * length: the track still says AlphaMode 1, but no block carries alpha.
 */
export function withoutBlockAdditions(webm: Buffer): Buffer {
  const copy = Buffer.from(webm);
  const segment = copy.indexOf(SEGMENT_ID);
  const segmentHeader = ebmlHeader(copy, segment);
  const segmentEnd = segmentHeader.size === null ? copy.length : segment + segmentHeader.headerLength + segmentHeader.size;
  for (const cluster of childrenAt(copy, segment + segmentHeader.headerLength, segmentEnd)) {
    if (!copy.subarray(cluster.at, cluster.at + 4).equals(CLUSTER_ID)) continue;
    for (const group of childrenAt(copy, cluster.at + cluster.headerLength, cluster.at + cluster.headerLength + cluster.size)) {
      if (copy[group.at] !== BLOCK_GROUP_ID) continue;
      for (const part of childrenAt(copy, group.at + group.headerLength, group.at + group.headerLength + group.size)) {
        if (!copy.subarray(part.at, part.at + 2).equals(BLOCK_ADDITIONS_ID)) continue;
        // A 1-byte ID in place of the 2-byte one, and the byte it frees added to the payload, keep the element's length.
        const sizeLength = part.headerLength - 2;
        let size = part.size + 1;
        copy[part.at] = VOID_ID;
        for (let i = sizeLength; i >= 1; i--) {
          copy[part.at + i] = size % 256;
          size = Math.floor(size / 256);
        }
        copy[part.at + 1] = (copy[part.at + 1] ?? 0) | (0x80 >> (sizeLength - 1));
      }
    }
  }
  return copy;
}
