/** Art layer → finished sticker: style treatment, die-cut border, scale to 512, PNG. */
import sharp from "sharp";
import type { StyleSpec } from "../styles.ts";
import { dieCut } from "./die-cut.ts";
import { CANVAS } from "./layout.ts";
import type { Raster } from "./pixels.ts";

/**
 * The style's treatment on a copy of the art (several treatments work in place): one treated raster may
 * then be finished (`finishSticker(…, { treat: false })`) and kept as the editor's art.
 */
export async function treatedArt(art: Raster, style: StyleSpec): Promise<Raster> {
  return style.treat ? style.treat({ ...art, data: Buffer.from(art.data) }) : art;
}

/**
 * The art as the sticker editor starts from it (decision 0047), already treated (`treatedArt`): no
 * outline, no caption, at 512 px.
 */
export async function editableArt(treated: Raster): Promise<Buffer> {
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
