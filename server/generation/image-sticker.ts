/**
 * Image → sticker, the first path that is sure of its mask wins (docs/generator.md, decision 0027):
 * 1. "cutout": the flat-background remover (sharp only, a few ms);
 * 2. "cutout-subject": the bundled salient-object model (u2netp) — any subject on a busy background;
 * 3. "person": the bundled selfie model, for a person the salient model was not sure of;
 * 4. "framed-photo": a rounded photo with the same die-cut border, never a broken cut-out.
 * Every cut-out gets the style's die-cut outline.
 */

import type { OutputInfo } from "sharp";
import sharp from "sharp";
import { segmentPerson } from "./image/person-segmentation.ts";
import { removeBackground } from "./image/remove-background.ts";
import { segmentSubject } from "./image/salient-object.ts";
import { photoWithMood } from "./mood-art.ts";
import type { GeneratedSticker, ImageStickerRequest } from "./provider.ts";
import { GenerationError } from "./provider.ts";
import { finishSticker } from "./render/finish.ts";
import type { Raster } from "./render/pixels.ts";
import { placeOnCanvas, toStyleResolution } from "./render/place.ts";
import type { StyleSpec } from "./styles.ts";
import { styleOf } from "./styles.ts";

/** Analysis and cut-out happen at this size: big enough for a 512 sticker, small enough to be quick. */
const WORK = 440;
const MIN_CONFIDENCE = 0.45;
/** Below this the flood fill's cut is checked against the salient model's, which wins when it is sure:
 * a grey sky or a blurred wall passes for a flat background but the fill eats into the subject. */
const SURE_FLAT = 0.8;
/** Uploads are validated upstream; this only stops a decompression bomb reaching the pipeline. */
const MAX_INPUT_PIXELS = 40_000_000;

async function framedPhoto(input: Buffer): Promise<Raster> {
  const side = 400;
  const radius = 44;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="${side}" height="${side}" rx="${radius}" fill="#fff"/></svg>`,
  );
  const photo = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(side, side, { fit: "cover", position: "attention" })
    .ensureAlpha()
    .composite([{ input: mask, blend: "dest-in" }]);
  const flat = await photo.png().toBuffer();
  return placeOnCanvas(sharp(flat), side, side);
}

export async function createImageSticker(req: ImageStickerRequest): Promise<GeneratedSticker> {
  const style = styleOf(req.style);
  if (!style) throw new GenerationError("UNKNOWN_STYLE", `Unknown sticker style "${req.style}".`);
  let work: { data: Buffer; info: OutputInfo };
  try {
    work = await sharp(req.image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(WORK, WORK, { fit: "inside", withoutEnlargement: false })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new GenerationError("BAD_IMAGE", `The image could not be read: ${(error as Error).message}`);
  }
  const img: Raster = { data: work.data, width: work.info.width, height: work.info.height };
  const cut = removeBackground(img);
  const detail = { style: style.key, confidence: Number(cut.confidence.toFixed(3)), ...cut.detail };

  const flatCut = async () => {
    // Feather the cut by a pixel so the edge is not jagged.
    const alpha = Buffer.alloc(img.width * img.height);
    for (let i = 0; i < alpha.length; i++) alpha[i] = cut.mask[i] ? Math.min(255, img.data[i * 4 + 3] as number) : 0;
    const soft = await sharp(alpha, { raw: { width: img.width, height: img.height, channels: 1 } })
      .blur(0.8)
      .toColourspace("b-w")
      .raw()
      .toBuffer();
    return { png: await cutoutSticker(img, soft, style, req), subject: "cutout", detail };
  };
  if (cut.confidence >= SURE_FLAT) return flatCut();

  // Any subject on a busy background: the salient-object model's mask, when it is sure of it. It beat
  // the selfie model on the people of the photo sheet too (tripod, helmet, hair; decision 0027).
  let subject: Awaited<ReturnType<typeof segmentSubject>> | null = null;
  try {
    subject = await segmentSubject(img);
  } catch (error) {
    // A broken model install must not break image stickers: the next paths are always possible.
    console.warn(`salient-object segmentation failed: ${(error as Error).message}`);
  }
  const withSubject = subject ? { ...detail, ...roundDetail(subject.detail) } : detail;
  if (subject?.accepted) {
    return {
      png: await cutoutSticker(img, keepOpaque(subject.alpha, img), style, req),
      subject: "cutout-subject",
      detail: withSubject,
    };
  }
  if (cut.confidence >= MIN_CONFIDENCE) return flatCut();

  // A person the salient model was not sure of: the selfie model's mask, when it is sure of it.
  let person: Awaited<ReturnType<typeof segmentPerson>> | null = null;
  try {
    person = await segmentPerson(img);
  } catch (error) {
    console.warn(`selfie segmentation failed: ${(error as Error).message}`);
  }
  const withPerson = person ? { ...withSubject, ...roundDetail(person.detail) } : withSubject;
  if (person?.accepted) {
    return { png: await cutoutSticker(img, keepOpaque(person.alpha, img), style, req), subject: "person", detail: withPerson };
  }

  const art = await toStyleResolution(await framedPhoto(req.image), style);
  return { png: await finishFor(art, style, req), subject: "framed-photo", detail: withPerson };
}

/** A model's mask never makes a pixel the picture had transparent opaque. */
function keepOpaque(alpha: Buffer, img: Raster): Buffer {
  const out = Buffer.alloc(alpha.length);
  for (let i = 0; i < alpha.length; i++) out[i] = Math.min(alpha[i] as number, img.data[i * 4 + 3] as number);
  return out;
}

const roundDetail = (d: Record<string, number>) =>
  Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Number(v.toFixed(3))]));

/** Applies `alpha` (0..255 per pixel) to `img`, crops to what is left and finishes it as a sticker. */
async function cutoutSticker(img: Raster, alpha: Buffer, style: StyleSpec, req: ImageStickerRequest): Promise<Buffer> {
  let minX = img.width;
  let minY = img.height;
  let maxX = 0;
  let maxY = 0;
  for (let i = 0; i < alpha.length; i++) {
    img.data[i * 4 + 3] = alpha[i] as number;
    if ((alpha[i] as number) > 16) {
      const x = i % img.width;
      const y = (i - x) / img.width;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < minX) {
    minX = 0;
    minY = 0;
    maxX = img.width - 1;
    maxY = img.height - 1;
  }
  const box = { left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
  const cropped = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } }).extract(box);
  const art = await toStyleResolution(await placeOnCanvas(cropped, box.width, box.height), style);
  return finishFor(art, style, req);
}

/** The die-cut finish; one sticker of a pack made in one go first gets its mood (decision 0026). */
async function finishFor(art: Raster, style: StyleSpec, req: ImageStickerRequest): Promise<Buffer> {
  if (!req.mood) return finishSticker(art, style);
  const shrink = async (r: Raster, side: number): Promise<Raster> => ({
    data: await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } })
      .resize(side, side)
      .raw()
      .toBuffer(),
    width: side,
    height: side,
  });
  return finishSticker(await photoWithMood(art, style, req.mood, req.locale, shrink), style);
}
