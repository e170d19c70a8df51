/**
 * Per-style pixel treatments applied to the composed art before the die-cut. Each is a single pass
 * over a 512² buffer (a few ms); watercolor adds one sharp blur.
 */
import sharp from "sharp";
import type { Raster } from "./pixels.ts";
import { noiseField } from "./pixels.ts";

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Kawaii: pastel, slightly pink, as if printed on soft paper. */
export function pastel(r: Raster): Raster {
  const d = r.data;
  for (let p = 0; p < d.length; p += 4) {
    d[p] = clamp255((d[p] as number) * 0.84 + 255 * 0.16 + 6);
    d[p + 1] = clamp255((d[p + 1] as number) * 0.84 + 255 * 0.16 - 2);
    d[p + 2] = clamp255((d[p + 2] as number) * 0.84 + 255 * 0.16 + 4);
  }
  return r;
}

/** Pop-art: loud flat colours in four levels and a halftone dot screen on the light areas. */
export function popArt(r: Raster): Raster {
  const d = r.data;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const p = (y * r.width + x) * 4;
      const mean = ((d[p] as number) + (d[p + 1] as number) + (d[p + 2] as number)) / 3;
      let lum = 0;
      for (let c = 0; c < 3; c++) {
        const boosted = mean + ((d[p + c] as number) - mean) * 1.6;
        const level = Math.round(clamp255(boosted) / 85) * 85;
        d[p + c] = level;
        lum += level / 765;
      }
      const cx = (x % 7) - 3;
      const cy = (y % 7) - 3;
      if (lum > 0.5 && cx * cx + cy * cy <= 3) {
        for (let c = 0; c < 3; c++) d[p + c] = clamp255((d[p + c] as number) * 0.72);
      }
    }
  }
  return r;
}

/** Retro: a warm, faded four-colour print look. */
export function retro(r: Raster): Raster {
  const d = r.data;
  for (let p = 0; p < d.length; p += 4) {
    const R = d[p] as number;
    const G = d[p + 1] as number;
    const B = d[p + 2] as number;
    const grey = R * 0.3 + G * 0.59 + B * 0.11;
    const warm = [grey + (R - grey) * 0.55 + 18, grey + (G - grey) * 0.55 + 6, grey + (B - grey) * 0.45 - 22];
    for (let c = 0; c < 3; c++) {
      const v = 40 + (warm[c] as number) * 0.78;
      d[p + c] = clamp255(Math.round(v / 42) * 42);
    }
  }
  return r;
}

let wobble: { dx: Int8Array; dy: Int8Array; grain: Float32Array } | null = null;

/** One smooth random displacement field per process: the same paper for every watercolor sticker. */
function wobbleField(width: number, height: number): { dx: Int8Array; dy: Int8Array; grain: Float32Array } {
  if (wobble && wobble.dx.length === width * height) return wobble;
  const coarse = 16;
  const cw = Math.ceil(width / coarse) + 2;
  const ch = Math.ceil(height / coarse) + 2;
  const nx = noiseField(cw * ch, 7);
  const ny = noiseField(cw * ch, 11);
  const dx = new Int8Array(width * height);
  const dy = new Int8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = x / coarse;
      const gy = y / coarse;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      const fx = gx - x0;
      const fy = gy - y0;
      const sample = (n: Float32Array) => {
        const a = n[y0 * cw + x0] as number;
        const b = n[y0 * cw + x0 + 1] as number;
        const c = n[(y0 + 1) * cw + x0] as number;
        const e = n[(y0 + 1) * cw + x0 + 1] as number;
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + e * fx) * fy;
      };
      dx[y * width + x] = Math.round((sample(nx) - 0.5) * 7);
      dy[y * width + x] = Math.round((sample(ny) - 0.5) * 7);
    }
  }
  wobble = { dx, dy, grain: noiseField(width * height, 23) };
  return wobble;
}

/** Watercolor: wobbly edges, bled and lightened pigment, darker pooled rims and paper grain. */
export async function watercolor(r: Raster): Promise<Raster> {
  const { width, height } = r;
  const field = wobbleField(width, height);
  const moved = Buffer.alloc(r.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const sx = Math.min(width - 1, Math.max(0, x + (field.dx[i] as number)));
      const sy = Math.min(height - 1, Math.max(0, y + (field.dy[i] as number)));
      r.data.copy(moved, i * 4, (sy * width + sx) * 4, (sy * width + sx) * 4 + 4);
    }
  }
  const bled = await sharp(moved, { raw: { width, height, channels: 4 } })
    .blur(2.2)
    .raw()
    .toBuffer();
  const out = Buffer.alloc(r.data.length);
  for (let i = 0; i < width * height; i++) {
    const p = i * 4;
    const a = (bled[p + 3] as number) / 255;
    // Pigment pools where the wash thins out: darken the rim of each shape.
    const rim = a > 0.15 && a < 0.85 ? 0.82 : 1;
    const grain = 0.9 + (field.grain[i] as number) * 0.1;
    for (let c = 0; c < 3; c++) {
      const mixed = (moved[p + c] as number) * 0.45 + (bled[p + c] as number) * 0.55;
      out[p + c] = clamp255((mixed * 0.8 + 255 * 0.2) * rim * grain);
    }
    out[p + 3] = clamp255(Math.max(moved[p + 3] as number, bled[p + 3] as number) * (a > 0.1 ? 1 : a * 10));
  }
  return { data: out, width, height };
}

/** Pixel: few colours and binary alpha; the caller renders small and scales up without smoothing. */
export async function pixelPalette(r: Raster): Promise<Raster> {
  const { width, height } = r;
  const png = await sharp(r.data, { raw: { width, height, channels: 4 } })
    .png({ palette: true, colours: 24, dither: 0 })
    .toBuffer();
  const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let p = 0; p < data.length; p += 4) data[p + 3] = (data[p + 3] as number) >= 110 ? 255 : 0;
  return { data, width, height };
}
