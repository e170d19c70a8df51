/**
 * Pack exports (decision 0025), mounted under /files next to the sticker downloads:
 *   GET /files/pack/:packId/:target     a target of server/exports/pack-layouts.ts (?lang= picks the read-me's
 *                                       and the words' language; ?size= iMessage's grid); originals: owner only
 * A private pack is its owner's only; anyone else gets NOT_FOUND, as for no pack at all. Every client
 * may ask DOWNLOAD_RATE_LIMIT_PER_MINUTE times a minute, as for downloads (decision 0014); a signed-in
 * user PACK_EXPORT_RATE_LIMIT_PER_USER times from any address, and one pack is asked for at most
 * PACK_EXPORT_RATE_LIMIT_PER_PACK times a minute by everyone together (decision 0034).
 */
import { Hono } from "hono";
import { AppError } from "#common/errors.ts";
import { isIMessageSize, isPackExportTarget } from "#common/exports.ts";
import { isLanguage } from "#common/languages.ts";
import type { AppContext } from "../context.ts";
import { messengerMarkFor } from "../exports/viewer-mark.ts";
import { respondWithFileError, viewerIdOf } from "../files/file-access.ts";
import { clientAddressOf } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { matchesEtag } from "../http/if-none-match.ts";
import { createRateLimit } from "../rate-limit.ts";
import { createPackExports } from "./export-pack.ts";

/** A pack id as the URL carries it; anything else cannot name a pack. */
const PACK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The parts one after another, without copying them into one buffer. */
function streamOf(parts: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[next];
      next += 1;
      if (part === undefined) controller.close();
      else controller.enqueue(part);
    },
  });
}

/** Pack export routes; mount with `server.route("/files", packExportRoutes(app))`. */
export function packExportRoutes(app: AppContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.onError((error, c) => respondWithFileError(c, error));
  const exports = createPackExports(app);
  const limit = createRateLimit(app.config, {
    name: "pack-export",
    points: app.config.DOWNLOAD_RATE_LIMIT_PER_MINUTE,
    durationSeconds: 60,
  });
  // An address is cheap to change: a signed-in user and a pack are counted too (decision 0034).
  const userLimit = createRateLimit(app.config, {
    name: "pack-export-user",
    points: app.config.PACK_EXPORT_RATE_LIMIT_PER_USER,
    durationSeconds: 60,
  });
  const packLimit = createRateLimit(app.config, {
    name: "pack-export-pack",
    points: app.config.PACK_EXPORT_RATE_LIMIT_PER_PACK,
    durationSeconds: 60,
  });

  routes.get("/pack/:packId/:target", async (c) => {
    await limit.consume(clientAddressOf(c));
    const packId = c.req.param("packId");
    const target = c.req.param("target");
    if (!PACK_ID_PATTERN.test(packId) || !isPackExportTarget(target)) throw new AppError("NOT_FOUND");
    const lang = c.req.query("lang");
    const language = isLanguage(lang) ? lang : c.var.language;
    const viewerId = await viewerIdOf(app, c);
    if (viewerId !== null) await userLimit.consume(String(viewerId));
    const size = c.req.query("size");
    const request = {
      target,
      language,
      size: isIMessageSize(size) ? size : undefined,
      mark: await messengerMarkFor(app.database.db, viewerId),
    };
    const file = await exports.prepare(packId, viewerId, request, (id, error) =>
      c.var.log.warn(
        { err: error, packId, target, stickerId: id },
        "pack export sticker left out: its picture could not be read",
      ),
    );
    // Counted once the pack is known to exist for this caller: unknown ids take no place in the limiter.
    await packLimit.consume(packId);
    const headers = { ETag: file.etag, "Cache-Control": file.cacheControl };
    if (matchesEtag(c.req.header("if-none-match"), file.etag)) return c.body(null, 304, headers);
    const { parts, partial } = await file.body();
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    return c.body(streamOf(parts), 200, {
      // A file missing a sticker is this answer's only: the next download tries that sticker again.
      ...(partial ? { "Cache-Control": "no-store" } : headers),
      "Content-Type": file.contentType,
      "Content-Disposition": file.disposition,
      "Content-Length": String(length),
    });
  });

  return routes;
}
