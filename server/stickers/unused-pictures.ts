/**
 * Pictures no sticker, edited sticker's original or style preview uses any more: their rows deleted
 * and every storage key they may have left returned, for `files_to_delete` (decision 0037). A picture
 * is its content's hash, so two stickers may share one: only the unused ones go. Used by account
 * deletion and by the sweep of pictures an edit replaced (decision 0047).
 */
import { and, eq, inArray, notExists } from "drizzle-orm";
import { pictures, stickers, styles } from "#server/db/schema.ts";
import { stickerImageKeys } from "#server/generation/index.ts";
import { motionFileKeysOf } from "#server/motion/motion-keys.ts";
import type { Tx } from "#server/pages/page-changes.ts";

/** Ids sent to the database at once (a statement takes at most 65,535 parameters). */
const CHUNK = 1000;

export async function removeUnusedPictures(tx: Tx, picIds: readonly string[]): Promise<{ ids: string[]; keys: string[] }> {
  const keys = new Set<string>();
  const removed: string[] = [];
  const ids = [...new Set(picIds)];
  for (let at = 0; at < ids.length; at += CHUNK) {
    const unused = await tx
      .delete(pictures)
      .where(
        and(
          inArray(pictures.id, ids.slice(at, at + CHUNK)),
          notExists(tx.select({ id: stickers.id }).from(stickers).where(eq(stickers.picId, pictures.id))),
          notExists(tx.select({ id: stickers.id }).from(stickers).where(eq(stickers.originalPicId, pictures.id))),
          notExists(tx.select({ id: styles.id }).from(styles).where(eq(styles.previewPicId, pictures.id))),
        ),
      )
      .returning({ id: pictures.id, pngKey: pictures.pngKey, thumbKey: pictures.thumbKey });
    for (const picture of unused) {
      removed.push(picture.id);
      const variants = stickerImageKeys(picture.id);
      for (const key of [picture.pngKey, picture.thumbKey, variants.png, variants.thumb, variants.small]) keys.add(key);
      // Its layers (the editable art among them) and whatever moving files were made of it (decision 0041).
      for (const key of motionFileKeysOf(picture.id)) keys.add(key);
    }
  }
  return { ids: removed, keys: [...keys] };
}
