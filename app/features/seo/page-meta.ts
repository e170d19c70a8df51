import type { MetaDescriptor } from "react-router";
import { basePathOf, stripLanguagePrefix } from "#app/i18n/language-of-path.ts";
import { metaTranslate } from "#app/i18n/meta.ts";
import { LANGUAGES } from "#common/languages.ts";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

export interface PageMetaOptions {
  matches: Matches;
  location: { pathname: string; search?: string };
  /** Literal text, or a catalog key when `translate` is set. */
  title: string;
  description: string;
  translate?: boolean;
  /**
   * Absolute or site-relative image for Open Graph / Twitter cards: a SHARE_IMAGE-sized share card
   * (decision 0050); the site's default card when absent.
   */
  image?: string | null | undefined;
  imageAlt?: string | undefined;
  noindex?: boolean;
  /** Overrides the canonical path (without language prefix), e.g. the sticker's slugged URL. */
  canonicalPath?: string;
}

/** Every page's social picture is a card of this size: the default one and the share cards (decision 0050). */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

interface RootData {
  origin?: string;
  language?: string;
}

/**
 * Title, description, canonical URL, hreflang alternates for all 14 languages (x-default English)
 * and Open Graph / Twitter cards: every page's head.
 */
export function pageMeta(options: PageMetaOptions): MetaDescriptor[] {
  const root = options.matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  const origin = root?.origin ?? "";
  const language = root?.language ?? "en";
  const title = options.translate ? metaTranslate(options.matches, options.title) : options.title;
  const description = options.translate ? metaTranslate(options.matches, options.description) : options.description;
  const path = options.canonicalPath ?? stripLanguagePrefix(options.location.pathname);
  const urlFor = (lang: (typeof LANGUAGES)[number]) => `${origin}${basePathOf(lang)}${path === "/" && lang !== "en" ? "" : path}`;
  const canonical = urlFor(language as (typeof LANGUAGES)[number]);
  const image = options.image
    ? options.image.startsWith("http")
      ? options.image
      : `${origin}${options.image}`
    : `${origin}/og-image.png`;
  return [
    { title },
    { name: "description", content: description },
    ...(options.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: canonical },
    ...LANGUAGES.map((lang) => ({ tagName: "link", rel: "alternate", hrefLang: lang, href: urlFor(lang) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlFor("en") },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Sticker Studio" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    ...(options.imageAlt ? [{ property: "og:image:alt", content: options.imageAlt }] : []),
    { property: "og:locale", content: language.replace("-", "_") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
