/**
 * `GET /files/edit-preview/:stickerInstId?e=<settings>`: the owner's sticker as the editor's settings
 * would draw it (decision 0047), a WebP never stored nor kept by any cache. Anyone else's sticker, and
 * settings that do not parse, are refused as the calls refuse them.
 */
import { Hono } from "hono";
import sharp from "sharp";
import { stickerEditInput } from "#common/api/stickers.ts";
import { AppError } from "#common/errors.ts";
import { decodeEdit } from "#common/sticker-edit.ts";
import type { AppContext } from "#server/context.ts";
import { respondWithFileError, viewerIdOf } from "#server/files/file-access.ts";
import type { AppEnv } from "#server/http/env.ts";
import { stickerEditLimit } from "./calls.ts";
import { previewStickerEdit } from "./edit-sticker.ts";

export function editPreviewRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithFileError(c, error));
  const edits = stickerEditLimit(app);
  routes.get("/edit-preview/:stickerInstId", async (c) => {
    const viewerId = await viewerIdOf(app, c);
    if (viewerId === null) throw new AppError("AUTH_ERROR");
    let settings: unknown;
    try {
      settings = decodeEdit(c.req.query("e") ?? "");
    } catch {
      throw new AppError("INVALID_INPUT");
    }
    const parsed = stickerEditInput.safeParse(settings);
    if (!parsed.success) throw new AppError("INVALID_INPUT");
    await edits.consume(`${viewerId}`);
    const png = await previewStickerEdit(app, viewerId, c.req.param("stickerInstId"), parsed.data);
    const webp = await sharp(png).webp({ quality: 90, alphaQuality: 100 }).toBuffer();
    return c.body(new Uint8Array(webp), 200, { "Content-Type": "image/webp", "Cache-Control": "private, no-store" });
  });
  return routes;
}
