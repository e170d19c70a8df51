/**
 * GET /files/:key: a stored file by its name, to whoever may see it (file-access.ts). Public files
 * carry a year-long immutable cache; an owner's private file is never stored; anything else is
 * NOT_FOUND, so a private file is indistinguishable from none. A picture's 160 px WebP missing from
 * storage (a picture older than that variant), and the motion picker's preview of a picture
 * (decision 0041), are made on their first allowed request and kept. Every error under /files is the
 * envelope with `Cache-Control: no-store` (`respondWithFileError`).
 */
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { createMotionPreviews } from "../motion/motion-previews.ts";
import { STORAGE_KEY_PATTERN } from "../storage/storage.ts";
import { cacheControlOf, respondWithFileError, storedFileAccess } from "./file-access.ts";
import { createSmallThumbnails } from "./small-thumbnails.ts";

/** Mount with `server.route("/files", storedFileRoutes(app))`, after the download routes (its catch-all comes last). */
export function storedFileRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithFileError(c, error));
  const files = createSmallThumbnails(app.storage);
  const previews = createMotionPreviews(app);

  routes.get("/:key", async (c) => {
    const key = c.req.param("key");
    const access = STORAGE_KEY_PATTERN.test(key) ? await storedFileAccess(app, c, key) : null;
    // Only after access is granted: a missing small thumbnail is made here (decision 0023).
    // So is the motion picker's preview of a picture (decision 0041).
    const file = access ? ((await files.load(key)) ?? (await previews.load(key, clientAddressOf(c)))) : null;
    if (!access || !file) throw new AppError("NOT_FOUND");
    return c.body(new Uint8Array(file.body), 200, {
      "Content-Type": file.contentType,
      "Cache-Control": cacheControlOf(access),
      "Content-Length": String(file.body.length),
    });
  });

  // Anything else under /files (another depth, the bare folder, another method) answers the same
  // envelope as an unknown key, never a page: one shape for every file error.
  routes.all("*", (c) => {
    throw new AppError(c.req.method === "GET" || c.req.method === "HEAD" ? "NOT_FOUND" : "METHOD_NOT_ALLOWED");
  });

  return routes;
}
