/**
 * Whether a picture may go into an iMessage sticker pack (rules.ts, iMessage): a PNG, APNG, GIF or
 * JPEG, square at one of the grid sizes (300, 408 or 618 px), under 500 KB counted in thousands.
 * Every breach of the file, none when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, type PictureRule, squareOneOf } from "./check-picture.ts";
import { IMESSAGE_STICKER_EDGES_PX, IMESSAGE_STICKER_MAX_BYTES } from "./rules.ts";

const STICKER: PictureRule = {
  what: "iMessage sticker",
  formats: ["PNG", "APNG", "GIF", "JPEG"],
  maxBytes: IMESSAGE_STICKER_MAX_BYTES,
  edge: squareOneOf(IMESSAGE_STICKER_EDGES_PX),
  motion: null,
};

export function checkIMessageSticker(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, STICKER);
}
