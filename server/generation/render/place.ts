import type { Sharp } from "sharp";
import sharp from "sharp";
import type { StyleSpec } from "../styles.ts";
import { CANVAS } from "./layout.ts";
import type { Raster } from "./pixels.ts";

/** The art area inside the canvas: room around it for the widest die-cut border and its shadow. */
const ART = 424;

/** Pixel art is die-cut at its own small resolution (the finish scales it up without smoothing). */
export async function toStyleResolution(art: Raster, style: StyleSpec): Promise<Raster> {
  if (style.resolution === art.width) return art;
  const data = await sharp(art.data, { raw: { width: art.width, height: art.height, channels: 4 } })
    .resize(style.resolution, style.resolution)
    .raw()
    .toBuffer();
  return { data, width: style.resolution, height: style.resolution };
}

/** A w×h picture fitted into the sticker's art area and centred on the transparent canvas. */
export async function placeOnCanvas(image: Sharp, w: number, h: number): Promise<Raster> {
  const scale = Math.min(ART / w, ART / h);
  const tw = Math.max(1, Math.round(w * scale));
  const th = Math.max(1, Math.round(h * scale));
  const data = await image
    .resize(tw, th)
    .extend({
      top: Math.floor((CANVAS - th) / 2),
      bottom: Math.ceil((CANVAS - th) / 2),
      left: Math.floor((CANVAS - tw) / 2),
      right: Math.ceil((CANVAS - tw) / 2),
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer();
  return { data, width: CANVAS, height: CANVAS };
}
