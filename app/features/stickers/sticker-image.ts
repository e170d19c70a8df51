/**
 * Right-sized sticker pictures (decision 0023): next to the 256 px WebP thumbnail, every picture has
 * a 160 px one, so a `srcset` lets the browser take the small one where 160 device pixels are enough
 * (a desktop grid card, a style preview) and the 256 px one on a phone's denser screen.
 */

const THUMB_SUFFIX = "-256.webp";

/** The 160 px WebP beside a `/files/{picId}-256.webp` thumbnail, or null for any other address. */
export function smallThumbUrl(thumbUrl: string): string | null {
  return thumbUrl.endsWith(THUMB_SUFFIX) ? `${thumbUrl.slice(0, -THUMB_SUFFIX.length)}-160.webp` : null;
}

/** The `srcset` of a thumbnail: both widths when the small one exists, else none (the `src` alone). */
export function thumbSrcSet(thumbUrl: string): string | undefined {
  const small = smallThumbUrl(thumbUrl);
  return small ? `${small} 160w, ${thumbUrl} 256w` : undefined;
}

/**
 * The drawn width of a grid card's picture (`StickerGrid`: 2 / 3 / 4 / 6 columns at 0 / 640 / 769 /
 * 1024 px, 16 px page padding, 12 px gaps, 8 px padding around the picture); at most 160 px on a
 * desktop, where the 1152 px page stops growing.
 */
export const CARD_IMAGE_SIZES =
  "(min-width: 1024px) 160px, (min-width: 769px) calc(25vw - 33px), (min-width: 640px) calc(33.3vw - 35px), calc(50vw - 38px)";
