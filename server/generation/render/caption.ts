/**
 * Caption text as its own RGBA layer: drawn once by resvg with the fonts its scripts need (shaping,
 * Arabic joining and RTL come from resvg), trimmed, then scaled into the caption box.
 */
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { UNSPACED } from "../lexicon/normalize.ts";
import type { DisplayFont } from "./fonts.ts";
import { fontsForCaption } from "./fonts.ts";
import type { Box } from "./layout.ts";
import type { Raster } from "./pixels.ts";
import { opaqueBounds, unpremultiply } from "./pixels.ts";

const FONT_SIZE = 64;
const LINE = 82;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Up to three balanced lines: by words for spaced scripts, by characters for CJK. */
export function wrapCaption(text: string): string[] {
  const clean = text.trim().replace(/\s+/g, " ");
  if (UNSPACED.test(clean) && !clean.includes(" ")) {
    const chars = [...clean];
    const lines = Math.min(3, Math.ceil(chars.length / 7));
    const per = Math.ceil(chars.length / lines);
    return Array.from({ length: lines }, (_, i) => chars.slice(i * per, (i + 1) * per).join("")).filter(Boolean);
  }
  const words = clean.split(" ");
  const target = Math.max(10, Math.ceil(clean.length / 3));
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line && line.length + 1 + w.length > target && lines.length < 2) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderCaption(
  text: string,
  font: DisplayFont,
  colors: { fill: string; ink: string },
  box: Box,
): Promise<Raster | null> {
  const lines = wrapCaption(text);
  const longest = Math.max(...lines.map((l) => [...l].length));
  const width = Math.ceil(longest * FONT_SIZE * 1.1 + 120);
  const height = lines.length * LINE + 80;
  const fonts = fontsForCaption(text, font);
  const tspans = lines.map((l, i) => `<text x="${width / 2}" y="${60 + i * LINE}">${escapeXml(l)}</text>`).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<g font-family="${fonts.family}" font-weight="${fonts.weight}" font-size="${FONT_SIZE}" text-anchor="middle"
 fill="${colors.fill}" stroke="${colors.ink}" stroke-width="9" stroke-linejoin="round" paint-order="stroke">${tspans}</g></svg>`;
  const rendered = new Resvg(svg, {
    font: { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: fonts.family.split(",")[0]?.replace(/'/g, "") },
  }).render();
  const layer: Raster = { data: unpremultiply(rendered.pixels), width: rendered.width, height: rendered.height };
  const bounds = opaqueBounds(layer);
  if (!bounds) return null;
  const scale = Math.min(box.w / bounds.width, box.h / bounds.height, 1.6);
  const w = Math.max(1, Math.round(bounds.width * scale));
  const h = Math.max(1, Math.round(bounds.height * scale));
  const data = await sharp(layer.data, { raw: { width: layer.width, height: layer.height, channels: 4 } })
    .extract(bounds)
    .resize(w, h, { fit: "fill" })
    .raw()
    .toBuffer();
  return { data, width: w, height: h };
}
