/**
 * `POST /api/sticker/setLabels`: the owner's own emoji, keywords and alt text of a sticker (decision
 * 0042), each kept or sent back to automatic (null). People's text follows decision 0040: kept as sent
 * once it passes the rules of common/sticker-labels.ts, refused with a translated code otherwise.
 */
import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { Language } from "#common/languages.ts";
import {
  ALT_TEXT_MAX_LENGTH,
  LABEL_KEYWORD_MAX_LENGTH,
  LABEL_KEYWORDS_MAX,
  labelAltText,
  labelEmoji,
  labelKeywords,
  type StickerLabels,
} from "#common/sticker-labels.ts";
import type { Db } from "#server/db/client.ts";
import { stickers } from "#server/db/schema.ts";
import { changePublicContent } from "#server/pages/page-changes.ts";
import { readStickerLabels } from "./read-labels.ts";

/** What the owner sends: each label, or null for the automatic one. */
export interface LabelEdits {
  emoji: string[] | null;
  keywords: string[] | null;
  altText: string | null;
}

/** The edits as stored, or the code of the first that breaks its rule (STICKER_EMOJI_INVALID, …). */
export function checkedEdits(edits: LabelEdits): LabelEdits {
  const emoji = edits.emoji === null ? null : labelEmoji(edits.emoji);
  if (edits.emoji !== null && emoji === null) throw new AppError("STICKER_EMOJI_INVALID");
  const keywords = edits.keywords === null ? null : labelKeywords(edits.keywords);
  if (edits.keywords !== null && keywords === null)
    throw new AppError("STICKER_KEYWORDS_INVALID", undefined, {
      vars: { max: LABEL_KEYWORDS_MAX, limit: LABEL_KEYWORD_MAX_LENGTH },
    });
  const altText = edits.altText === null ? null : labelAltText(edits.altText);
  if (edits.altText !== null && altText === null)
    throw new AppError("STICKER_ALT_TEXT_INVALID", undefined, { vars: { limit: ALT_TEXT_MAX_LENGTH } });
  return { emoji, keywords, altText };
}

/**
 * Stores the owner's labels of their sticker and answers them as shown, in `language`. Another's
 * sticker is NOT_FOUND, as an unknown id (decision 0033). A public sticker's pages read differently
 * now: the same transaction names it on the page-change channel, so every process drops the visitors'
 * pages that show it (its page, the packs it is in) once the change has committed (decision 0021).
 */
export async function setStickerLabels(
  db: Db,
  o: { userId: number; stickerInstId: string; language: Language } & LabelEdits,
): Promise<StickerLabels> {
  const edits = checkedEdits(o);
  const stickerId = await changePublicContent(db, async (tx) => {
    const [row] = await tx
      .update(stickers)
      .set({ emoji: edits.emoji, keywords: edits.keywords, altText: edits.altText })
      .where(and(eq(stickers.stickerInstId, o.stickerInstId), eq(stickers.ownerId, o.userId)))
      .returning({ id: stickers.id, visibility: stickers.visibility, hiddenAt: stickers.hiddenAt });
    if (!row) throw new AppError("NOT_FOUND");
    const shown = row.visibility === "public" && row.hiddenAt === null;
    return { value: row.id, change: shown ? { stickers: [o.stickerInstId], packs: [] } : null };
  });
  const labels = (await readStickerLabels(db, [stickerId], o.language)).get(stickerId);
  if (!labels) throw new AppError("NOT_FOUND"); // deleted since
  return labels;
}
