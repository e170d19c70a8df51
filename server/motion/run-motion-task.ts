/**
 * The worker's side of a motion task (decision 0041): the source sticker's layers are animated in the
 * motion pool (off the event loop, bounded), each file is checked against its rule, and the files shown
 * on pages are stored under the picture's motion keys. The moving sticker itself is written by
 * run-task.ts's finishing transaction, like any made sticker.
 */
import { and, eq, gte } from "drizzle-orm";
import { AppError, isAppError } from "#common/errors.ts";
import { isMotionPreset, type MotionPreset } from "#common/motion.ts";
import type { AppContext } from "../context.ts";
import { pictures, stickers, stickerTags, tags, type tasks } from "../db/schema.ts";
import { assertValid } from "../exports/validate/index.ts";
import type { DbOrTx } from "../points/change-points.ts";
import { FIRST_SUBJECT_TAG_ID } from "../stickers/tags.ts";
import { SHOWN_FILES } from "./make-motion-files.ts";
import { motionFileKey } from "./motion-keys.ts";
import { motionPoolOf } from "./motion-pool.ts";
import { loadLayers } from "./sticker-layers.ts";

/** What a finished motion task writes its sticker from. */
export interface MadeMotion {
  preset: MotionPreset;
  picId: string;
  pngKey: string;
  thumbKey: string;
  source: { id: number; name: string };
}

/**
 * Makes and stores the moving files of a motion task's sticker. A source that is gone, a preset it
 * cannot take or files that cannot fit are the same on every attempt: they fail the task at once
 * (with its refund) instead of being tried again.
 */
export async function makeMotion(app: AppContext, task: typeof tasks.$inferSelect): Promise<MadeMotion> {
  try {
    return await makeMotionOnce(app, task);
  } catch (error) {
    if (isAppError(error, "MOTION_TOO_LARGE", "MOTION_PRESET_UNAVAILABLE") && error.retryable === undefined) {
      throw new AppError(error.code, error.message, { retryable: false, cause: error });
    }
    throw error;
  }
}

async function makeMotionOnce(app: AppContext, task: typeof tasks.$inferSelect): Promise<MadeMotion> {
  const preset = task.motion;
  if (!isMotionPreset(preset) || task.sourceStickerId === null) {
    throw new AppError("NOT_FOUND", "the sticker to make move is gone", { retryable: false });
  }
  const [source] = await app.database.db
    .select({ id: stickers.id, name: stickers.name, picId: stickers.picId, pngKey: pictures.pngKey, thumbKey: pictures.thumbKey })
    .from(stickers)
    .innerJoin(pictures, eq(pictures.id, stickers.picId))
    .where(eq(stickers.id, task.sourceStickerId));
  if (!source) throw new AppError("NOT_FOUND", "the sticker to make move is gone", { retryable: false });
  const layers = await loadLayers(app, source.picId);
  // Only what pages show; the downloads are made, watermarked, on their first request (motion-downloads.ts).
  const files = await motionPoolOf(app).makeFiles(layers, preset, SHOWN_FILES);
  assertValid("webp", files.webp);
  assertValid("webp", files.thumb);
  assertValid("webp", files.small);
  await Promise.all([
    app.storage.put(motionFileKey(source.picId, preset, "image"), files.webp, "image/webp"),
    app.storage.put(motionFileKey(source.picId, preset, "thumb"), files.thumb, "image/webp"),
    app.storage.put(motionFileKey(source.picId, preset, "small"), files.small, "image/webp"),
  ]);
  return {
    preset,
    picId: source.picId,
    pngKey: source.pngKey,
    thumbKey: source.thumbKey,
    source: { id: source.id, name: source.name },
  };
}

/** The source sticker's subject tags (decision 0030), which its moving copy shares. */
export async function subjectsOfSource(tx: DbOrTx, sourceId: number): Promise<string[]> {
  const rows = await tx
    .select({ slug: tags.slug })
    .from(stickerTags)
    .innerJoin(tags, eq(tags.id, stickerTags.tagId))
    .where(and(eq(stickerTags.stickerId, sourceId), gte(stickerTags.tagId, FIRST_SUBJECT_TAG_ID)));
  return rows.flatMap((row) => (row.slug ? [row.slug] : []));
}
