/** Shapes of the sticker calls (spec §3, §7), shared by the server, the loaders and the page. */

import { cutToWholeCharacters } from "./text.ts";

export type { PromptItem, TipPage } from "./api/gallery.ts";
export type { StickerDetail, StickerListItem, StickerPage } from "./api/stickers.ts";

/** The list tabs of spec §2; explore/latest/popular are public, stickers/favorites need sign-in. */
export const STICKER_TABS = ["explore", "latest", "popular", "stickers", "favorites"] as const;
export type StickerTab = (typeof STICKER_TABS)[number];
export const PUBLIC_TABS: readonly StickerTab[] = ["explore", "latest", "popular"];

/** Card backgrounds (spec §3: bgColor from a 15-colour palette, assigned on the client). */
export const CARD_PALETTE = [
  "#FDE2E4",
  "#FAD2E1",
  "#E2ECE9",
  "#BEE1E6",
  "#F0EFEB",
  "#DFE7FD",
  "#CDDAFD",
  "#FFF1E6",
  "#EAE4E9",
  "#FDE8C8",
  "#E8F5D0",
  "#D7F0F5",
  "#F3E1F7",
  "#FFF8C9",
  "#E6DCCD",
] as const;

/** A sticker made from a prompt is named by it, shortened past this many characters (grapheme clusters). */
export const STICKER_NAME_MAX_CHARACTERS = 80;

/** How long a slug may be, in UTF-16 units (what `String.length` counts). */
export const SLUG_MAX_UNITS = 60;

/**
 * Visibility changes one user may make per minute (RATE_LIMITED past it): a sticker leaving the
 * public pages drops the pages that show it in every process (decision 0021), so one account cannot
 * keep the visitors' pages uncached by toggling.
 */
export const VISIBILITY_CHANGES_PER_MINUTE = 30;

/** A URL-safe slug of a sticker's name for /sticker/{instId}/{name}; empty when nothing is left. */
export function stickerSlug(name: string): string {
  const slug = name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/["'`’“”«»]/g, "")
    // Marks stay with their letter (Devanagari, Bengali and Arabic words are not split at their vowel signs).
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+/, "");
  // The end is trimmed after the cut, which may itself end on a separator.
  return cutToWholeCharacters(slug, SLUG_MAX_UNITS).replace(/-+$/, "");
}
