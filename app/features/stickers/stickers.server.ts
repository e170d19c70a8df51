import type { Language } from "#common/languages.ts";
import type { StickerTab } from "#common/stickers.ts";
import { favoritedAmong, pageFavorites } from "#server/favorites/favorites.ts";
import { listPrompts, randomPrompts } from "#server/prompts/list-prompts.ts";
import { getSticker } from "#server/stickers/get-sticker.ts";
import { pageMyStickers } from "#server/stickers/own-stickers.ts";
import { listPublicStickers } from "#server/stickers/public-list-cache.ts";
import { recommendStickers } from "#server/stickers/recommend-stickers.ts";
import { listStyles } from "#server/styles/list-styles.ts";

export type { Language };
export {
  favoritedAmong,
  getSticker,
  listPrompts,
  listPublicStickers,
  listStyles,
  pageFavorites,
  pageMyStickers,
  randomPrompts,
  recommendStickers,
};

/** Which call serves a public tab (spec §7): explore = tag 2; popular = tag 1; latest = tag 1 by id. */
export function tabQuery(tab: StickerTab) {
  if (tab === "explore") return { tagId: 2 } as const;
  if (tab === "latest") return { tagId: 1, sortBy: "id" } as const;
  return { tagId: 1, sortBy: "popular" } as const;
}
