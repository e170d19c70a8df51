import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_BYTES = 1024;

/**
 * Brotli (quality 4: fast enough per request) or gzip for dynamic text responses. Static assets are
 * compressed once at build time and served precompressed, so they skip this.
 */
export function compress(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    const type = response.headers.get("Content-Type") ?? "";
    const length = Number(response.headers.get("Content-Length") ?? Number.POSITIVE_INFINITY);
    if (
      !response.body ||
      response.headers.has("Content-Encoding") ||
      !COMPRESSIBLE.test(type) ||
      length < MIN_BYTES ||
      c.req.method === "HEAD"
    ) {
      return;
    }
    const accepted = c.req.header("Accept-Encoding") ?? "";
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (!encoding) return;
    const compressor =
      encoding === "br"
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 }, flush: constants.BROTLI_OPERATION_FLUSH })
        : createGzip({ flush: constants.Z_SYNC_FLUSH });
    const source = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
    const body = Readable.toWeb(source.pipe(compressor)) as ReadableStream;
    // Hono copies the previous response's headers onto a replacement, so adjust them afterwards.
    c.res = new Response(body, response);
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.delete("Content-Length");
    c.res.headers.append("Vary", "Accept-Encoding");
  };
}
