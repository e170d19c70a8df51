/**
 * Draws an edited sticker (decision 0047) from what the editor starts from: the generator's art without
 * outline and caption ("art"), or the finished picture ("whole"). In order: zoom and move on the 512 px
 * canvas, flip, the caption in the style's font for its script, then the outline (the style's die-cut
 * with the chosen width and colour) and the shadow. Reached through the generator's entry (index.ts).
 */
import sharp from "sharp";
import type { EditBase, StickerEdit } from "#common/sticker-edit.ts";
import { hex, renderCaption } from "./render/caption.ts";
import { type DieCutOptions, dieCut, type Rgb } from "./render/die-cut.ts";
import { CANVAS } from "./render/layout.ts";
import { drawOver, type Raster } from "./render/pixels.ts";
import type { StyleSpec } from "./styles.ts";

/** The caption's band: this far from the picture's edges, this tall. */
const CAPTION_MARGIN = 36;
const CAPTION_BAND = 132;
const SOFT_SHADOW = { dy: 5, blur: 5, opacity: 0.28 };

export function hexOf([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, "0")).join("")}`;
}

/** Relative luminance (sRGB, 0..1). */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The caption's ink line: dark around a light fill, white around a dark one. */
function inkFor(fill: string): string {
  return luminance(hex(fill)) > 0.35 ? "#2b2233" : "#ffffff";
}

/** The outline's thin rim, so a white outline still reads on a white page: a darker shade of it. */
function rimOf(color: Rgb): Rgb {
  return color.map((channel) => Math.round(channel * 0.82)) as unknown as Rgb;
}

/** The settings that redraw "art" as the generator finished it (its style's outline, caption and shadow). */
export function editOfStyle(style: StyleSpec, captionText: string | null): StickerEdit {
  return {
    caption: captionText ? { text: captionText.slice(0, 40), position: "bottom", color: style.caption.fill.toLowerCase() } : null,
    outline: { width: Math.min(16, Math.round(style.dieCut.border)), color: hexOf(style.dieCut.borderColor) },
    shadow: Boolean(style.dieCut.shadow ?? style.dieCut.hardShadow),
    zoom: 1,
    offsetX: 0,
    offsetY: 0,
    flip: false,
  };
}

async function placed(base: Buffer, edit: StickerEdit): Promise<Raster> {
  const side = Math.max(1, Math.round(CANVAS * edit.zoom));
  let image = sharp(base).ensureAlpha().resize(side, side, { fit: "fill" });
  if (edit.flip) image = image.flop();
  const data = await image.raw().toBuffer();
  const canvas: Raster = { width: CANVAS, height: CANVAS, data: Buffer.alloc(CANVAS * CANVAS * 4) };
  const x = Math.round((CANVAS - side) / 2 + edit.offsetX * CANVAS);
  const y = Math.round((CANVAS - side) / 2 + edit.offsetY * CANVAS);
  drawOver(canvas, { width: side, height: side, data }, x, y);
  return canvas;
}

async function captionOver(canvas: Raster, caption: NonNullable<StickerEdit["caption"]>, style: StyleSpec): Promise<void> {
  const top =
    caption.position === "top"
      ? CAPTION_MARGIN
      : caption.position === "middle"
        ? (CANVAS - CAPTION_BAND) / 2
        : CANVAS - CAPTION_MARGIN - CAPTION_BAND;
  const box = { x: CAPTION_MARGIN, y: top, w: CANVAS - 2 * CAPTION_MARGIN, h: CAPTION_BAND };
  const drawn = await renderCaption(caption.text, style.font, { fill: caption.color, ink: inkFor(caption.color) }, box);
  if (!drawn) return;
  drawOver(canvas, drawn, Math.round(box.x + (box.w - drawn.width) / 2), Math.round(box.y + (box.h - drawn.height) / 2));
}

/** The edited sticker as a 512×512 PNG. */
export async function renderStickerEdit(o: {
  base: Buffer;
  kind: EditBase;
  style: StyleSpec;
  edit: StickerEdit;
}): Promise<Buffer> {
  const { edit, style } = o;
  const canvas = await placed(o.base, edit);
  if (edit.caption) await captionOver(canvas, edit.caption, style);
  const color = hex(edit.outline.color);
  const width = edit.outline.width;
  let data = canvas.data;
  if (o.kind === "art" || width > 0 || edit.shadow) {
    const shadow = edit.shadow ? (style.dieCut.shadow ?? (style.dieCut.hardShadow ? undefined : SOFT_SHADOW)) : undefined;
    const options: DieCutOptions = {
      border: width,
      borderColor: color,
      rim: { color: rimOf(color), width: width > 0 ? Math.min(style.dieCut.rim.width, width / 2) : 0 },
      // The ink line hugging the art is the style's, on its art; a finished picture has its own already.
      ...(o.kind === "art" && style.dieCut.ink ? { ink: style.dieCut.ink } : {}),
      ...(shadow ? { shadow } : {}),
      ...(edit.shadow && style.dieCut.hardShadow && !style.dieCut.shadow ? { hardShadow: style.dieCut.hardShadow } : {}),
      ...(style.dieCut.crisp ? { crisp: true } : {}),
    };
    data = await dieCut(canvas.data, CANVAS, CANVAS, options);
  }
  return sharp(data, { raw: { width: CANVAS, height: CANVAS, channels: 4 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
