/**
 * The mark on a sticker sent to a messenger (issue 28, decision 0043): a small pill with the product's
 * domain in a corner where the sticker has no paint, so it never crosses the art. A download keeps the
 * tiled watermark of spec §9; a sticker in a chat is not a download. Members' messenger files carry no
 * mark at all (a plan benefit), and files too small to read a mark on (emoji, thumbnails) carry none.
 *
 * When every corner holds paint, the art is scaled down a little towards the top so a strip at the
 * bottom is free, and the mark sits there. A moving sticker's layers get the same scaling and the mark
 * as a fixed overlay, drawn over every frame without moving (server/motion/render-frames.ts).
 */
import sharp from "sharp";
import { ensureFont, escapeXml, FONT_FAMILY } from "../downloads/watermark.ts";

/** `corner`: the small mark; `none`: a member's file, or one too small to mark. */
export type MessengerMark = "corner" | "none";
/** How any file is marked: a download's tiled watermark (spec §9), or a messenger's mark. */
export type FileMark = "tiled" | MessengerMark;

const FONT_SIZE = 13;
/** Nunito Bold's mean advance in ems, as the watermark measures text without a layout engine. */
const ADVANCE_EM = 0.62;
const PAD_X = 7;
const HEIGHT = 20;
/** Space kept between the pill and the canvas's edge, and between the pill and any paint. */
const MARGIN = 4;
/** A pixel at or below this alpha counts as empty (anti-aliasing dust of a cut-out's edge). */
const EMPTY_ALPHA = 8;

export interface MarkBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The pill's size for this domain. */
export function markSize(domain: string): { width: number; height: number } {
  return { width: Math.ceil([...domain].length * FONT_SIZE * ADVANCE_EM) + PAD_X * 2, height: HEIGHT };
}

function pillSvg(domain: string, width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect x="0" y="0" width="${width}" height="${height}" rx="${height / 2}" fill="#1c1917" fill-opacity="0.55"/>` +
    `<text x="${width / 2}" y="${height / 2 + FONT_SIZE * 0.36}" text-anchor="middle" font-family="${FONT_FAMILY}, DejaVu Sans, sans-serif" ` +
    `font-size="${FONT_SIZE}px" font-weight="700" fill="#ffffff">${escapeXml(domain)}</text></svg>`
  );
}

/** The pill depends on the domain alone: drawn once per domain (one in practice), not once per file. */
const pills = new Map<string, Promise<Buffer>>();

function pill(domain: string): Promise<Buffer> {
  let drawn = pills.get(domain);
  if (!drawn) {
    const { width, height } = markSize(domain);
    drawn = ensureFont().then(() =>
      sharp(Buffer.from(pillSvg(domain, width, height)))
        .png()
        .toBuffer(),
    );
    pills.set(domain, drawn);
    drawn.catch(() => pills.delete(domain));
  }
  return drawn;
}

/** Whether every pixel of the box, widened by MARGIN, is empty in this straight RGBA image. */
function isEmpty(rgba: Buffer, edge: number, box: MarkBox): boolean {
  const x0 = Math.max(0, box.left - MARGIN);
  const y0 = Math.max(0, box.top - MARGIN);
  const x1 = Math.min(edge, box.left + box.width + MARGIN);
  const y1 = Math.min(edge, box.top + box.height + MARGIN);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (rgba[(y * edge + x) * 4 + 3]! > EMPTY_ALPHA) return false;
  }
  return true;
}

/** Where the mark goes on a square sticker: the first empty corner, bottom ones first; null when none is. */
export function emptyCorner(rgba: Buffer, edge: number, size: { width: number; height: number }): MarkBox | null {
  const right = edge - MARGIN - size.width;
  const bottom = edge - MARGIN - size.height;
  const corners: MarkBox[] = [
    { left: right, top: bottom, ...size },
    { left: MARGIN, top: bottom, ...size },
    { left: right, top: MARGIN, ...size },
    { left: MARGIN, top: MARGIN, ...size },
  ];
  return corners.find((box) => isEmpty(rgba, edge, box)) ?? null;
}

/** Where the mark goes, and how the art is scaled first (1 when a corner is free). */
export interface MarkPlacement {
  box: MarkBox;
  scale: number;
}

/** The placement on this square sticker: a free corner, else a strip freed at the bottom. */
export async function placeMark(png: Buffer, domain: string): Promise<MarkPlacement> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const edge = info.width;
  const size = markSize(domain);
  const corner = emptyCorner(data, edge, size);
  if (corner) return { box: corner, scale: 1 };
  const strip = size.height + MARGIN * 2;
  return {
    scale: (edge - strip) / edge,
    box: { left: Math.round((edge - size.width) / 2), top: edge - MARGIN - size.height, ...size },
  };
}

/** The art scaled by `scale` about the top's centre, on a canvas of the same size (no change at 1). */
export async function scaledArt(png: Buffer, scale: number): Promise<Buffer> {
  if (scale === 1) return png;
  const meta = await sharp(png).metadata();
  const edge = meta.width ?? 512;
  const inner = Math.round(edge * scale);
  const side = Math.floor((edge - inner) / 2);
  const resized = await sharp(png).ensureAlpha().resize(inner, inner).png().toBuffer();
  return sharp({ create: { width: edge, height: edge, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: resized, left: side, top: 0 }])
    .png()
    .toBuffer();
}

/** A transparent square of `edge` with only the mark: the fixed overlay of a moving sticker's frames. */
export async function markOverlay(edge: number, domain: string, box: MarkBox): Promise<Buffer> {
  return sharp({ create: { width: edge, height: edge, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: await pill(domain), left: box.left, top: box.top }])
    .png()
    .toBuffer();
}

/** The still sticker as a messenger gets it: marked in a free corner, or left as it is for `none`. */
export async function markForMessenger(png: Buffer, domain: string, mark: MessengerMark): Promise<Buffer> {
  if (mark === "none") return png;
  const placement = await placeMark(png, domain);
  const art = await scaledArt(png, placement.scale);
  return sharp(art)
    .composite([{ input: await pill(domain), left: placement.box.left, top: placement.box.top }])
    .png()
    .toBuffer();
}
