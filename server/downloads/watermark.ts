/**
 * The download watermark (spec §9): the product's domain in 16 px text, tiled diagonally across the
 * sticker, translucent white with a faint dark outline so it reads on light and dark art alike.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import sharp from "sharp";

const FONT_SIZE = 16;
export const FONT_FAMILY = "Nunito";
/** Nunito's mean advance width in ems for lower-case Latin, used to space the tiles without measuring. */
const ADVANCE_EM = 0.6;
/** Blank space between two copies on a line, and between lines (baseline to baseline). */
const GAP_X = 56;
const LINE_PITCH = 64;
const ANGLE_DEG = -30;

const require = createRequire(import.meta.url);
const FONT_PATH = join(dirname(require.resolve("@expo-google-fonts/nunito")), "700Bold", "Nunito_700Bold.ttf");

/**
 * sharp draws SVG text with the fonts fontconfig knows, and a bare server may have none (every glyph
 * would be a box). libvips adds a text input's `fontfile` to fontconfig for the whole process, so one
 * tiny render makes the bundled Nunito available to the SVG renderer too.
 */
let fontReady: Promise<void> | null = null;
export function ensureFont(): Promise<void> {
  fontReady ??= sharp({ text: { text: ".", fontfile: FONT_PATH, font: `${FONT_FAMILY} Bold 8`, dpi: 72 } })
    .raw()
    .toBuffer()
    .then(
      () => undefined,
      () => {
        // Left to the system's sans-serif; try again on the next call.
        fontReady = null;
      },
    );
  return fontReady;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** An SVG as large as the image with the domain repeated in staggered rows, turned about the centre. */
function watermarkSvg(width: number, height: number, domain: string): string {
  const text = escapeXml(domain);
  const stride = Math.ceil(Math.max(1, [...domain].length) * FONT_SIZE * ADVANCE_EM) + GAP_X;
  // After turning, the rows must still reach every corner: cover a square as wide as the diagonal.
  const reach = Math.ceil(Math.hypot(width, height) / 2) + stride;
  const lines: string[] = [];
  for (let row = 0, y = -reach; y <= reach; row += 1, y += LINE_PITCH) {
    // Every other row starts half a copy later, so copies do not line up in columns.
    const shift = row % 2 === 0 ? 0 : stride / 2;
    for (let x = -reach - shift; x <= reach; x += stride) lines.push(`<text x="${x}" y="${y}">${text}</text>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g transform="translate(${width / 2} ${height / 2}) rotate(${ANGLE_DEG})" ` +
    `font-family="${FONT_FAMILY}, DejaVu Sans, sans-serif" font-size="${FONT_SIZE}px" font-weight="700" ` +
    `fill="#ffffff" fill-opacity="0.35" stroke="#000000" stroke-opacity="0.25" stroke-width="1.5" ` +
    `stroke-linejoin="round" paint-order="stroke">${lines.join("")}</g></svg>`
  );
}

/** Drawing the SVG costs ~70 ms and the overlay depends only on size and domain: keep the last few. */
const OVERLAY_CACHE_SIZE = 4;
const overlays = new Map<string, Promise<Buffer>>();

function overlayFor(width: number, height: number, domain: string): Promise<Buffer> {
  const key = `${width}x${height} ${domain}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = ensureFont().then(() =>
      sharp(Buffer.from(watermarkSvg(width, height, domain)))
        .ensureAlpha()
        .raw()
        .toBuffer(),
    );
    overlays.set(key, overlay);
    overlay.catch(() => overlays.delete(key));
    if (overlays.size > OVERLAY_CACHE_SIZE) overlays.delete(overlays.keys().next().value as string);
  }
  return overlay;
}

/**
 * The sticker with the domain watermark, as a PNG of the same size. The overlay is composited `atop`,
 * so it only shows where the sticker has paint and the alpha channel stays as it was.
 */
export async function watermarkSticker(png: Buffer, domain: string): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const { width, height } = meta;
  if (!width || !height) throw new Error("watermark: image has no size");
  const overlay = await overlayFor(width, height, domain);
  return sharp(png)
    .ensureAlpha()
    .composite([{ input: overlay, raw: { width, height, channels: 4 }, blend: "atop" }])
    .png()
    .toBuffer();
}

/** The host that names the product in watermarks: PUBLIC_URL's host name, without a port. */
export function watermarkDomain(publicUrl: string): string {
  return new URL(publicUrl).hostname;
}
