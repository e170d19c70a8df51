/**
 * A quick small animated WebP for the live preview while a person picks a preset: about 192 px, one or
 * two cheap encodes, aiming at 80 kB and well under half a second.
 */
import type { MotionPreset } from "#common/motion.ts";
import type { WebpSettings } from "./encode-webp.ts";
import { encodeWebp } from "./encode-webp.ts";
import { type FitCandidate, fitSize } from "./fit-size.ts";
import type { StickerLayers } from "./layers.ts";
import { checkPresetFits, framesCache } from "./make-motion-files.ts";
import { prepareSticker } from "./prepare-sticker.ts";

export const PREVIEW_SIZE = 192;
export const PREVIEW_LIMIT = 80_000;

const PREVIEW_LADDER: FitCandidate<WebpSettings>[] = [
  { fps: 15, settings: { quality: 60, alphaQuality: 50, effort: 0 }, quality: "q60/a50", weight: 1 },
  { fps: 10, settings: { quality: 40, alphaQuality: 30, effort: 0 }, quality: "q40/a30", weight: 0.8 },
];

export async function makeMotionPreview(layers: StickerLayers, preset: MotionPreset): Promise<Buffer> {
  checkPresetFits(layers, preset);
  const sticker = await prepareSticker(layers, PREVIEW_SIZE);
  const { file } = await fitSize({
    limit: PREVIEW_LIMIT,
    candidates: PREVIEW_LADDER,
    framesAt: framesCache(sticker, preset),
    encode: encodeWebp,
    soft: true,
  });
  return file;
}
