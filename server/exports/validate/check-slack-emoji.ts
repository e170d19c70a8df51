/**
 * Whether a picture may be uploaded as a Slack custom emoji (rules.ts, Slack): a square PNG, GIF or
 * JPEG no larger than 128×128, within 128 KB counted in thousands. Every breach of the file, none
 * when it passes.
 */
import type { Breach } from "./breach.ts";
import { checkPicture, type PictureRule, squareAtMost } from "./check-picture.ts";
import { SLACK_EMOJI_MAX_BYTES, SLACK_EMOJI_MAX_EDGE_PX } from "./rules.ts";

const EMOJI: PictureRule = {
  what: "Slack emoji",
  formats: ["PNG", "GIF", "JPEG"],
  maxBytes: SLACK_EMOJI_MAX_BYTES,
  edge: squareAtMost(SLACK_EMOJI_MAX_EDGE_PX),
  motion: null,
};

export function checkSlackEmoji(bytes: Uint8Array): Breach[] {
  return checkPicture(bytes, EMOJI);
}
