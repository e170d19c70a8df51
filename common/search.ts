/** Shapes and limits of gallery search and tag pages (decision 0030), for server and page. */
import type { StickerPage } from "./stickers.ts";

/** A query longer than this is refused (SEARCH_QUERY_TOO_LONG): no sticker prompt needs more to be found. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Search answers the best this many stickers (10 pages of 24); deeper than that a query is better refined, and a cap keeps a common word as quick as a rare one (decision 0030). */
export const SEARCH_RESULT_CAP = 240;

/** A subject tag as a page shows it: its URL slug and its name in the viewer's language. */
export interface SubjectTag {
  slug: string;
  name: string;
}

export interface SearchPage extends StickerPage {
  /** The subject tags the query named (in any language), best first: links to their tag pages. */
  tags: SubjectTag[];
}

/** A tag page's path segment: the slug as stored (lower-case ASCII words joined by "-"). */
export const TAG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
