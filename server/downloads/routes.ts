/**
 * Sticker downloads (spec §9) and messenger exports, mounted under /files:
 *   GET /files/download/:picId          the watermarked 512 px PNG
 *   GET /files/export/:picId/:target    telegram.png | telegram.webp | whatsapp.webp, watermarked too
 * A picture is served when one public sticker uses it, or one of the signed-in viewer's own; anything
 * else answers NOT_FOUND, so a private sticker of someone else is indistinguishable from none.
 */
import { and, eq, or } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import { stickers } from "../db/schema.ts";
import { stickerImageKeys } from "../generation/variants.ts";
import { sessionTokenOf } from "../http/api.ts";
import type { AppEnv } from "../http/env.ts";
import { respondWithError } from "../http/envelope.ts";
import { resolveSession } from "../sessions/resolve-session.ts";
import { exportForTelegram, exportForWhatsApp } from "./export.ts";
import { watermarkDomain, watermarkSticker } from "./watermark.ts";

const PIC_ID_PATTERN = /^[a-f0-9]{32}$/;

interface ExportTarget {
  suffix: string;
  contentType: string;
  encode(png: Buffer): Promise<Buffer>;
}

const EXPORT_TARGETS: Record<string, ExportTarget> = {
  "telegram.png": { suffix: "-telegram.png", contentType: "image/png", encode: (png) => exportForTelegram(png, "png") },
  "telegram.webp": { suffix: "-telegram.webp", contentType: "image/webp", encode: (png) => exportForTelegram(png, "webp") },
  "whatsapp.webp": { suffix: "-whatsapp.webp", contentType: "image/webp", encode: (png) => exportForWhatsApp(png) },
};

/** Download and export routes; mount with `server.route("/files", downloadRoutes(app))`. */
export function downloadRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithError(c, error));
  const domain = watermarkDomain(app.config.PUBLIC_URL);

  /** The stored PNG of a picture the caller may see, watermarked; NOT_FOUND otherwise. */
  async function watermarkedPicture(c: Context<AppEnv>, picId: string): Promise<Buffer> {
    if (!PIC_ID_PATTERN.test(picId)) throw new AppError("NOT_FOUND");
    const token = sessionTokenOf(c, app.config);
    const viewer = token ? await resolveSession(app.database.db, token) : null;
    const visible = viewer
      ? or(eq(stickers.visibility, "public"), eq(stickers.ownerId, viewer.userId))
      : eq(stickers.visibility, "public");
    const [row] = await app.database.db
      .select({ id: stickers.id })
      .from(stickers)
      .where(and(eq(stickers.picId, picId), visible))
      .limit(1);
    if (!row) throw new AppError("NOT_FOUND");
    const file = await app.storage.get(stickerImageKeys(picId).png);
    if (!file) throw new AppError("NOT_FOUND");
    return watermarkSticker(file.body, domain);
  }

  function attachment(c: Context<AppEnv>, body: Buffer, fileName: string, contentType: string) {
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Content-Length": String(body.length),
      // Per viewer (private stickers) and stamped with the time: never stored by caches.
      "Cache-Control": "private, no-store",
    });
  }

  routes.get("/download/:picId", async (c) => {
    const png = await watermarkedPicture(c, c.req.param("picId"));
    return attachment(c, png, `ai-sticker-${Date.now()}.png`, "image/png");
  });

  routes.get("/export/:picId/:target", async (c) => {
    const target = Object.hasOwn(EXPORT_TARGETS, c.req.param("target")) ? EXPORT_TARGETS[c.req.param("target")] : undefined;
    if (!target) throw new AppError("NOT_FOUND");
    const png = await watermarkedPicture(c, c.req.param("picId"));
    return attachment(c, await target.encode(png), `ai-sticker-${Date.now()}${target.suffix}`, target.contentType);
  });

  return routes;
}
