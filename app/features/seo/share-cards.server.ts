/** The address of a pack's or sticker's share card, for the pages' meta (decision 0050; server/share-cards/). */
export { shareCardPath } from "#server/share-cards/share-cards.ts";
