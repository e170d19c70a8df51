/**
 * Photos shared to the app from a phone's share sheet (Web Share Target, decision 0046). The photo is
 * checked like any upload (server/uploads/read-upload.ts: size, type by its bytes, pixels, decoded and
 * re-encoded, so its metadata is dropped) and kept for SHARED_PHOTO_MAX_AGE_MS under an unguessable
 * id; the create panel then loads it as if it were picked, and it takes the normal shrink, upload and
 * Generate path. The id carries its time, so an old one is refused even before the sweep removes it.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import type { AppContext } from "../context.ts";
import { decodePoolOf } from "../uploads/decode-pool.ts";
import { type ClaimedFile, readUpload, uploadLimitsOf } from "../uploads/read-upload.ts";

/** How long a shared photo is kept: time enough to sign in and press Generate. */
export const SHARED_PHOTO_MAX_AGE_MS = 60 * 60 * 1000;
/** Every shared photo's storage key starts with this (`shared-{id}.webp`); the sweep lists it. */
export const SHARED_PHOTO_PREFIX = "shared-";
/** `{seconds since 1970, base 36}-{128 random bits, hex}`: when it was shared, and what nobody can guess. */
const SHARED_ID = /^([a-z0-9]{1,12})-[a-f0-9]{32}$/;
/** The kept copy: good enough to be shrunk again in the browser, far smaller than a PNG of a photo. */
const KEPT_QUALITY = 90;

export function sharedPhotoKey(id: string): string {
  return `${SHARED_PHOTO_PREFIX}${id}.webp`;
}

export function isSharedPhotoId(id: string): boolean {
  return SHARED_ID.test(id);
}

/** When the photo of `id` stops being served (ms since 1970), or null for no id of ours. */
function expiresAt(id: string): number | null {
  const match = SHARED_ID.exec(id);
  if (!match?.[1]) return null;
  return Number.parseInt(match[1], 36) * 1000 + SHARED_PHOTO_MAX_AGE_MS;
}

/** Checks a shared file as an upload and keeps it; its id. Refusals are the upload's AppErrors. */
export async function keepSharedPhoto(app: AppContext, bytes: Buffer, claimed: ClaimedFile, now = Date.now()): Promise<string> {
  const webp = await decodePoolOf(app).run(async () => {
    const upload = await readUpload(bytes, uploadLimitsOf(app.config), claimed);
    return sharp(upload.png).webp({ quality: KEPT_QUALITY }).toBuffer();
  });
  const id = `${Math.floor(now / 1000).toString(36)}-${randomBytes(16).toString("hex")}`;
  await app.storage.put(sharedPhotoKey(id), webp, "image/webp");
  return id;
}

/** The kept photo of `id`, or null when the id is not one of ours, has expired, or is gone. */
export async function readSharedPhoto(app: AppContext, id: string, now = Date.now()): Promise<Buffer | null> {
  const expires = expiresAt(id);
  if (expires === null || now >= expires) return null;
  const file = await app.storage.get(sharedPhotoKey(id));
  return file?.body ?? null;
}
