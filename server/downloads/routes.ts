/**
 * Sticker downloads (spec §9) and messenger exports, mounted under /files:
 *   GET /files/download/:picId          the watermarked 512 px PNG
 *   GET /files/export/:picId/:name      one of a messenger's files (server/exports/sticker-files.ts), with the
 *                                       messenger's small mark, none for a member (decision 0043)
 *   GET /files/motion/:picId/:preset/:format   a moving sticker's webp | webm | gif | apng (decision 0041)
 * A picture is served when one public sticker uses it, or one of the signed-in viewer's own; anything
 * else answers NOT_FOUND, so a private sticker of someone else is indistinguishable from none. Each
 * file is made once and then served from storage with an ETag (derived-files.ts); every client may
 * ask DOWNLOAD_RATE_LIMIT_PER_MINUTE times a minute.
 */
import { type Context, Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { isMotionPreset } from "#common/motion.ts";
import type { AppContext } from "../context.ts";
import { contentTypeOf, createStickerFiles, isStickerFileName } from "../exports/sticker-files.ts";
import { messengerMarkFor } from "../exports/viewer-mark.ts";
import {
  type FileAccess,
  motionAccess,
  OWNER_FILE_CACHE,
  pictureAccess,
  respondWithFileError,
  viewerIdOf,
} from "../files/file-access.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { matchesEtag } from "../http/if-none-match.ts";
import { createMotionDownloads, isMotionDownload, MOTION_DOWNLOADS } from "../motion/motion-downloads.ts";
import { createRateLimit } from "../rate-limit.ts";
import { createDerivedFiles, derivedFileKey, etagOf } from "./derived-files.ts";
import { watermarkDomain, watermarkSticker } from "./watermark.ts";

/**
 * A public sticker's download is the same for everyone: shared caches may keep it a day. Not a year:
 * the address stays when PUBLIC_URL (the watermark's text) changes.
 */
export const PUBLIC_DOWNLOAD_CACHE = "public, max-age=86400";

/** Download and export routes; mount with `server.route("/files", downloadRoutes(app))`. */
export function downloadRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithFileError(c, error));
  const domain = watermarkDomain(app.config.PUBLIC_URL);
  const derived = createDerivedFiles(app.storage);
  const limit = createRateLimit(app.config, {
    name: "download",
    points: app.config.DOWNLOAD_RATE_LIMIT_PER_MINUTE,
    durationSeconds: 60,
  });

  /** The watermarked PNG of a picture, made from the stored sticker. */
  async function watermarked(picId: string): Promise<Buffer> {
    const file = await app.storage.get(stickerImageKeys(picId).png);
    if (!file) throw new AppError("NOT_FOUND");
    return watermarkSticker(file.body, domain);
  }

  /** A file answer with its validator: 304 when the caller has it already. */
  function answer(c: Context<AppEnv>, body: Buffer, contentType: string, suffix: string, cacheControl: string) {
    const etag = etagOf(body);
    if (matchesEtag(c.req.header("if-none-match"), etag)) {
      return c.body(null, 304, { ETag: etag, "Cache-Control": cacheControl });
    }
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="ai-sticker-${Date.now()}${suffix}"`,
      "Content-Length": String(body.length),
      ETag: etag,
      "Cache-Control": cacheControl,
    });
  }

  routes.get("/download/:picId", async (c) => {
    await limit.consume(clientAddressOf(c));
    const picId = c.req.param("picId");
    const access: FileAccess = await pictureAccess(app, c, picId, { stylePreviews: false });
    if (!access) throw new AppError("NOT_FOUND");
    const key = derivedFileKey(picId, "download", "png", domain);
    const body = await derived.load(key, "image/png", () => watermarked(picId));
    return answer(c, body, "image/png", ".png", access === "public" ? PUBLIC_DOWNLOAD_CACHE : OWNER_FILE_CACHE);
  });

  const motionDownloads = createMotionDownloads(app, domain);
  routes.get("/motion/:picId/:preset/:format", async (c) => {
    await limit.consume(clientAddressOf(c));
    const { picId, preset, format } = c.req.param();
    if (!isMotionPreset(preset) || !isMotionDownload(format)) throw new AppError("NOT_FOUND");
    const access = await motionAccess(app, c, picId, preset);
    if (!access) throw new AppError("NOT_FOUND");
    const body = await motionDownloads.load(picId, preset, format);
    const { contentType, extension } = MOTION_DOWNLOADS[format];
    return answer(c, body, contentType, `.${extension}`, access === "public" ? PUBLIC_DOWNLOAD_CACHE : OWNER_FILE_CACHE);
  });

  // One sticker's messenger files (decision 0043): the corner mark, none for a member.
  const stickerFiles = createStickerFiles(app);
  routes.get("/export/:picId/:name", async (c) => {
    await limit.consume(clientAddressOf(c));
    const { picId, name } = c.req.param();
    if (!isStickerFileName(name)) throw new AppError("NOT_FOUND");
    // The mark depends on who asks (members get none), so the session is read once, for both.
    const viewerId = await viewerIdOf(app, c);
    const access: FileAccess = await pictureAccess(app, c, picId, { stylePreviews: false, viewerId });
    if (!access) throw new AppError("NOT_FOUND");
    const mark = await messengerMarkFor(app.database.db, viewerId);
    const body = await stickerFiles.load(picId, name, mark);
    // A member's unmarked file is theirs alone: never kept where a visitor's request could find it.
    const shared = access === "public" && mark === "corner";
    return answer(c, body, contentTypeOf(name), `-${name}`, shared ? PUBLIC_DOWNLOAD_CACHE : OWNER_FILE_CACHE);
  });

  return routes;
}
