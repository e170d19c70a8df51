/**
 * Caption text as its own RGBA layer. The text is laid out and shaped by Pango + HarfBuzz inside
 * sharp (libvips' text input) with the bundled TTFs: that gives Devanagari and Bengali their
 * conjuncts and reordered vowel signs, Arabic its joining and right-to-left order, and per-character
 * fallback between the fonts a caption needs. (resvg's own text shaping dropped word spaces and
 * mangled Indic clusters: pre-base vowel signs such as ি and ि landed on the wrong letter.) The ink outline is
 * drawn here from one distance transform of the glyphs' coverage; the layer is trimmed, then scaled
 * into the caption box.
 */
import sharp from "sharp";
import { UNSPACED } from "../lexicon/normalize.ts";
import { distanceToInside } from "./distance.ts";
import type { DisplayFont } from "./fonts.ts";
import { fontsForCaption } from "./fonts.ts";
import type { Box } from "./layout.ts";
import type { Raster } from "./pixels.ts";
import { opaqueBounds } from "./pixels.ts";

/** Glyph size in pixels (points at 72 dpi) and the ink outline's reach outside the glyphs. */
const FONT_SIZE = 64;
/** Line pitch in Pango units (1/1024 pt): fixed, because Arabic and Indic fonts ask for very tall lines. */
const LINE_HEIGHT = 84 * 1024;
const STROKE = 4.5;
const PAD = Math.ceil(STROKE) + 2;

/** Pango markup is XML: only these three need escaping in text content. */
const escapeMarkup = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Pango font-description weight words for the weights the bundled fonts come in. */
function weightWord(weight: number): string {
  if (weight >= 900) return "Heavy";
  if (weight >= 800) return "Ultra-Bold";
  if (weight >= 700) return "Bold";
  return "";
}

/**
 * libvips adds a `fontfile` to fontconfig once per process and keeps it, but takes one file per call:
 * a caption that falls back across several fonts first registers each with a one-glyph render.
 */
const registered = new Map<string, Promise<void>>();
function registerFont(path: string): Promise<void> {
  let done = registered.get(path);
  if (!done) {
    done = sharp({ text: { text: ".", fontfile: path, font: "sans 8", dpi: 72 } })
      .raw()
      .toBuffer()
      .then(() => undefined);
    registered.set(path, done);
    done.catch(() => registered.delete(path));
  }
  return done;
}

/** "#rgb" or "#rrggbb" as bytes. */
export function hex(color: string): [number, number, number] {
  let digits = color.replace("#", "");
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Up to three balanced lines: by words for spaced scripts, by characters for CJK. */
function wrapCaption(text: string): string[] {
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

/**
 * The Pango font description that draws `text` at `size` px in the caption fonts (the display font, then
 * one per script the text holds), each font registered first. Share cards (server/share-cards/) draw
 * their words with it too, so any script a caption renders renders there.
 */
export async function captionFontFor(text: string, font: DisplayFont, size: number): Promise<string> {
  const fonts = fontsForCaption(text, font);
  for (const file of fonts.files) await registerFont(file);
  return `${fonts.families.join(",")}, ${weightWord(fonts.weight)} ${size}`.replace(/ +/g, " ");
}

/** The caption's glyph coverage (0..255 per pixel), shaped by Pango, with room around it for the ink. */
export async function shapeCaption(text: string, font: DisplayFont): Promise<Raster> {
  const description = await captionFontFor(text, font, FONT_SIZE);
  const { data, info } = await sharp({
    text: {
      text: `<span line_height="${LINE_HEIGHT}">${escapeMarkup(wrapCaption(text).join("\n"))}</span>`,
      font: description,
      dpi: 72,
      align: "centre",
    },
  })
    .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: { r: 0, g: 0, b: 0 } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export async function renderCaption(
  text: string,
  font: DisplayFont,
  colors: { fill: string; ink: string },
  box: Box,
): Promise<Raster | null> {
  const glyphs = await shapeCaption(text, font);
  const { width, height } = glyphs;
  const size = width * height;
  const inside = new Uint8Array(size);
  for (let i = 0; i < size; i++) inside[i] = (glyphs.data[i] as number) >= 128 ? 1 : 0;
  const dist = distanceToInside(inside, width, height);
  const [fr, fg, fb] = hex(colors.fill);
  const [ir, ig, ib] = hex(colors.ink);
  const data = Buffer.alloc(size * 4);
  for (let i = 0; i < size; i++) {
    const fa = (glyphs.data[i] as number) / 255;
    const ia = Math.max(fa, Math.min(1, Math.max(0, STROKE + 0.5 - (dist[i] as number))));
    const a = fa + ia * (1 - fa);
    if (a <= 0) continue;
    const p = i * 4;
    data[p] = Math.round((fr * fa + ir * ia * (1 - fa)) / a);
    data[p + 1] = Math.round((fg * fa + ig * ia * (1 - fa)) / a);
    data[p + 2] = Math.round((fb * fa + ib * ia * (1 - fa)) / a);
    data[p + 3] = Math.round(a * 255);
  }
  const layer: Raster = { data, width, height };
  const bounds = opaqueBounds(layer);
  if (!bounds) return null;
  const scale = Math.min(box.w / bounds.width, box.h / bounds.height, 1.6);
  const w = Math.max(1, Math.round(bounds.width * scale));
  const h = Math.max(1, Math.round(bounds.height * scale));
  const scaled = await sharp(layer.data, { raw: { width, height, channels: 4 } })
    .extract(bounds)
    .resize(w, h, { fit: "fill" })
    .raw()
    .toBuffer();
  return { data: scaled, width: w, height: h };
}

/** A caption in a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko…) is read, and typed, from the right. */
export function captionDirectionOf(text: string): "ltr" | "rtl" {
  return /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u.test(text) ? "rtl" : "ltr";
}
