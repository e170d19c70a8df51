/**
 * What a sticker that moves is made of (decision 0041): the finished picture, and, where the generator
 * kept them apart, its subject and its caption as separate layers so they can move separately.
 */
export interface StickerLayers {
  /** The finished sticker, 512×512 RGBA PNG: frame 0 of every preset, and what a plain picture moves as. */
  whole: Buffer;
  /** Where the sticker has them: the subject without its caption and the caption alone, each a finished 512×512 RGBA PNG
   *  (outline included) that over each other make `whole` (near enough). A plain picture (old or hosted sticker) has neither. */
  subject?: Buffer;
  caption?: Buffer;
  /** The caption's writing direction, so "type" reveals it in reading order (Arabic right to left). */
  captionDirection?: "ltr" | "rtl";
  /**
   * A messenger file's mark (server/exports/messenger-mark.ts): a 512×512 RGBA PNG drawn over every
   * frame where it stands, never moving with the art. Downloads have none (their watermark is printed on
   * the layers themselves).
   */
  mark?: Buffer;
}

/** The side of every sticker, and of the big motion files. */
export const STICKER_SIZE = 512;
