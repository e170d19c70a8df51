/**
 * Editing a sticker after it is made, without points (decision 0047). The owner's settings redraw the
 * sticker from its original picture's editable art (or the finished original, where there is none):
 * a preview is drawn and answered, never stored; a save stores the new picture (a picture is its
 * content's hash), points the sticker at it and keeps the original's id, so lists, the page, packs and
 * exports all show the edit and "Restore the original" puts it back. Anyone else's sticker is NOT_FOUND.
 */
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { EditBase, StickerEdit } from "#common/sticker-edit.ts";
import { UNCHANGED_WHOLE } from "#common/sticker-edit.ts";
import type { AppContext } from "#server/context.ts";
import { type EditablePicture, pictures, replacedPictures, stickers, styles } from "#server/db/schema.ts";
import { editOfStyle, renderStickerEdit, storeStickerImages, styleOf } from "#server/generation/index.ts";
import { layerKeys } from "#server/motion/motion-keys.ts";
import { changePublicContent, type Tx } from "#server/pages/page-changes.ts";

/**
 * Notes the picture a change takes off the sticker: served to pages opened before for the grace, then
 * removed by the sweep when no sticker uses it (server/maintenance/sweep-replaced-pictures.ts).
 */
async function noteReplaced(tx: Tx, stickerId: number, picId: string, now = new Date()) {
  await tx
    .insert(replacedPictures)
    .values({ picId, stickerId, replacedAt: now })
    .onConflictDoUpdate({ target: [replacedPictures.picId, replacedPictures.stickerId], set: { replacedAt: now } });
}

/** For a picture row written again (the same drawing twice): the editable art it has, else the one given now. */
export const editableKeptOrGiven = sql`coalesce(${pictures.editable}, excluded.editable)`;

/** Stores a new picture's editable art under its id; the value of `pictures.editable`. */
export async function storeEditableArt(
  app: Pick<AppContext, "storage">,
  picId: string,
  editable: { art: Buffer; captionText: string | null },
): Promise<EditablePicture> {
  const key = layerKeys(picId).art;
  await app.storage.put(key, editable.art, "image/png");
  return { art: key, captionText: editable.captionText };
}

export interface StickerEditor {
  base: EditBase;
  /** The settings the sticker shows now: its saved edit, or those that draw the original. */
  edit: StickerEdit;
  /** The settings that draw the original (the editor's "reset"). */
  original: StickerEdit;
  edited: boolean;
  /** The original picture, for comparing. */
  originalImageUrl: string;
}

interface EditSource {
  stickerId: number;
  picId: string;
  originalPicId: string;
  edit: StickerEdit | null;
  styleKey: string | null;
  pngKey: string;
  editable: EditablePicture | null;
}

async function editSourceOf(app: AppContext, userId: number, stickerInstId: string): Promise<EditSource> {
  const originalPicId = sql<string>`coalesce(${stickers.originalPicId}, ${stickers.picId})`;
  const [row] = await app.database.db
    .select({
      stickerId: stickers.id,
      picId: stickers.picId,
      originalPicId,
      edit: stickers.edit,
      styleKey: styles.key,
      pngKey: pictures.pngKey,
      editable: pictures.editable,
    })
    .from(stickers)
    .innerJoin(pictures, eq(pictures.id, originalPicId))
    .leftJoin(styles, eq(styles.id, stickers.styleId))
    .where(and(eq(stickers.stickerInstId, stickerInstId), eq(stickers.ownerId, userId)));
  // Someone else's sticker answers as no sticker at all (decision 0033).
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

function styleFor(source: EditSource) {
  return styleOf(source.styleKey ?? "cartoon") ?? styleOf("cartoon")!;
}

function originalEdit(source: EditSource): { base: EditBase; original: StickerEdit } {
  if (!source.editable) return { base: "whole", original: UNCHANGED_WHOLE };
  return { base: "art", original: editOfStyle(styleFor(source), source.editable.captionText) };
}

export async function readStickerEditor(app: AppContext, userId: number, stickerInstId: string): Promise<StickerEditor> {
  const source = await editSourceOf(app, userId, stickerInstId);
  const { base, original } = originalEdit(source);
  return {
    base,
    edit: source.edit ?? original,
    original,
    edited: source.edit !== null && source.picId !== source.originalPicId,
    originalImageUrl: `/files/${source.pngKey}`,
  };
}

async function drawEdit(app: AppContext, source: EditSource, edit: StickerEdit): Promise<Buffer> {
  const key = source.editable?.art ?? source.pngKey;
  const stored = await app.storage.get(key);
  if (!stored) throw new AppError("NOT_FOUND", "the sticker's art is gone");
  return renderStickerEdit({ base: stored.body, kind: source.editable ? "art" : "whole", style: styleFor(source), edit });
}

/** The sticker as these settings would draw it, as a PNG; nothing stored. */
export async function previewStickerEdit(app: AppContext, userId: number, stickerInstId: string, edit: StickerEdit) {
  return drawEdit(app, await editSourceOf(app, userId, stickerInstId), edit);
}

/** Draws, stores and shows the edit; answers the sticker's new picture. */
export async function saveStickerEdit(
  app: AppContext,
  userId: number,
  stickerInstId: string,
  edit: StickerEdit,
): Promise<{ imageUrl: string; edited: true }> {
  const source = await editSourceOf(app, userId, stickerInstId);
  const png = await drawEdit(app, source, edit);
  const stored = await storeStickerImages(app.storage, png);
  await changePublicContent(app.database.db, async (tx) => {
    await tx
      .insert(pictures)
      .values({ id: stored.id, width: 512, height: 512, pngKey: stored.png, thumbKey: stored.thumb })
      .onConflictDoNothing();
    await tx
      .update(stickers)
      .set({ picId: stored.id, originalPicId: source.originalPicId, edit })
      .where(eq(stickers.id, source.stickerId));
    if (source.picId !== stored.id) await noteReplaced(tx, source.stickerId, source.picId);
    return { value: null, change: { stickers: [stickerInstId], packs: [] } };
  });
  return { imageUrl: `/files/${stored.png}`, edited: true };
}

/** Puts the original picture back; a sticker never edited is answered as it is. */
export async function restoreStickerOriginal(
  app: AppContext,
  userId: number,
  stickerInstId: string,
): Promise<{ imageUrl: string; edited: false }> {
  const source = await editSourceOf(app, userId, stickerInstId);
  if (source.picId !== source.originalPicId || source.edit !== null) {
    await changePublicContent(app.database.db, async (tx) => {
      await tx
        .update(stickers)
        .set({ picId: source.originalPicId, originalPicId: null, edit: null })
        .where(eq(stickers.id, source.stickerId));
      if (source.picId !== source.originalPicId) await noteReplaced(tx, source.stickerId, source.picId);
      return { value: null, change: { stickers: [stickerInstId], packs: [] } };
    });
  }
  return { imageUrl: `/files/${source.pngKey}`, edited: false };
}
