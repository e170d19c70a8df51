/**
 * Decodes a sticker's layers once per output size into the raw pixels the frame renderer moves:
 * the whole picture as it is (frame 0, byte for byte), each moving layer premultiplied for clean
 * resampling, where each layer's opaque pixels are, and the caption's lines for "type".
 */
import sharp from "sharp";
import { AppError } from "#common/errors.ts";
import { STICKER_SIZE, type StickerLayers } from "./layers.ts";
import type { Box, StickerLayout } from "./plan-motion.ts";

/** A layer ready to be moved: premultiplied RGBA in floats, and its outline's points to keep it inside the canvas. */
export interface MovingLayer {
  pixels: Float32Array;
  /** The opaque box in this size's pixels. */
  box: Box;
  /** The left and right ends of every few opaque rows, as x, y pairs. */
  edge: Float32Array;
}

/** One line of the caption: the rows it owns and its opaque columns. */
export interface CaptionLine {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
}

export interface PreparedSticker {
  size: number;
  /** The finished sticker at this size, straight RGBA: every frame at rest is exactly this. */
  whole: Buffer;
  /** The subject, or the whole picture when the sticker has no layers. */
  subject: MovingLayer;
  caption: MovingLayer | null;
  captionLines: CaptionLine[];
  captionDirection: "ltr" | "rtl";
  /** The fixed mark over every frame, premultiplied (`whole` already has it); null for none. */
  mark: Float32Array | null;
  /** The same boxes in the 512 canvas's pixels, for the plan. */
  layout: StickerLayout;
}

const OPAQUE = 24;

async function rawAt(png: Buffer, size: number): Promise<Buffer> {
  try {
    const image = sharp(png).ensureAlpha();
    const meta = await sharp(png).metadata();
    const resized = meta.width === size && meta.height === size ? image : image.resize(size, size, { fit: "fill" });
    return await resized.raw().toBuffer();
  } catch (cause) {
    throw new AppError("INVALID_INPUT", "the sticker's picture cannot be read", { cause });
  }
}

function premultiply(raw: Buffer): Float32Array {
  const out = new Float32Array(raw.length);
  for (let i = 0; i < raw.length; i += 4) {
    const a = raw[i + 3]!;
    if (a === 0) continue;
    const k = a / 255;
    out[i] = raw[i]! * k;
    out[i + 1] = raw[i + 1]! * k;
    out[i + 2] = raw[i + 2]! * k;
    out[i + 3] = a;
  }
  return out;
}

/** Premultiplied `top` over the premultiplied floats `acc`, in place (alpha on the 0–255 scale). */
export function drawOver(acc: Float32Array, top: Float32Array): void {
  for (let i = 0; i < acc.length; i += 4) {
    const a = top[i + 3]!;
    if (a === 0) continue;
    const keep = 1 - a / 255;
    acc[i] = top[i]! + acc[i]! * keep;
    acc[i + 1] = top[i + 1]! + acc[i + 1]! * keep;
    acc[i + 2] = top[i + 2]! + acc[i + 2]! * keep;
    acc[i + 3] = a + acc[i + 3]! * keep;
  }
}

/** Straight RGBA bytes with the premultiplied `top` drawn over them. */
function straightOver(raw: Buffer, top: Float32Array): Buffer {
  const acc = premultiply(raw);
  drawOver(acc, top);
  const out = Buffer.alloc(raw.length);
  for (let i = 0; i < acc.length; i += 4) {
    const a = acc[i + 3]!;
    if (a < 0.5) continue;
    const k = 255 / a;
    out[i] = Math.min(255, Math.round(acc[i]! * k));
    out[i + 1] = Math.min(255, Math.round(acc[i + 1]! * k));
    out[i + 2] = Math.min(255, Math.round(acc[i + 2]! * k));
    out[i + 3] = Math.min(255, Math.round(a));
  }
  return out;
}

function measure(raw: Buffer, size: number): { box: Box; edge: Float32Array; rows: Uint32Array } {
  let x0 = size;
  let y0 = size;
  let x1 = 0;
  let y1 = 0;
  const rows = new Uint32Array(size);
  const edge: number[] = [];
  for (let y = 0; y < size; y++) {
    let left = -1;
    let right = -1;
    let count = 0;
    for (let x = 0; x < size; x++) {
      if (raw[(y * size + x) * 4 + 3]! > OPAQUE) {
        if (left < 0) left = x;
        right = x;
        count++;
      }
    }
    rows[y] = count;
    if (left < 0) continue;
    if (left < x0) x0 = left;
    if (right + 1 > x1) x1 = right + 1;
    if (y < y0) y0 = y;
    y1 = y + 1;
    if (y % 3 === 0 || y === size - 1) edge.push(left, y, right + 1, y, left, y + 1, right + 1, y + 1);
  }
  if (x1 <= x0) return { box: { x0: 0, y0: 0, x1: size, y1: size }, edge: new Float32Array([0, 0, size, size]), rows };
  // The last opaque row, so the outline's bottom counts too.
  const last = y1 - 1;
  let left = -1;
  let right = -1;
  for (let x = 0; x < size; x++) {
    if (raw[(last * size + x) * 4 + 3]! > OPAQUE) {
      if (left < 0) left = x;
      right = x;
    }
  }
  if (left >= 0) edge.push(left, y1, right + 1, y1);
  return { box: { x0, y0, x1, y1 }, edge: new Float32Array(edge), rows };
}

/** Splits the caption's rows into lines where the opaque coverage drops deep between two denser bands. */
function findLines(raw: Buffer, size: number, box: Box, rows: Uint32Array): CaptionLine[] {
  const bands: [number, number][] = [];
  let start = -1;
  for (let y = box.y0; y <= box.y1; y++) {
    const on = y < box.y1 && rows[y]! > 0;
    if (on && start < 0) start = y;
    if (!on && start >= 0) {
      bands.push([start, y]);
      start = -1;
    }
  }
  const lines: [number, number][] = [];
  const minLine = Math.max(8, Math.round(size * 0.04));
  const split = (a: number, b: number) => {
    // A cut between lines: a row clearly thinner than the densest rows on both its sides (letters'
    // outlines merge lines, so the gap is only thinner, not empty; within one line coverage does not
    // dip and rise again).
    let cut = -1;
    let deepest = 0.75;
    for (let y = a + minLine; y < b - minLine; y++) {
      let above = 0;
      let below = 0;
      for (let k = a; k < y; k++) above = Math.max(above, rows[k]!);
      for (let k = y; k < b; k++) below = Math.max(below, rows[k]!);
      const depth = rows[y]! / Math.max(1, Math.min(above, below));
      if (depth < deepest) {
        deepest = depth;
        cut = y;
      }
    }
    if (cut < 0) lines.push([a, b]);
    else {
      split(a, cut);
      split(cut, b);
    }
  };
  for (const [a, b] of bands) split(a, b);
  // Lines own every row from one to the next, so no row of the caption is left out of the reveal.
  return lines.map(([a, b], i) => {
    const y0 = i === 0 ? box.y0 : a;
    const y1 = i === lines.length - 1 ? box.y1 : lines[i + 1]![0];
    let x0 = size;
    let x1 = 0;
    for (let y = a; y < b; y++) {
      for (let x = box.x0; x < box.x1; x++) {
        if (raw[(y * size + x) * 4 + 3]! > OPAQUE) {
          if (x < x0) x0 = x;
          if (x + 1 > x1) x1 = x + 1;
        }
      }
    }
    return { y0, y1, x0: Math.min(x0, x1), x1 };
  });
}

function toCanvas(box: Box, size: number): Box {
  const k = STICKER_SIZE / size;
  return { x0: box.x0 * k, y0: box.y0 * k, x1: box.x1 * k, y1: box.y1 * k };
}

/** The sticker's layers at `size`×`size`, measured and ready to move. */
export async function prepareSticker(layers: StickerLayers, size: number): Promise<PreparedSticker> {
  const hasLayers = layers.subject !== undefined && layers.caption !== undefined;
  const [plainWhole, subjectRaw, captionRaw, markRaw] = await Promise.all([
    rawAt(layers.whole, size),
    hasLayers ? rawAt(layers.subject!, size) : null,
    hasLayers ? rawAt(layers.caption!, size) : null,
    layers.mark ? rawAt(layers.mark, size) : null,
  ]);
  const subjectSource = subjectRaw ?? plainWhole;
  const mark = markRaw ? premultiply(markRaw) : null;
  // Frames at rest are `whole` itself: with a mark, the still sticker under its mark.
  const whole = mark ? straightOver(plainWhole, mark) : plainWhole;
  const subjectMeasure = measure(subjectSource, size);
  const subject: MovingLayer = { pixels: premultiply(subjectSource), box: subjectMeasure.box, edge: subjectMeasure.edge };
  let caption: MovingLayer | null = null;
  let captionLines: CaptionLine[] = [];
  if (captionRaw) {
    const m = measure(captionRaw, size);
    caption = { pixels: premultiply(captionRaw), box: m.box, edge: m.edge };
    captionLines = findLines(captionRaw, size, m.box, m.rows);
  }
  return {
    size,
    whole,
    subject,
    caption,
    captionLines,
    captionDirection: layers.captionDirection ?? "ltr",
    mark,
    layout: { subjectBox: toCanvas(subject.box, size), captionBox: caption ? toCanvas(caption.box, size) : null },
  };
}
