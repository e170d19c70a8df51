import { and, eq, inArray, lt } from "drizzle-orm";
import type { MotionPreset } from "#common/motion.ts";
import { type StickerListItem, stickerSlug } from "#common/stickers.ts";
import type { Db } from "../db/client.ts";
import { pictures, stickers, stickerTags } from "../db/schema.ts";
import { motionFileKey } from "../motion/motion-keys.ts";
import { assertLinkable, buildEach, skippedIn } from "../skipped-items.ts";
import { FIRST_SUBJECT_TAG_ID } from "./tags.ts";

/** The columns every sticker card needs (spec §3 "Sticker list item"). */
export const stickerItemColumns = {
  id: stickers.id,
  stickerInstId: stickers.stickerInstId,
  taskId: stickers.taskId,
  picId: stickers.picId,
  name: stickers.name,
  prompt: stickers.prompt,
  styleId: stickers.styleId,
  favoriteCount: stickers.favoriteCount,
  createdAt: stickers.createdAt,
  pngKey: pictures.pngKey,
  thumbKey: pictures.thumbKey,
  width: pictures.width,
  height: pictures.height,
  motion: stickers.motion,
};

interface StickerItemRow {
  stickerInstId: string;
  taskId: number | null;
  picId: string;
  name: string;
  prompt: string;
  styleId: number | null;
  favoriteCount: number;
  createdAt: Date;
  pngKey: string;
  thumbKey: string;
  width: number;
  height: number;
  motion: MotionPreset | null;
  /** Selected only for the owner's own list; other lists leave it out. */
  visibility?: "public" | "private";
}

/** Each sticker's list tags as `{ id }` objects (spec §3), by sticker id; subject tags are read apart (decision 0030). */
export async function tagsOfStickers(db: Db, stickerIds: number[]): Promise<Map<number, { id: number }[]>> {
  const byId = new Map<number, { id: number }[]>();
  if (stickerIds.length === 0) return byId;
  const rows = await db
    .select({ stickerId: stickerTags.stickerId, tagId: stickerTags.tagId })
    .from(stickerTags)
    .where(and(inArray(stickerTags.stickerId, stickerIds), lt(stickerTags.tagId, FIRST_SUBJECT_TAG_ID)))
    .orderBy(stickerTags.tagId);
  for (const row of rows) {
    const list = byId.get(row.stickerId) ?? [];
    list.push({ id: row.tagId });
    byId.set(row.stickerId, list);
  }
  return byId;
}

export function toStickerListItem(row: StickerItemRow, tags: { id: number }[]): StickerListItem {
  return {
    stickerInstId: row.stickerInstId,
    taskId: row.taskId,
    picId: { id: row.picId },
    tags,
    name: row.name,
    prompt: row.prompt,
    styleId: row.styleId,
    imageUrl: `/files/${row.pngKey}`,
    thumbUrl: `/files/${row.thumbKey}`,
    width: row.width,
    height: row.height,
    favoriteCount: row.favoriteCount,
    createdAt: row.createdAt.toISOString(),
    ...(row.visibility === undefined ? {} : { visibility: row.visibility }),
    motion: row.motion
      ? {
          preset: row.motion,
          imageUrl: `/files/${motionFileKey(row.picId, row.motion, "image")}`,
          thumbUrl: `/files/${motionFileKey(row.picId, row.motion, "thumb")}`,
        }
      : null,
  };
}

/**
 * List items for sticker ids chosen by an index-only query, in the order given. Lists pick their page
 * of ids first and read the 24 stickers after, so a deep page never reads the rows it skips.
 * `withVisibility` adds each sticker's visibility (the owner's own list badges private ones).
 */
export async function stickerItemsByIds(db: Db, ids: number[], o: { withVisibility?: boolean } = {}): Promise<StickerListItem[]> {
  if (ids.length === 0) return [];
  const columns = o.withVisibility ? { ...stickerItemColumns, visibility: stickers.visibility } : stickerItemColumns;
  const [rows, tags] = await Promise.all([
    db.select(columns).from(stickers).innerJoin(pictures, eq(pictures.id, stickers.picId)).where(inArray(stickers.id, ids)),
    tagsOfStickers(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  // One sticker whose card cannot be made (decision 0040) is left out and logged; the list still answers.
  return buildEach(
    found,
    (row) => row.stickerInstId,
    (row) => {
      assertLinkable(row.name, stickerSlug);
      return toStickerListItem(row, tags.get(row.id) ?? []);
    },
    skippedIn("sticker list item"),
  );
}
