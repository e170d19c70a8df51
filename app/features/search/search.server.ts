/** What the search and tag pages' loaders read (decision 0030). */
import { eq } from "drizzle-orm";
import type { Language } from "#common/languages.ts";
import type { SubjectTag } from "#common/search.ts";
import type { Db } from "#server/db/client.ts";
import { stickers } from "#server/db/schema.ts";
import { searchStickers } from "#server/search/search-stickers.ts";
import { findSubjectTag, subjectTagsBySlugs, subjectTagsOfSticker } from "#server/search/subject-tags.ts";

export { findSubjectTag, searchStickers };

/** What an empty search page suggests: everyday subjects, those the gallery has. */
const SUGGESTED_SUBJECTS = ["cat", "dog", "panda", "unicorn", "pizza", "rocket", "rainbow", "ghost"];

export function suggestedTags(db: Db, language: Language): Promise<SubjectTag[]> {
  return subjectTagsBySlugs(db, SUGGESTED_SUBJECTS, language);
}

/** The subject tags of the sticker with this public id, named in `language` (its page's tag links). */
export async function subjectTagsOfStickerInst(db: Db, stickerInstId: string, language: Language): Promise<SubjectTag[]> {
  const [row] = await db.select({ id: stickers.id }).from(stickers).where(eq(stickers.stickerInstId, stickerInstId));
  return row ? subjectTagsOfSticker(db, row.id, language) : [];
}
