import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { Hono } from "hono";
import { type Catalog, catalogs } from "#common/i18n/catalogs.ts";
import { LANGUAGES, type Language } from "#common/languages.ts";
import { PUBLIC_FILE_CACHE } from "../files/file-access.ts";
import { type ContentEncoding, encodingFor } from "../http/envelope.ts";
import { matchesEtag } from "../http/if-none-match.ts";

/**
 * Each language's catalog as a file of its own (decision 0055), named after its content
 * (`/assets/catalog-<language>-<hash>.json`) and cached for a year: a page names it instead of carrying
 * the catalog in its route data, so the browser loads it once per language and every later page (and
 * the service worker, which keeps `/assets/`) reuses it. Made from the catalogs in memory, so every
 * process of one deploy names the same file, with or without a build.
 */
interface CatalogFile {
  name: string;
  body: Buffer;
  etag: string;
  /** Made once per process, at brotli's highest quality (API answers use a fast one). */
  compressed: Partial<Record<ContentEncoding, Buffer>>;
}

const files = new Map<Language, CatalogFile>();

function catalogFile(language: Language): CatalogFile {
  let file = files.get(language);
  if (!file) {
    const body = Buffer.from(JSON.stringify(catalogs[language] satisfies Catalog));
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
    file = { name: `catalog-${language}-${hash}.json`, body, etag: `"${hash}"`, compressed: {} };
    files.set(language, file);
  }
  return file;
}

/** Where a page's browser loads the catalog of its language. */
export function catalogAddressOf(language: Language): string {
  return `/assets/${catalogFile(language).name}`;
}

function compressedBody(file: CatalogFile, encoding: ContentEncoding): Buffer {
  file.compressed[encoding] ??=
    encoding === "br"
      ? brotliCompressSync(file.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(file.body, { level: 9 });
  return file.compressed[encoding];
}

/** `GET /assets/catalog-…json`: the current catalog files; an older name falls through to the missing-asset 404. */
export function catalogFileRoutes(): Hono {
  const byName = new Map(LANGUAGES.map((language) => [catalogFile(language).name, catalogFile(language)]));
  const routes = new Hono();
  routes.get("/assets/:name{catalog-[A-Za-z-]+-[0-9a-f]{12}\\.json}", (c, next) => {
    const file = byName.get(c.req.param("name"));
    if (!file) return next();
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": PUBLIC_FILE_CACHE,
      ETag: file.etag,
      Vary: "Accept-Encoding",
    };
    if (matchesEtag(c.req.header("If-None-Match"), file.etag)) return c.body(null, 304, headers);
    const encoding = encodingFor(c.req.header("Accept-Encoding"));
    if (!encoding) return c.body(new Uint8Array(file.body), 200, headers);
    return c.body(new Uint8Array(compressedBody(file, encoding)), 200, { ...headers, "Content-Encoding": encoding });
  });
  return routes;
}
