/**
 * Sticker downloads (spec §9) and messenger exports, mounted under /files:
 *   GET /files/download/:picId          the watermarked 512 px PNG
 *   GET /files/export/:picId/:target    telegram.png | telegram.webp | whatsapp.webp, watermarked too
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
import { type FileAccess, motionAccess, OWNER_FILE_CACHE, pictureAccess, respondWithFileError } from "../files/file-access.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { matchesEtag } from "../http/if-none-match.ts";
import { createMotionDownloads, isMotionDownload, MOTION_DOWNLOADS } from "../motion/motion-downloads.ts";
import { createRateLimit } from "../rate-limit.ts";
import { createDerivedFiles, type DerivedVariant, derivedFileKey, etagOf } from "./derived-files.ts";
import { exportForTelegram, exportForWhatsApp } from "./export.ts";
import { watermarkDomain, watermarkSticker } from "./watermark.ts";

/**
 * A public sticker's download is the same for everyone: shared caches may keep it a day. Not a year:
 * the address stays when PUBLIC_URL (the watermark's text) changes.
 */
export const PUBLIC_DOWNLOAD_CACHE = "public, max-age=86400";

interface ExportTarget {
  variant: DerivedVariant;
  extension: "png" | "webp";
  contentType: string;
  encode(png: Buffer): Promise<Buffer>;
}

const DOWNLOAD: ExportTarget = {
  variant: "download",
  extension: "png",
  contentType: "image/png",
  encode: async (png) => png,
};

const EXPORT_TARGETS: Record<string, ExportTarget> = {
  "telegram.png": {
    variant: "telegram",
    extension: "png",
    contentType: "image/png",
    encode: (png) => exportForTelegram(png, "png"),
  },
  "telegram.webp": {
    variant: "telegram",
    extension: "webp",
    contentType: "image/webp",
    encode: (png) => exportForTelegram(png, "webp"),
  },
  "whatsapp.webp": { variant: "whatsapp", extension: "webp", contentType: "image/webp", encode: (png) => exportForWhatsApp(png) },
};

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

  /** Serves the derived file of a picture the caller may see; NOT_FOUND otherwise. */
  async function serve(c: Context<AppEnv>, picId: string, target: ExportTarget, suffix: string) {
    await limit.consume(clientAddressOf(c));
    const access: FileAccess = await pictureAccess(app, c, picId, { stylePreviews: false });
    if (!access) throw new AppError("NOT_FOUND");
    const key = derivedFileKey(picId, target.variant, target.extension, domain);
    const body = await derived.load(key, target.contentType, async () => target.encode(await watermarked(picId)));
    const etag = etagOf(body);
    const cacheControl = access === "public" ? PUBLIC_DOWNLOAD_CACHE : OWNER_FILE_CACHE;
    if (matchesEtag(c.req.header("if-none-match"), etag)) {
      return c.body(null, 304, { ETag: etag, "Cache-Control": cacheControl });
    }
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": target.contentType,
      "Content-Disposition": `attachment; filename="ai-sticker-${Date.now()}${suffix}"`,
      "Content-Length": String(body.length),
      ETag: etag,
      "Cache-Control": cacheControl,
    });
  }

  routes.get("/download/:picId", (c) => serve(c, c.req.param("picId"), DOWNLOAD, ".png"));

  const motionDownloads = createMotionDownloads(app, domain);
  routes.get("/motion/:picId/:preset/:format", async (c) => {
    await limit.consume(clientAddressOf(c));
    const { picId, preset, format } = c.req.param();
    if (!isMotionPreset(preset) || !isMotionDownload(format)) throw new AppError("NOT_FOUND");
    const access = await motionAccess(app, c, picId, preset);
    if (!access) throw new AppError("NOT_FOUND");
    const body = await motionDownloads.load(picId, preset, format);
    const etag = etagOf(body);
    const cacheControl = access === "public" ? PUBLIC_DOWNLOAD_CACHE : OWNER_FILE_CACHE;
    if (matchesEtag(c.req.header("if-none-match"), etag)) {
      return c.body(null, 304, { ETag: etag, "Cache-Control": cacheControl });
    }
    const { contentType, extension } = MOTION_DOWNLOADS[format];
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="ai-sticker-${Date.now()}.${extension}"`,
      "Content-Length": String(body.length),
      ETag: etag,
      "Cache-Control": cacheControl,
    });
  });

  routes.get("/export/:picId/:target", async (c) => {
    const name = c.req.param("target");
    const target = Object.hasOwn(EXPORT_TARGETS, name) ? EXPORT_TARGETS[name] : undefined;
    if (!target) {
      await limit.consume(clientAddressOf(c));
      throw new AppError("NOT_FOUND");
    }
    return serve(c, c.req.param("picId"), target, `-${name}`);
  });

  return routes;
}
