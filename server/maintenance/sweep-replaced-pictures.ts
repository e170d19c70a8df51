/**
 * Pictures an edit or a restore took off a sticker (decision 0047): served for REPLACED_PICTURE_GRACE_MS
 * to pages opened before the change, then forgotten. Past the grace each note goes; its picture goes too
 * when no sticker uses it any more (a later restore or the same drawing elsewhere keeps it), its files
 * queued in `files_to_delete` for the queued-files sweep that runs next.
 */
import { and, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { filesToDelete, replacedPictures } from "../db/schema.ts";
import { removeUnusedPictures } from "../stickers/unused-pictures.ts";

/** Notes read and settled in one transaction. */
const BATCH = 200;

export interface ReplacedPicturesSweep {
  /** Pictures no sticker used: rows deleted, files queued. */
  removed: number;
  /** Pictures past their grace that a sticker still uses (or another note still holds): only the note went. */
  kept: number;
}

export async function sweepReplacedPictures(db: Db, olderThan: Date, signal?: AbortSignal): Promise<ReplacedPicturesSweep> {
  const result: ReplacedPicturesSweep = { removed: 0, kept: 0 };
  for (;;) {
    if (signal?.aborted) break;
    const settled = await db.transaction(async (tx) => {
      const notes = await tx
        .select({ picId: replacedPictures.picId, stickerId: replacedPictures.stickerId })
        .from(replacedPictures)
        .where(lt(replacedPictures.replacedAt, olderThan))
        .limit(BATCH);
      if (notes.length === 0) return 0;
      const picIds = [...new Set(notes.map((note) => note.picId))];
      // A note written again since (the same picture replaced anew) is younger, and stays.
      await tx
        .delete(replacedPictures)
        .where(and(inArray(replacedPictures.picId, picIds), lt(replacedPictures.replacedAt, olderThan)));
      // A picture another sticker replaced more recently keeps its note, and so its grace.
      const stillNoted = new Set(
        (
          await tx.select({ picId: replacedPictures.picId }).from(replacedPictures).where(inArray(replacedPictures.picId, picIds))
        ).map((row) => row.picId),
      );
      const { ids, keys } = await removeUnusedPictures(
        tx,
        picIds.filter((id) => !stillNoted.has(id)),
      );
      result.removed += ids.length;
      result.kept += picIds.length - ids.length;
      if (keys.length > 0) {
        const queuedAt = new Date();
        await tx
          .insert(filesToDelete)
          .values(keys.map((key) => ({ key, queuedAt })))
          .onConflictDoNothing();
      }
      return notes.length;
    });
    if (settled < BATCH) break;
  }
  return result;
}
