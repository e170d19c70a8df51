/**
 * A phone photo made small before it is sent (decision 0029): decoded by the browser with its
 * EXIF orientation applied, scaled so its longest side is at most SHRINK_MAX_SIDE, and encoded afresh,
 * which drops every piece of metadata (GPS, camera, date). Loaded only when a picture is picked
 * (dynamic import), so it costs the home page nothing.
 */

/** The server keeps at most 2048 px (server/uploads/read-upload.ts): more would be sent for nothing. */
export const SHRINK_MAX_SIDE = 2048;
/** JPEG quality for photos: indistinguishable at sticker size, a fraction of a phone's own file. */
const JPEG_QUALITY = 0.88;
const WEBP_QUALITY = 0.9;

/** The file could not be decoded as a picture at all (it claims to be one but is not). */
export class PhotoUnreadable extends Error {
  override name = "PhotoUnreadable";
}

export interface ShrunkPhoto {
  file: File;
  width: number;
  height: number;
}

function sizeWithin(width: number, height: number, max: number) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasOf(width: number, height: number) {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), type, quality),
  );
}

/**
 * The photo to send. A JPEG stays a JPEG (photos have no transparency); PNG and WebP become WebP, which
 * keeps transparency (a browser that cannot write WebP answers PNG, which the server takes as well).
 */
export async function shrinkPhoto(file: File): Promise<ShrunkPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (error) {
    throw new PhotoUnreadable("the browser cannot decode this file", { cause: error });
  }
  try {
    const { width, height } = sizeWithin(bitmap.width, bitmap.height, SHRINK_MAX_SIDE);
    const canvas = canvasOf(width, height);
    const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) throw new Error("no 2d context");
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    const photo = file.type === "image/jpeg";
    const blob = await encode(canvas, photo ? "image/jpeg" : "image/webp", photo ? JPEG_QUALITY : WEBP_QUALITY);
    const extension = blob.type === "image/jpeg" ? "jpg" : blob.type === "image/webp" ? "webp" : "png";
    const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.${extension}`;
    return { file: new File([blob], name, { type: blob.type }), width, height };
  } finally {
    bitmap.close();
  }
}

/** What the server takes (UPLOAD_MAX_BYTES' default): the shrunk picture is checked against it. */
const PICTURE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The picture as it will be sent, or a catalog key saying why not: a file that claims to be a picture
 * but does not decode is "That picture can't be read" (decision 0029).
 */
export async function preparePicture(file: File): Promise<File | string> {
  try {
    const shrunk = await shrinkPhoto(file);
    return shrunk.file.size > PICTURE_MAX_BYTES ? "errors.uploadTooLarge" : shrunk.file;
  } catch (error) {
    return error instanceof PhotoUnreadable ? "errors.uploadNotAnImage" : "errors.uploadUnreadable";
  }
}
