/**
 * Classical background remover with sharp only (docs/generator.md, "Image → sticker"): sample the border
 * colours, flood-fill from the edges with a tolerance that follows gentle gradients, drop small
 * fragments, fill holes, and score how much the result can be trusted. Busy photos score low and get
 * the framed-photo sticker instead of a broken cut-out.
 */
import { fillHoles } from "../render/distance.ts";
import type { Raster } from "../render/pixels.ts";
import { labelComponents } from "./components.ts";

export interface Cutout {
  /** 0 = background, 1 = subject, per pixel. */
  mask: Uint8Array;
  /** 0..1: how clean the separation looks. */
  confidence: number;
  detail: Record<string, number>;
}

/** Seeds must be this close to a border colour; steps this close to their neighbour; all within FAR. */
const SEED = 38;
const STEP = 14;
const FAR = 80;

const dist = (d: Buffer, p: number, r: number, g: number, b: number) =>
  Math.abs((d[p] as number) - r) + Math.abs((d[p + 1] as number) - g) + Math.abs((d[p + 2] as number) - b);

function borderColours(img: Raster, band: number): { colours: [number, number, number][]; samples: number[] } {
  const { width, height, data } = img;
  const buckets = new Map<number, { n: number; r: number; g: number; b: number }>();
  const samples: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= band && y >= band && x < width - band && y < height - band) continue;
      const p = (y * width + x) * 4;
      samples.push(p);
      const key = ((data[p] as number) >> 4) * 256 + ((data[p + 1] as number) >> 4) * 16 + ((data[p + 2] as number) >> 4);
      const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
      bucket.n++;
      bucket.r += data[p] as number;
      bucket.g += data[p + 1] as number;
      bucket.b += data[p + 2] as number;
      buckets.set(key, bucket);
    }
  }
  const colours = [...buckets.values()]
    .filter((b) => b.n >= samples.length * 0.04)
    .sort((a, b) => b.n - a.n)
    .slice(0, 6)
    .map((b) => [b.r / b.n, b.g / b.n, b.b / b.n] as [number, number, number]);
  return { colours, samples };
}

function nearest(data: Buffer, p: number, colours: [number, number, number][]): number {
  let best = Infinity;
  for (const [r, g, b] of colours) best = Math.min(best, dist(data, p, r, g, b));
  return best;
}

/** Keeps connected subject parts of a meaningful size; returns how many survived. */
function dropFragments(mask: Uint8Array, width: number): number {
  const { label, sizes } = labelComponents(mask, width);
  const largest = Math.max(0, ...sizes);
  const keep = sizes.map((s) => s >= Math.max(largest * 0.08, mask.length * 0.002));
  let kept = 0;
  keep.forEach((k, i) => {
    if (k && i > 0) kept++;
  });
  for (let i = 0; i < mask.length; i++) mask[i] = keep[label[i] as number] && label[i] ? 1 : 0;
  return kept;
}

export function removeBackground(img: Raster): Cutout {
  const { width, height, data } = img;
  const size = width * height;
  const band = Math.max(2, Math.round(Math.min(width, height) * 0.01));

  // An image that already has a transparent background keeps it.
  const { colours, samples } = borderColours(img, band);
  const clearBorder = samples.filter((p) => (data[p + 3] as number) < 16).length / samples.length;
  if (clearBorder > 0.6) {
    const mask = new Uint8Array(size);
    for (let i = 0; i < size; i++) mask[i] = (data[i * 4 + 3] as number) >= 64 ? 1 : 0;
    const parts = dropFragments(mask, width);
    const area = mask.reduce((a, v) => a + v, 0) / size;
    return { mask, confidence: area > 0.01 ? 0.95 : 0, detail: { clearBorder, area, parts } };
  }

  const matched = samples.filter((p) => nearest(data, p, colours) < SEED).length / samples.length;
  const background = new Uint8Array(size);
  const queue = new Int32Array(size);
  let head = 0;
  let tail = 0;
  for (const p of samples) {
    const i = p / 4;
    if (!background[i] && nearest(data, p, colours) < SEED) {
      background[i] = 1;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++] as number;
    const p = i * 4;
    const x = i % width;
    const next = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
    for (const n of next) {
      if (n < 0 || n >= size || background[n]) continue;
      const q = n * 4;
      const step = dist(data, q, data[p] as number, data[p + 1] as number, data[p + 2] as number);
      if (step < STEP && nearest(data, q, colours) < FAR) {
        background[n] = 1;
        queue[tail++] = n;
      }
    }
  }

  const subject = new Uint8Array(size);
  for (let i = 0; i < size; i++) subject[i] = background[i] ? 0 : 1;
  const parts = dropFragments(subject, width);
  const mask = fillHoles(subject, width, height);
  const area = mask.reduce((a, v) => a + v, 0) / size;

  // Contrast across the cut: a real subject differs from the background next to it.
  let edgeSum = 0;
  let edges = 0;
  for (let i = width; i < size - width; i++) {
    if (!mask[i] || (mask[i - 1] && mask[i + 1] && mask[i - width] && mask[i + width])) continue;
    edgeSum += nearest(data, i * 4, colours);
    edges++;
  }
  const contrast = edges ? edgeSum / edges : 0;

  const areaScore = area < 0.02 || area > 0.92 ? 0 : area < 0.06 ? 0.5 : 1;
  const borderScore = Math.max(0, (matched - 0.55) / 0.4);
  const contrastScore = Math.min(1, contrast / 60);
  const partsScore = parts <= 3 ? 1 : parts <= 6 ? 0.6 : 0.2;
  const confidence = Math.min(1, borderScore) * areaScore * contrastScore * partsScore;
  return {
    mask,
    confidence,
    detail: { borderMatched: matched, area, parts, contrast, colours: colours.length },
  };
}
