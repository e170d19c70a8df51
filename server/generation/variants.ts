/**
 * Every sticker is stored as a 512 px PNG plus a 256 px WebP thumbnail under content-hashed names,
 * so files never change and can be served with an immutable cache (server/files/README.md).
 * A 160 px WebP sits beside them for places drawn at 160 CSS px or less (a grid card on a desktop,
 * a style preview): new stickers get it here; older ones on their first request (decision 0023).
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Storage } from "../storage/storage.ts";

const STICKER_SIZE = 512;
const THUMB_SIZE = 256;
/** The small thumbnail's side; `srcset` names it as `160w` (decision 0023). */
export const SMALL_THUMB_SIZE = 160;

export interface StoredStickerImages {
  /** Content hash of the 512 px PNG. */
  id: string;
  /** Storage keys. */
  png: string;
  thumb: string;
  small: string;
}

export function stickerImageKeys(id: string): { png: string; thumb: string; small: string } {
  return { png: `${id}.png`, thumb: `${id}-${THUMB_SIZE}.webp`, small: `${id}-${SMALL_THUMB_SIZE}.webp` };
}

function thumbnail(full: Buffer, size: number): Promise<Buffer> {
  return sharp(full).resize(size, size).webp({ quality: 82, alphaQuality: 90 }).toBuffer();
}

/** The 160 px WebP of a stored 512 px PNG. */
export function smallThumbnail(png: Buffer): Promise<Buffer> {
  return thumbnail(png, SMALL_THUMB_SIZE);
}

export async function storeStickerImages(storage: Storage, png: Buffer): Promise<StoredStickerImages> {
  const meta = await sharp(png).metadata();
  // Anything not already a 512² RGBA PNG (e.g. a hosted provider's output) is normalised first.
  const full =
    meta.format === "png" && meta.width === STICKER_SIZE && meta.height === STICKER_SIZE && meta.hasAlpha
      ? png
      : await sharp(png)
          .resize(STICKER_SIZE, STICKER_SIZE, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .ensureAlpha()
          .png()
          .toBuffer();
  const id = createHash("sha256").update(full).digest("hex").slice(0, 32);
  const keys = stickerImageKeys(id);
  const [thumb, small] = await Promise.all([thumbnail(full, THUMB_SIZE), smallThumbnail(full)]);
  await Promise.all([
    storage.put(keys.png, full, "image/png"),
    storage.put(keys.thumb, thumb, "image/webp"),
    storage.put(keys.small, small, "image/webp"),
  ]);
  return { id, ...keys };
}
