/** Small RGBA helpers for raw 8-bit buffers (straight alpha unless said otherwise). */

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

/** resvg hands out premultiplied pixels; every other step here works on straight alpha. */
export function unpremultiply(data: Buffer): Buffer {
  for (let p = 0; p < data.length; p += 4) {
    const a = data[p + 3] as number;
    if (a === 0 || a === 255) continue;
    data[p] = Math.min(255, Math.round(((data[p] as number) * 255) / a));
    data[p + 1] = Math.min(255, Math.round(((data[p + 1] as number) * 255) / a));
    data[p + 2] = Math.min(255, Math.round(((data[p + 2] as number) * 255) / a));
  }
  return data;
}

/** Draws `src` over `dst` at (x, y). */
export function drawOver(dst: Raster, src: Raster, x: number, y: number): void {
  for (let sy = 0; sy < src.height; sy++) {
    const dy = y + sy;
    if (dy < 0 || dy >= dst.height) continue;
    for (let sx = 0; sx < src.width; sx++) {
      const dx = x + sx;
      if (dx < 0 || dx >= dst.width) continue;
      const s = (sy * src.width + sx) * 4;
      const d = (dy * dst.width + dx) * 4;
      const sa = (src.data[s + 3] as number) / 255;
      if (sa === 0) continue;
      const da = (dst.data[d + 3] as number) / 255;
      const a = sa + da * (1 - sa);
      for (let c = 0; c < 3; c++) {
        dst.data[d + c] = Math.round(((src.data[s + c] as number) * sa + (dst.data[d + c] as number) * da * (1 - sa)) / a);
      }
      dst.data[d + 3] = Math.round(a * 255);
    }
  }
}

/** Bounding box of pixels with alpha above `threshold`, or null when the raster is empty. */
export function opaqueBounds(r: Raster, threshold = 8): { left: number; top: number; width: number; height: number } | null {
  let minX = r.width;
  let minY = r.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if ((r.data[(y * r.width + x) * 4 + 3] as number) > threshold) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  return { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** A fixed pseudo-random field (mulberry32), so filters look alike on every run and machine. */
export function noiseField(size: number, seed: number): Float32Array {
  let s = seed >>> 0;
  const out = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  return out;
}
