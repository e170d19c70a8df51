/**
 * The Google profile picture, copied into our storage at sign-in (decision 0029): the page
 * never loads it from Google (no hot-link: Google learns nothing of our visitors, and a changed or
 * removed picture cannot break the header). The fetch is bounded in every way that could cost us:
 * https only (plain http only to this machine in local mode, for the tests' stand-in), Google's picture
 * hosts only, no redirects, a timeout, a size cap read as it streams, image types only, and the bytes
 * are decoded and re-encoded by sharp (metadata and anything hidden dropped) into a small square WebP.
 * Any failure keeps the picture the user had (or the initial) and never fails the sign-in.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { AppContext } from "#server/context.ts";
import { users } from "#server/db/schema.ts";

/** Whole fetch, headers to last byte: a slow Google never holds a sign-in longer than this. */
export const AVATAR_FETCH_TIMEOUT_MS = 3000;
/** Google's pictures are a few kB; anything near this is not a profile picture. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Pixels a picture may declare before it is decoded (a bomb is refused on its header). */
const AVATAR_MAX_PIXELS = 4096 * 4096;
/** The stored square: twice the header's 40 px for dense screens, with room to spare. */
export const AVATAR_SIZE = 128;

const AVATAR_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
/** Where Google serves profile pictures (lh3.googleusercontent.com and its siblings). */
const GOOGLE_PICTURE_HOST = /(^|\.)googleusercontent\.com$/;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The stored avatar's key and the path the page loads it from (`/files/:key`, owner only). */
export const AVATAR_KEY = /^avatar-[a-f0-9]{40}\.webp$/;
export function avatarPathOf(key: string): string {
  return `/files/${key}`;
}

/** Whether the token's `picture` may be fetched at all: see the file's comment. */
export function avatarUrlAllowed(picture: string, localMode: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === "https:" && GOOGLE_PICTURE_HOST.test(url.hostname)) return url;
  if (localMode && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

/** The picture's bytes, or null for any refusal (status, type, size, time). */
async function fetchPicture(url: URL): Promise<Buffer | null> {
  const response = await fetch(url, {
    redirect: "error",
    signal: AbortSignal.timeout(AVATAR_FETCH_TIMEOUT_MS),
    headers: { Accept: "image/webp,image/png,image/jpeg;q=0.9" },
  });
  const type = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (!response.ok || !AVATAR_TYPES.has(type) || declared > AVATAR_MAX_BYTES || !response.body) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > AVATAR_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Copies the picture and points the user's avatar at it; returns the new path, or null when nothing
 * changed (no picture, a refused or failed fetch: logged, never thrown).
 */
export async function copyGoogleAvatar(
  app: Pick<AppContext, "storage" | "database" | "log"> & { config: { localMode: boolean } },
  userId: number,
  picture: string | null,
): Promise<string | null> {
  if (!picture) return null;
  const url = avatarUrlAllowed(picture, app.config.localMode);
  if (!url) {
    app.log.warn({ userId, host: safeHost(picture) }, "google avatar: address refused");
    return null;
  }
  try {
    const bytes = await fetchPicture(url);
    if (!bytes) {
      app.log.warn({ userId, host: url.hostname }, "google avatar: answer refused");
      return null;
    }
    const webp = await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer();
    const key = `avatar-${createHash("sha256").update(webp).digest("hex").slice(0, 40)}.webp`;
    await app.storage.put(key, webp, "image/webp");
    const path = avatarPathOf(key);
    await app.database.db.update(users).set({ avatarPath: path }).where(eq(users.id, userId));
    return path;
  } catch (error) {
    app.log.warn({ userId, host: url.hostname, err: error }, "google avatar: copy failed");
    return null;
  }
}

function safeHost(address: string): string | null {
  try {
    return new URL(address).hostname;
  } catch {
    return null;
  }
}
