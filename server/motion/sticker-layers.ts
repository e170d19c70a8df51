/**
 * A picture's layers as the motion engine takes them (decision 0041): the whole sticker always, and its
 * subject and caption apart where the generator stored them (`pictures.layers`). A picture without them
 * (hosted, or made before migration 0015) moves as a whole.
 */
import { eq, sql } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";
import type { Db } from "../db/client.ts";
import { type PictureLayers, pictures } from "../db/schema.ts";
import type { StickerLayers } from "./layers.ts";
import { layerKeys } from "./motion-keys.ts";

/**
 * For a picture row written again (a picture is its content's hash, so the same drawing may come twice):
 * the layers it has, else the ones given now.
 */
export const layersKeptOrGiven = sql`coalesce(${pictures.layers}, excluded.layers)`;

/** Stores a new picture's layers under its id; the keys for `pictures.layers`. */
export async function storeLayers(
  app: AppContext,
  picId: string,
  layers: { subject: Buffer; caption: Buffer; captionDirection: "ltr" | "rtl" },
): Promise<PictureLayers> {
  const keys = layerKeys(picId);
  await Promise.all([
    app.storage.put(keys.subject, layers.subject, "image/png"),
    app.storage.put(keys.caption, layers.caption, "image/png"),
  ]);
  return { subject: keys.subject, caption: keys.caption, captionDirection: layers.captionDirection };
}

/** Whether the picture's caption is stored as its own layer (the caption's preset needs it). */
export async function pictureHasCaption(db: Db, picId: string): Promise<boolean> {
  const [row] = await db.select({ layers: pictures.layers }).from(pictures).where(eq(pictures.id, picId));
  return Boolean(row?.layers?.caption);
}

/** The picture's layers read from storage; a layer file gone missing leaves the picture moving as a whole. */
export async function loadLayers(app: AppContext, picId: string): Promise<StickerLayers> {
  const [row] = await app.database.db
    .select({ pngKey: pictures.pngKey, layers: pictures.layers })
    .from(pictures)
    .where(eq(pictures.id, picId));
  const whole = row ? await app.storage.get(row.pngKey) : null;
  if (!row || !whole) throw new AppError("NOT_FOUND", "the sticker's picture is gone", { retryable: false });
  const stored = row.layers;
  if (!stored?.caption) return { whole: whole.body };
  const [subject, caption] = await Promise.all([app.storage.get(stored.subject), app.storage.get(stored.caption)]);
  if (!subject || !caption) return { whole: whole.body };
  return { whole: whole.body, subject: subject.body, caption: caption.body, captionDirection: stored.captionDirection };
}
