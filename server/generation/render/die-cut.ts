/**
 * The die-cut look shared by every sticker: a white border that follows the art (holes filled), a
 * thin coloured rim so it reads on white pages, an optional ink line hugging the art, and a drop
 * shadow. All from one distance transform of the alpha (docs/generator.md, "Text → sticker").
 */
import sharp from "sharp";
import { distanceToInside, fillHoles } from "./distance.ts";

export type Rgb = readonly [number, number, number];

export interface DieCutOptions {
  border: number;
  borderColor: Rgb;
  rim: { color: Rgb; width: number };
  ink?: { color: Rgb; width: number };
  /** Soft drop shadow below the sticker. */
  shadow?: { dy: number; blur: number; opacity: number };
  /** A flat offset shadow (retro print look). */
  hardShadow?: { dx: number; dy: number; color: Rgb };
  /** Hard edges with no anti-aliasing (pixel art). */
  crisp?: boolean;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export async function dieCut(art: Buffer, width: number, height: number, o: DieCutOptions): Promise<Buffer> {
  const size = width * height;
  const inside = new Uint8Array(size);
  for (let i = 0; i < size; i++) inside[i] = (art[i * 4 + 3] as number) > 40 ? 1 : 0;
  const dist = distanceToInside(inside, width, height);
  const inkWidth = o.ink?.width ?? 0;
  const reach = o.border + inkWidth;
  const within = new Uint8Array(size);
  for (let i = 0; i < size; i++) within[i] = (dist[i] as number) <= reach ? 1 : 0;
  const cut = fillHoles(within, width, height);

  const coverage = new Float32Array(size);
  const out = Buffer.alloc(size * 4);
  const [br, bg, bb] = o.borderColor;
  const [rr, rg, rb] = o.rim.color;
  const ink = o.ink?.color ?? o.borderColor;
  for (let i = 0; i < size; i++) {
    const d = dist[i] as number;
    const hole = cut[i] === 1 && d > reach;
    const cov = hole ? 1 : o.crisp ? (cut[i] ? 1 : 0) : clamp01(reach + 0.5 - d);
    coverage[i] = cov;
    // Ink → border → rim, each blended over half a pixel so the bands stay smooth.
    const toBorder = hole ? 1 : inkWidth > 0 ? (o.crisp ? (d > inkWidth ? 1 : 0) : clamp01(d - inkWidth + 0.5)) : 1;
    const toRim = hole ? 0 : o.crisp ? (d > reach - o.rim.width ? 1 : 0) : clamp01(d - (reach - o.rim.width) + 0.5);
    let r = ink[0] + (br - ink[0]) * toBorder;
    let g = ink[1] + (bg - ink[1]) * toBorder;
    let b = ink[2] + (bb - ink[2]) * toBorder;
    r += (rr - r) * toRim;
    g += (rg - g) * toRim;
    b += (rb - b) * toRim;
    const p = i * 4;
    const a = (art[p + 3] as number) / 255;
    out[p] = Math.round((art[p] as number) * a + r * (1 - a));
    out[p + 1] = Math.round((art[p + 1] as number) * a + g * (1 - a));
    out[p + 2] = Math.round((art[p + 2] as number) * a + b * (1 - a));
    out[p + 3] = Math.round(Math.max(cov, a) * 255);
  }
  if (o.shadow) return addSoftShadow(out, coverage, width, height, o.shadow);
  if (o.hardShadow) return addHardShadow(out, coverage, width, height, o.hardShadow);
  return out;
}

async function addSoftShadow(
  sticker: Buffer,
  coverage: Float32Array,
  width: number,
  height: number,
  s: { dy: number; blur: number; opacity: number },
): Promise<Buffer> {
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const from = y - s.dy;
    if (from < 0 || from >= height) continue;
    for (let x = 0; x < width; x++) mask[y * width + x] = Math.round((coverage[from * width + x] as number) * 255);
  }
  // Without an explicit colourspace sharp hands back a 1-channel input as sRGB (3 channels).
  const blurred = await sharp(mask, { raw: { width, height, channels: 1 } })
    .blur(s.blur)
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  return under(sticker, blurred, width * height, [0, 0, 0], s.opacity);
}

function addHardShadow(
  sticker: Buffer,
  coverage: Float32Array,
  width: number,
  height: number,
  s: { dx: number; dy: number; color: Rgb },
): Buffer {
  const mask = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const fx = x - s.dx;
      const fy = y - s.dy;
      if (fx < 0 || fy < 0 || fx >= width || fy >= height) continue;
      mask[y * width + x] = Math.round((coverage[fy * width + fx] as number) * 255);
    }
  }
  return under(sticker, mask, width * height, s.color, 1);
}

/** Composites a one-colour layer with alpha `mask` × `opacity` underneath `top`. */
function under(top: Buffer, mask: Buffer, size: number, color: Rgb, opacity: number): Buffer {
  const out = Buffer.alloc(size * 4);
  for (let i = 0; i < size; i++) {
    const p = i * 4;
    const ta = (top[p + 3] as number) / 255;
    const sa = ((mask[i] as number) / 255) * opacity;
    const a = ta + sa * (1 - ta);
    if (a <= 0) continue;
    for (let c = 0; c < 3; c++) {
      out[p + c] = Math.round(((top[p + c] as number) * ta + (color[c] as number) * sa * (1 - ta)) / a);
    }
    out[p + 3] = Math.round(a * 255);
  }
  return out;
}
