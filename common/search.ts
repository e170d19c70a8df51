/** Shapes and limits of gallery search and tag pages (decision 0030), for server and page. */

/** A query longer than this is refused (SEARCH_QUERY_TOO_LONG): no sticker prompt needs more to be found. */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Search answers the best this many stickers (10 pages of 24); deeper than that a query is better refined, and a cap keeps a common word as quick as a rare one (decision 0030). */
export const SEARCH_RESULT_CAP = 240;

export type { SearchPage, SubjectTag } from "./api/gallery.ts";

/** A tag page's path segment: the slug as stored (lower-case ASCII words joined by "-"). */
export const TAG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
