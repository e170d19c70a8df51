/** Art layer → finished sticker: style treatment, die-cut border, scale to 512, PNG. */
import sharp from "sharp";
import type { StyleSpec } from "../styles.ts";
import { dieCut } from "./die-cut.ts";
import { CANVAS } from "./layout.ts";
import type { Raster } from "./pixels.ts";

/**
 * The art as the sticker editor starts from it (decision 0047): the style's treatment, no outline, no
 * caption, at 512 px.
 */
export async function editableArt(art: Raster, style: StyleSpec): Promise<Buffer> {
  const treated = !style.treat ? art : await style.treat(art);
  let image = sharp(treated.data, { raw: { width: treated.width, height: treated.height, channels: 4 } });
  if (treated.width !== CANVAS) image = image.resize(CANVAS, CANVAS, { kernel: "nearest" });
  return image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

export async function finishSticker(art: Raster, style: StyleSpec, options: { treat?: boolean } = {}): Promise<Buffer> {
  const treated = options.treat === false || !style.treat ? art : await style.treat(art);
  const cut = await dieCut(treated.data, treated.width, treated.height, style.dieCut);
  let image = sharp(cut, { raw: { width: treated.width, height: treated.height, channels: 4 } });
  if (treated.width !== CANVAS) image = image.resize(CANVAS, CANVAS, { kernel: "nearest" });
  return image.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}
