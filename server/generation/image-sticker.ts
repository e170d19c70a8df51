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
import { type PersonCut, segmentPerson } from "./image/person-segmentation.ts";
import { removeBackground } from "./image/remove-background.ts";
import { MIN_AREA, MIN_MEAN_INSIDE, type SubjectCut, segmentSubject } from "./image/salient-object.ts";
import { photoWithMoodLayers } from "./mood-art.ts";
import type { GeneratedSticker, ImageStickerRequest } from "./provider.ts";
import { GenerationError } from "./provider.ts";
import { captionDirectionOf } from "./render/caption.ts";
import { editableArt, finishSticker, treatedArt } from "./render/finish.ts";
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
    return { ...(await cutoutSticker(img, soft, style, req)), subject: "cutout", detail };
  };
  if (cut.confidence >= SURE_FLAT) return flatCut();

  // Any subject on a busy background: the salient-object model's mask, when it is sure of it; and the
  // selfie model's (15 ms) to compare. On people the salient mask is as good or better (tripod, helmet,
  // cap), except on a close portrait where it marks only the face: there the person's mask wins
  // (decision 0027).
  let subject: Awaited<ReturnType<typeof segmentSubject>> | null = null;
  try {
    subject = await segmentSubject(img);
  } catch (error) {
    // A broken model install must not break image stickers: the next paths are always possible.
    console.warn(`salient-object segmentation failed: ${(error as Error).message}`);
  }
  let person: Awaited<ReturnType<typeof segmentPerson>> | null = null;
  try {
    person = await segmentPerson(img);
  } catch (error) {
    console.warn(`selfie segmentation failed: ${(error as Error).message}`);
  }
  const withModels = {
    ...detail,
    ...(subject ? roundDetail(subject.detail) : {}),
    ...(person ? roundDetail(person.detail) : {}),
  };
  if (person?.accepted && (!subject?.accepted || subjectIsPartOfPerson(subject, person))) {
    return { ...(await cutoutSticker(img, keepOpaque(person.alpha, img), style, req)), subject: "person", detail: withModels };
  }
  if (subject?.accepted) {
    return {
      ...(await cutoutSticker(img, keepOpaque(subject.alpha, img), style, req)),
      subject: "cutout-subject",
      detail: withModels,
    };
  }
  // A small subject far off (a rocket on its pad): look again at the part of the photo around it, at
  // full detail, so the cut-out is sharp rather than a few hundred pixels blown up.
  const closer = subject && isSmallSubject(subject) ? await subjectCloser(req.image, img, subject.alpha) : null;
  if (closer) {
    const zoomed = { ...withModels, ...roundDetail(closer.subject.detail), zoomed: 1 };
    return {
      ...(await cutoutSticker(closer.img, keepOpaque(closer.subject.alpha, closer.img), style, req)),
      subject: "cutout-subject",
      detail: zoomed,
    };
  }
  if (cut.confidence >= MIN_CONFIDENCE) return flatCut();

  const art = await toStyleResolution(await framedPhoto(req.image), style);
  return { ...(await finishFor(art, style, req)), subject: "framed-photo", detail: withModels };
}

/** One subject that the person's mask holds almost wholly while being much larger: the salient model
 * saw only a part (the face) of the person. Several subjects (coins) are never one person. */
function subjectIsPartOfPerson(subject: SubjectCut, person: PersonCut): boolean {
  if (subject.detail.subjectParts > 2) return false;
  let inSubject = 0;
  let inBoth = 0;
  let inPerson = 0;
  for (let i = 0; i < subject.alpha.length; i++) {
    const s = (subject.alpha[i] as number) > 127;
    const p = (person.alpha[i] as number) > 127;
    if (s) inSubject++;
    if (p) inPerson++;
    if (s && p) inBoth++;
  }
  return inSubject > 0 && inBoth / inSubject >= 0.9 && inPerson >= inSubject * 1.4;
}

const isSmallSubject = (subject: SubjectCut) =>
  subject.detail.subjectArea >= 0.004 &&
  subject.detail.subjectArea < MIN_AREA &&
  subject.detail.subjectMeanInside >= MIN_MEAN_INSIDE &&
  subject.detail.subjectParts <= 2;

/** The salient model run again on the region around a small subject, cut from the original photo. */
async function subjectCloser(input: Buffer, img: Raster, alpha: Buffer): Promise<{ img: Raster; subject: SubjectCut } | null> {
  let minX = img.width;
  let minY = img.height;
  let maxX = -1;
  let maxY = -1;
  for (let i = 0; i < alpha.length; i++) {
    if ((alpha[i] as number) <= 127) continue;
    const x = i % img.width;
    const y = (i - x) / img.width;
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (maxX < 0) return null;
  // The subject's box grown to twice its size, never thinner than 0.6 of its other side nor a fifth of
  // the picture: enough surroundings for the model to tell the subject from them.
  const boxW = maxX - minX + 1;
  const boxH = maxY - minY + 1;
  const least = Math.min(img.width, img.height) / 5;
  const sideX = Math.max(boxW * 2, boxH * 0.6, least);
  const sideY = Math.max(boxH * 2, boxW * 0.6, least);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const left = Math.max(0, cx - sideX / 2);
  const top = Math.max(0, cy - sideY / 2);
  const right = Math.min(img.width, cx + sideX / 2);
  const bottom = Math.min(img.height, cy + sideY / 2);
  const photo = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  // EXIF orientations 5–8 turn the picture a quarter: width and height swap.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? img.width;
  const height = (turned ? meta.width : meta.height) ?? img.height;
  const scale = width / img.width;
  const box = {
    left: Math.floor(left * scale),
    top: Math.floor(top * scale),
    width: Math.min(width - Math.floor(left * scale), Math.ceil((right - left) * scale)),
    height: Math.min(height - Math.floor(top * scale), Math.ceil((bottom - top) * scale)),
  };
  const { data, info } = await photo
    .extract(box)
    .resize(WORK, WORK, { fit: "inside", withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const near: Raster = { data, width: info.width, height: info.height };
  const subject = await segmentSubject(near);
  return subject.accepted ? { img: near, subject } : null;
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
async function cutoutSticker(img: Raster, alpha: Buffer, style: StyleSpec, req: ImageStickerRequest): Promise<Finished> {
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

/** A finished sticker, and its photo and mood caption apart where it has one (decision 0041). */
type Finished = Pick<GeneratedSticker, "png" | "layers" | "editable">;

/** The die-cut finish; one sticker of a pack made in one go first gets its mood (decision 0026). */
async function finishFor(art: Raster, style: StyleSpec, req: ImageStickerRequest): Promise<Finished> {
  if (!req.mood) {
    // Treated once: the sticker and the editor's art are the same art.
    const treated = await treatedArt(art, style);
    return {
      png: await finishSticker(treated, style, { treat: false }),
      editable: { art: await editableArt(treated), captionText: null },
    };
  }
  const shrink = async (r: Raster, side: number): Promise<Raster> => ({
    data: await sharp(r.data, { raw: { width: r.width, height: r.height, channels: 4 } })
      .resize(side, side)
      .raw()
      .toBuffer(),
    width: side,
    height: side,
  });
  const mooded = await photoWithMoodLayers(art, style, req.mood, req.locale, shrink);
  const png = await finishSticker(mooded.art, style);
  const bare = await treatedArt(mooded.bare, style);
  const editable = { art: await editableArt(bare), captionText: mooded.caption ? mooded.captionText : null };
  if (!mooded.caption) return { png, editable };
  const [subject, caption] = await Promise.all([
    finishSticker(bare, style, { treat: false }),
    finishSticker(mooded.caption, style),
  ]);
  return { png, editable, layers: { subject, caption, captionDirection: captionDirectionOf(mooded.captionText) } };
}
