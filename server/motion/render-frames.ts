/**
 * Renders a preset's frames as raw straight RGBA (what sharp and FFmpeg take): each moving layer
 * resampled through its pose with a bilinear affine on premultiplied pixels, kept inside the canvas by
 * shrinking a little rather than cropping, then laid over each other, stars last. A frame whose layers
 * are all at rest is the finished sticker itself, byte for byte.
 */
import type { MotionPreset } from "#common/motion.ts";
import { STICKER_SIZE } from "./layers.ts";
import { type FramePose, isAtRest, type LayerPose, PRESET_SECONDS, planFrame, type StarPose } from "./plan-motion.ts";
import { type CaptionLine, drawOver, type MovingLayer, type PreparedSticker } from "./prepare-sticker.ts";
import { starSprite } from "./star-sprite.ts";

export interface MotionFrames {
  size: number;
  fps: number;
  /** Straight RGBA, size×size each. */
  frames: Buffer[];
  /** Each frame's time on screen, in ms. */
  delays: number[];
}

/** A forward affine map: dest = [a b; c d]·src + [e f], in pixels. */
interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** How far from the canvas's edge a moving layer's outline should stay. */
const MARGIN = 2;

function affineOf(pose: LayerPose, k: number): Affine {
  const cos = Math.cos(pose.angle);
  const sin = Math.sin(pose.angle);
  const a = cos * pose.scaleX;
  const b = -sin * pose.scaleY;
  const c = sin * pose.scaleX;
  const d = cos * pose.scaleY;
  const px = pose.pivotX * k;
  const py = pose.pivotY * k;
  return { a, b, c, d, e: px + pose.dx * k - (a * px + b * py), f: py + pose.dy * k - (c * px + d * py) };
}

/** Shrinks the map about the canvas's centre just enough that the layer's outline stays inside. */
function keepInside(m: Affine, edge: Float32Array, size: number): Affine {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < edge.length; i += 2) {
    const x = edge[i]!;
    const y = edge[i + 1]!;
    const u = m.a * x + m.b * y + m.e;
    const v = m.c * x + m.d * y + m.f;
    if (u < x0) x0 = u;
    if (u > x1) x1 = u;
    if (v < y0) y0 = v;
    if (v > y1) y1 = v;
  }
  const half = size / 2;
  const room = half - MARGIN;
  let f = 1;
  if (x0 < MARGIN) f = Math.min(f, room / (half - x0));
  if (x1 > size - MARGIN) f = Math.min(f, room / (x1 - half));
  if (y0 < MARGIN) f = Math.min(f, room / (half - y0));
  if (y1 > size - MARGIN) f = Math.min(f, room / (y1 - half));
  if (f >= 1) return m;
  return { a: m.a * f, b: m.b * f, c: m.c * f, d: m.d * f, e: half + f * (m.e - half), f: half + f * (m.f - half) };
}

/** Lays `src` (premultiplied, srcSize²) through map `m` over `acc`, bilinear, with an opacity. */
function drawMapped(acc: Float32Array, size: number, src: Float32Array, srcSize: number, m: Affine, opacity: number, box: Box4) {
  const det = m.a * m.d - m.b * m.c;
  if (Math.abs(det) < 1e-6 || opacity <= 0) return;
  // The inverse map, dest → src.
  const ia = m.d / det;
  const ib = -m.b / det;
  const ic = -m.c / det;
  const id = m.a / det;
  // Where the source box lands, clipped to the canvas.
  let dx0 = Number.POSITIVE_INFINITY;
  let dy0 = Number.POSITIVE_INFINITY;
  let dx1 = Number.NEGATIVE_INFINITY;
  let dy1 = Number.NEGATIVE_INFINITY;
  for (const [x, y] of [
    [box.x0, box.y0],
    [box.x1, box.y0],
    [box.x0, box.y1],
    [box.x1, box.y1],
  ] as const) {
    const u = m.a * x + m.b * y + m.e;
    const v = m.c * x + m.d * y + m.f;
    dx0 = Math.min(dx0, u);
    dx1 = Math.max(dx1, u);
    dy0 = Math.min(dy0, v);
    dy1 = Math.max(dy1, v);
  }
  const xs = Math.max(0, Math.floor(dx0) - 1);
  const xe = Math.min(size, Math.ceil(dx1) + 1);
  const ys = Math.max(0, Math.floor(dy0) - 1);
  const ye = Math.min(size, Math.ceil(dy1) + 1);
  const last = srcSize - 1;
  for (let y = ys; y < ye; y++) {
    const cy = y + 0.5 - m.f;
    // Source coordinates of this row's first pixel centre, minus the half pixel of the sample grid.
    let u = ia * (xs + 0.5 - m.e) + ib * cy - 0.5;
    let v = ic * (xs + 0.5 - m.e) + id * cy - 0.5;
    let o = (y * size + xs) * 4;
    for (let x = xs; x < xe; x++, u += ia, v += ic, o += 4) {
      if (u <= -1 || v <= -1 || u >= srcSize || v >= srcSize) continue;
      const x0 = Math.floor(u);
      const y0 = Math.floor(v);
      const fx = u - x0;
      const fy = v - y0;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      let r = 0;
      let g = 0;
      let bl = 0;
      let al = 0;
      if (y0 >= 0) {
        if (x0 >= 0) {
          const i = (y0 * srcSize + x0) * 4;
          r += src[i]! * w00;
          g += src[i + 1]! * w00;
          bl += src[i + 2]! * w00;
          al += src[i + 3]! * w00;
        }
        if (x0 < last) {
          const i = (y0 * srcSize + x0 + 1) * 4;
          r += src[i]! * w10;
          g += src[i + 1]! * w10;
          bl += src[i + 2]! * w10;
          al += src[i + 3]! * w10;
        }
      }
      if (y0 < last) {
        if (x0 >= 0) {
          const i = ((y0 + 1) * srcSize + x0) * 4;
          r += src[i]! * w01;
          g += src[i + 1]! * w01;
          bl += src[i + 2]! * w01;
          al += src[i + 3]! * w01;
        }
        if (x0 < last) {
          const i = ((y0 + 1) * srcSize + x0 + 1) * 4;
          r += src[i]! * w11;
          g += src[i + 1]! * w11;
          bl += src[i + 2]! * w11;
          al += src[i + 3]! * w11;
        }
      }
      if (al <= 0.01) continue;
      if (opacity < 1) {
        r *= opacity;
        g *= opacity;
        bl *= opacity;
        al *= opacity;
      }
      const keep = 1 - al / 255;
      acc[o] = r + acc[o]! * keep;
      acc[o + 1] = g + acc[o + 1]! * keep;
      acc[o + 2] = bl + acc[o + 2]! * keep;
      acc[o + 3] = al + acc[o + 3]! * keep;
    }
  }
}

interface Box4 {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The columns of each caption line shown at `reveal`, in steps of about one letter, in reading order. */
function revealedColumns(lines: CaptionLine[], reveal: number, rtl: boolean): [number, number][] {
  const steps = lines.map((line) => Math.max(1, Math.round((line.x1 - line.x0) / (0.5 * (line.y1 - line.y0)))));
  const total = steps.reduce((sum, n) => sum + n, 0);
  let shown = Math.floor(reveal * total + 1e-9);
  return lines.map((line, i) => {
    const n = steps[i]!;
    const k = Math.min(n, shown);
    shown -= k;
    const width = ((line.x1 - line.x0) * k) / n;
    if (k === n) return [0, Number.POSITIVE_INFINITY];
    if (k === 0) return [0, 0];
    return rtl ? [line.x1 - width, Number.POSITIVE_INFINITY] : [0, line.x0 + width];
  });
}

/** Lays a layer that stays in place over `acc`, with an opacity and, for the caption, a partial reveal. */
function drawInPlace(
  acc: Float32Array,
  size: number,
  layer: MovingLayer,
  opacity: number,
  columns: ((y: number) => [number, number]) | null,
) {
  const { x0, y0, x1, y1 } = layer.box;
  const src = layer.pixels;
  for (let y = y0; y < y1; y++) {
    let xs = x0;
    let xe = x1;
    if (columns) {
      const [from, to] = columns(y);
      xs = Math.max(xs, Math.ceil(from));
      xe = Math.min(xe, Math.ceil(to));
    }
    for (let x = xs, o = (y * size + xs) * 4; x < xe; x++, o += 4) {
      const al = src[o + 3]! * opacity;
      if (al <= 0) continue;
      const keep = 1 - al / 255;
      acc[o] = src[o]! * opacity + acc[o]! * keep;
      acc[o + 1] = src[o + 1]! * opacity + acc[o + 1]! * keep;
      acc[o + 2] = src[o + 2]! * opacity + acc[o + 2]! * keep;
      acc[o + 3] = al + acc[o + 3]! * keep;
    }
  }
}

function drawLayer(acc: Float32Array, sticker: PreparedSticker, layer: MovingLayer, pose: LayerPose, isCaption: boolean) {
  const k = sticker.size / STICKER_SIZE;
  const moves = pose.dx !== 0 || pose.dy !== 0 || pose.angle !== 0 || pose.scaleX !== 1 || pose.scaleY !== 1;
  if (!moves) {
    let columns: ((y: number) => [number, number]) | null = null;
    if (isCaption && pose.reveal < 1) {
      const lines = sticker.captionLines;
      const shown = revealedColumns(lines, pose.reveal, sticker.captionDirection === "rtl");
      columns = (y) => {
        const i = lines.findIndex((line) => y >= line.y0 && y < line.y1);
        return i < 0 ? [0, 0] : shown[i]!;
      };
    }
    drawInPlace(acc, sticker.size, layer, pose.opacity, columns);
    return;
  }
  if (pose.scaleX === 0 || pose.scaleY === 0) return;
  const m = keepInside(affineOf(pose, k), layer.edge, sticker.size);
  drawMapped(acc, sticker.size, layer.pixels, sticker.size, m, pose.opacity, layer.box);
}

function drawStar(acc: Float32Array, size: number, star: StarPose) {
  const sprite = starSprite();
  const k = size / STICKER_SIZE;
  const scale = (star.size * k) / sprite.size;
  const cos = Math.cos(star.angle) * scale;
  const sin = Math.sin(star.angle) * scale;
  const half = sprite.size / 2;
  const m: Affine = {
    a: cos,
    b: -sin,
    c: sin,
    d: cos,
    e: star.x * k - (cos * half - sin * half),
    f: star.y * k - (sin * half + cos * half),
  };
  drawMapped(acc, size, sprite.pixels, sprite.size, m, 1, { x0: 0, y0: 0, x1: sprite.size, y1: sprite.size });
}

/**
 * Back from premultiplied floats to straight RGBA bytes. A pixel within rounding of the still sticker's
 * is the still sticker's, so unmoved areas stay byte-identical and the encoders' frame diffs skip them.
 */
function toStraight(acc: Float32Array, whole: Buffer): Buffer {
  const out = Buffer.alloc(acc.length);
  for (let i = 0; i < acc.length; i += 4) {
    const a = acc[i + 3]!;
    const wa = whole[i + 3]!;
    if (a < 0.5) {
      if (wa > 2) continue;
      out[i] = whole[i]!;
      out[i + 1] = whole[i + 1]!;
      out[i + 2] = whole[i + 2]!;
      out[i + 3] = wa;
      continue;
    }
    const k = 255 / a;
    const r = Math.min(255, Math.round(acc[i]! * k));
    const g = Math.min(255, Math.round(acc[i + 1]! * k));
    const b = Math.min(255, Math.round(acc[i + 2]! * k));
    const al = Math.min(255, Math.round(a));
    if (
      Math.abs(al - wa) <= 2 &&
      (wa < 16 || (Math.abs(r - whole[i]!) <= 3 && Math.abs(g - whole[i + 1]!) <= 3 && Math.abs(b - whole[i + 2]!) <= 3))
    ) {
      out[i] = whole[i]!;
      out[i + 1] = whole[i + 1]!;
      out[i + 2] = whole[i + 2]!;
      out[i + 3] = wa;
      continue;
    }
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
    out[i + 3] = al;
  }
  return out;
}

/** One frame from its poses. */
export function renderFrame(sticker: PreparedSticker, pose: FramePose): Buffer {
  if (isAtRest(pose.subject) && isAtRest(pose.caption) && pose.stars.length === 0) return sticker.whole;
  const acc = new Float32Array(sticker.size * sticker.size * 4);
  const fromWhole = pose.stars.length > 0 && isAtRest(pose.subject) && isAtRest(pose.caption);
  if (fromWhole) {
    // Stars over a still sticker: start from the sticker itself (its mark included).
    const w = sticker.whole;
    for (let i = 0; i < w.length; i += 4) {
      const a = w[i + 3]!;
      if (a === 0) continue;
      const f = a / 255;
      acc[i] = w[i]! * f;
      acc[i + 1] = w[i + 1]! * f;
      acc[i + 2] = w[i + 2]! * f;
      acc[i + 3] = a;
    }
  } else {
    drawLayer(acc, sticker, sticker.subject, pose.subject, false);
    if (sticker.caption && pose.caption) drawLayer(acc, sticker, sticker.caption, pose.caption, true);
  }
  for (const star of pose.stars) drawStar(acc, sticker.size, star);
  // The mark stays put over whatever moves (under the stars' sparkle only when the sticker itself is still).
  if (sticker.mark && !fromWhole) drawOver(acc, sticker.mark);
  return toStraight(acc, sticker.whole);
}

/** How many frames one loop of `preset` takes at `fps` (at least 2). */
export function frameCount(preset: MotionPreset, fps: number): number {
  return Math.max(2, Math.round(PRESET_SECONDS[preset] * fps));
}

/** Every frame of one loop of `preset` at `fps`, the loop's time shared out in whole milliseconds. */
export function renderFrames(sticker: PreparedSticker, preset: MotionPreset, fps: number): MotionFrames {
  const n = frameCount(preset, fps);
  const total = PRESET_SECONDS[preset] * 1000;
  const frames: Buffer[] = [];
  const delays: number[] = [];
  for (let i = 0; i < n; i++) {
    frames.push(renderFrame(sticker, planFrame(preset, sticker.layout, i / n)));
    delays.push(Math.round(((i + 1) * total) / n) - Math.round((i * total) / n));
  }
  return { size: sticker.size, fps, frames, delays };
}
