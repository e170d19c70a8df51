import { randomBytes } from "node:crypto";
import { singleEmoji } from "#common/emoji.ts";
import { AppError } from "#common/errors.ts";
import { shownName } from "#common/names.ts";
import { PACK_EMOJI_MAX, PACK_EMOJI_MIN, PACK_NAME_MAX_LENGTH } from "#common/packs.ts";

/** A new public pack id: 16 URL-safe characters, like a sticker's `stickerInstId` (decision 0024). */
export function newPackId(): string {
  return randomBytes(12).toString("base64url");
}

/** A pack's name as stored: trimmed, 1..PACK_NAME_MAX_LENGTH characters, something visible, no control characters (`shownName`). */
export function packName(raw: string): string {
  const name = shownName(raw, PACK_NAME_MAX_LENGTH);
  if (name === null) throw new AppError("PACK_NAME_INVALID");
  return name;
}

/** A sticker's emoji in a pack: 1..3 single emoji graphemes, repeats dropped, else PACK_EMOJI_INVALID. */
export function packEmoji(raw: string[]): string[] {
  const out: string[] = [];
  for (const item of raw) {
    const emoji = singleEmoji(item);
    if (emoji === null) throw new AppError("PACK_EMOJI_INVALID");
    if (!out.includes(emoji)) out.push(emoji);
  }
  if (out.length < PACK_EMOJI_MIN || out.length > PACK_EMOJI_MAX) throw new AppError("PACK_EMOJI_INVALID");
  return out;
}
