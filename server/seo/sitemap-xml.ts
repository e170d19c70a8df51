import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "#common/languages.ts";
import { packSlug } from "#common/packs.ts";
import { stickerSlug } from "#common/stickers.ts";
import { buildEach, type SkippedItem } from "../skipped-items.ts";

/** The public pages every language has (spec §2), without language prefix. */
const SITEMAP_PAGES = ["/", "/stickers/explore", "/stickers/latest", "/stickers/popular", "/pricing"] as const;

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** English at the root, the others under /{lang}; a language's home is "/{lang}" (no trailing slash). */
function localizedUrl(origin: string, language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return `${origin}${path}`;
  return `${origin}/${language}${path === "/" ? "" : path}`;
}

/** The 14 hreflang alternates of a path plus x-default (English). */
function alternates(origin: string, path: string): string {
  const links = LANGUAGES.map(
    (language) =>
      `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(localizedUrl(origin, language, path))}"/>\n`,
  );
  links.push(
    `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(localizedUrl(origin, DEFAULT_LANGUAGE, path))}"/>\n`,
  );
  return links.join("");
}

export function sitemapIndexXml(locations: string[]): string {
  const entries = locations.map((loc) => `  <sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join("");
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/** Every public page in every language, each with its alternates. */
export function pagesSitemapXml(origin: string): string {
  const entries = SITEMAP_PAGES.flatMap((path) =>
    LANGUAGES.map(
      (language) =>
        `  <url>\n    <loc>${escapeXml(localizedUrl(origin, language, path))}</loc>\n${alternates(origin, path)}  </url>\n`,
    ),
  );
  return `${HEAD}${URLSET_OPEN}${entries.join("")}</urlset>\n`;
}

/** The detail page path of a sticker: /sticker/{instId}/{slug}, or without the slug when the name has none. */
export function stickerPath(sticker: { stickerInstId: string; name: string }): string {
  const slug = stickerSlug(sticker.name);
  const id = encodeURIComponent(sticker.stickerInstId);
  return slug ? `/sticker/${id}/${encodeURIComponent(slug)}` : `/sticker/${id}`;
}

/** Sticker detail pages at their English URL, with alternates in all 14 languages. */
export function stickersSitemapXml(
  origin: string,
  list: { stickerInstId: string; name: string; createdAt: Date }[],
  skipped: SkippedItem,
): string {
  const entries = buildEach(
    list,
    (sticker) => sticker.stickerInstId,
    (sticker) => {
      const path = stickerPath(sticker);
      const lastmod = sticker.createdAt.toISOString().slice(0, 10);
      return `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${alternates(origin, path)}  </url>\n`;
    },
    skipped,
  );
  return `${HEAD}${URLSET_OPEN}${entries.join("")}</urlset>\n`;
}

/** A pack's page path: /pack/{packId}/{slug}, or without the slug when the name has none. */
export function packPath(pack: { packId: string; name: string }): string {
  const slug = packSlug(pack.name);
  const id = encodeURIComponent(pack.packId);
  return slug ? `/pack/${id}/${encodeURIComponent(slug)}` : `/pack/${id}`;
}

/** Public pack pages at their English URL, with alternates in all 14 languages. */
export function packsSitemapXml(
  origin: string,
  list: { packId: string; name: string; updatedAt: Date }[],
  skipped: SkippedItem,
): string {
  const entries = buildEach(
    list,
    (pack) => pack.packId,
    (pack) => {
      const path = packPath(pack);
      const lastmod = pack.updatedAt.toISOString().slice(0, 10);
      return `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${alternates(origin, path)}  </url>\n`;
    },
    skipped,
  );
  return `${HEAD}${URLSET_OPEN}${entries.join("")}</urlset>\n`;
}

/** The subject tags' pages (decision 0030), each with its 14 language alternates. */
export function tagsSitemapXml(origin: string, slugs: string[], skipped: SkippedItem): string {
  const entries = buildEach(
    slugs,
    (slug) => slug,
    (slug) => {
      const path = `/tag/${encodeURIComponent(slug)}`;
      return `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n${alternates(origin, path)}  </url>\n`;
    },
    skipped,
  );
  return `${HEAD}${URLSET_OPEN}${entries.join("")}</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
