import { type Context, Hono } from "hono";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { countListedPacks, listPacksForSitemap } from "../packs/sitemap-packs.ts";
import { sitemapSubjectTags } from "../search/subject-tags.ts";
import type { SkippedItem } from "../skipped-items.ts";
import { countPublicStickers, listPublicStickerIdsForSitemap } from "../stickers/sitemap-stickers.ts";
import {
  packsSitemapXml,
  pagesSitemapXml,
  robotsTxt,
  sitemapIndexXml,
  stickersSitemapXml,
  tagsSitemapXml,
} from "./sitemap-xml.ts";

/**
 * Stickers per sitemap file. The protocol allows 50,000 URLs and 50 MB per file; each sticker entry
 * carries 15 alternate links (~1.9 KB), so 10,000 stickers keep a file near 19 MB.
 */
const STICKERS_PER_SITEMAP = 10_000;
/** Packs per sitemap file: the same entry size as a sticker's. */
const PACKS_PER_SITEMAP = 10_000;

/** An item a sitemap left out is logged with its id, under the request's id; the file still answers. */
function skippedIn(c: Context<AppEnv>, sitemap: string): SkippedItem {
  return (id, error) => c.var.log.warn({ err: error, sitemap, id }, "sitemap item left out: its entry could not be written");
}

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" };

/**
 * /sitemap.xml (an index), /sitemaps/pages.xml, /sitemaps/stickers-{n}.xml, /sitemaps/packs-{n}.xml, /sitemaps/tags.xml
 * and /robots.txt, absolute to PUBLIC_URL.
 */
export function seoRoutes(app: AppContext, options: { stickersPerFile?: number; packsPerFile?: number } = {}): Hono<AppEnv> {
  const perFile = options.stickersPerFile ?? STICKERS_PER_SITEMAP;
  const packsPerFile = options.packsPerFile ?? PACKS_PER_SITEMAP;
  const origin = app.config.PUBLIC_URL.replace(/\/+$/, "");
  const seo = new Hono<AppEnv>();

  seo.get("/robots.txt", (c) =>
    c.body(robotsTxt(origin), 200, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" }),
  );

  seo.get("/sitemap.xml", async (c) => {
    const [stickerCount, packCount, someTag] = await Promise.all([
      countPublicStickers(app.database.db),
      countListedPacks(app.database.db),
      sitemapSubjectTags(app.database.db, { limit: 1 }),
    ]);
    const files = Math.ceil(stickerCount / perFile);
    const packFiles = Math.ceil(packCount / packsPerFile);
    const locations = [
      `${origin}/sitemaps/pages.xml`,
      ...Array.from({ length: files }, (_, i) => `${origin}/sitemaps/stickers-${i + 1}.xml`),
      ...Array.from({ length: packFiles }, (_, i) => `${origin}/sitemaps/packs-${i + 1}.xml`),
      ...(someTag.length > 0 ? [`${origin}/sitemaps/tags.xml`] : []),
    ];
    return c.body(sitemapIndexXml(locations), 200, XML_HEADERS);
  });

  seo.get("/sitemaps/pages.xml", (c) => c.body(pagesSitemapXml(origin), 200, XML_HEADERS));

  // Subject tags with a public sticker (decision 0030): at most one per emoji concept, so one file.
  seo.get("/sitemaps/tags.xml", async (c) =>
    c.body(
      tagsSitemapXml(origin, await sitemapSubjectTags(app.database.db, { limit: 50_000 }), skippedIn(c, "tags")),
      200,
      XML_HEADERS,
    ),
  );

  seo.get("/sitemaps/:file{stickers-[1-9][0-9]{0,5}\\.xml}", async (c) => {
    const n = Number(c.req.param("file").slice("stickers-".length, -".xml".length));
    const list = await listPublicStickerIdsForSitemap(app.database.db, { offset: (n - 1) * perFile, limit: perFile });
    if (list.length === 0) return c.body("Not found", 404, { "Content-Type": "text/plain; charset=utf-8" });
    return c.body(stickersSitemapXml(origin, list, skippedIn(c, "stickers")), 200, XML_HEADERS);
  });

  seo.get("/sitemaps/:file{packs-[1-9][0-9]{0,5}\\.xml}", async (c) => {
    const n = Number(c.req.param("file").slice("packs-".length, -".xml".length));
    const list = await listPacksForSitemap(app.database.db, { offset: (n - 1) * packsPerFile, limit: packsPerFile });
    if (list.length === 0) return c.body("Not found", 404, { "Content-Type": "text/plain; charset=utf-8" });
    return c.body(packsSitemapXml(origin, list, skippedIn(c, "packs")), 200, XML_HEADERS);
  });

  return seo;
}
