/**
 * "Make it move" (decision 0041): a task that makes a moving copy of a sticker the caller may see —
 * their own, or a public one — owned by the caller. It is paid and queued like any sticker task
 * (`submitTask`: points for free users, a place in the day for members, the tasks-in-flight cap), and
 * the worker makes the files (run-motion-task.ts).
 */
import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { MOTION_PRESETS, type MotionPreset, presetNeedsCaption } from "#common/motion.ts";
import { type SubmittedTask, TASK_TYPE, type Visibility } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { stickers, users } from "../db/schema.ts";
import { shownTo } from "../stickers/shown-stickers.ts";
import { costOf, submitTask } from "../tasks/submit-task.ts";
import { pictureHasCaption } from "./sticker-layers.ts";

/** The sticker to make move, if the viewer may see it; NOT_FOUND otherwise (the same as an unknown id). */
async function movableSticker(app: AppContext, viewerId: number, stickerInstId: string) {
  const [sticker] = await app.database.db
    .select({
      id: stickers.id,
      picId: stickers.picId,
      prompt: stickers.prompt,
      styleId: stickers.styleId,
      ownerId: stickers.ownerId,
    })
    .from(stickers)
    .where(and(eq(stickers.stickerInstId, stickerInstId), shownTo(viewerId)));
  if (!sticker) throw new AppError("NOT_FOUND");
  return sticker;
}

async function presetsOf(app: AppContext, picId: string): Promise<MotionPreset[]> {
  const captioned = await pictureHasCaption(app.database.db, picId);
  return MOTION_PRESETS.filter((preset) => captioned || !presetNeedsCaption(preset));
}

/** What making one sticker move costs this viewer (0 for a member, who counts it in the day), and their balance. */
export async function motionPriceFor(app: AppContext, viewerId: number) {
  const [user] = await app.database.db
    .select({ point: users.point, subscribePlan: users.subscribePlan })
    .from(users)
    .where(eq(users.id, viewerId));
  if (!user) throw new AppError("AUTH_ERROR");
  const member = user.subscribePlan !== "";
  return { cost: member ? 0 : costOf(app, TASK_TYPE.motion), member, point: user.point };
}

/** What "Make it move" offers for this sticker and what it costs this viewer. */
export async function motionOptions(app: AppContext, viewerId: number, stickerInstId: string) {
  const sticker = await movableSticker(app, viewerId, stickerInstId);
  return {
    presets: await presetsOf(app, sticker.picId),
    ...(await motionPriceFor(app, viewerId)),
    mine: sticker.ownerId === viewerId,
  };
}

export async function submitMotionTask(
  app: AppContext,
  userId: number,
  input: { stickerInstId: string; preset: MotionPreset; visibility: Visibility; locale: string },
): Promise<SubmittedTask> {
  const sticker = await movableSticker(app, userId, input.stickerInstId);
  if (!(await presetsOf(app, sticker.picId)).includes(input.preset)) throw new AppError("MOTION_PRESET_UNAVAILABLE");
  return submitTask(app, userId, {
    type: TASK_TYPE.motion,
    prompt: sticker.prompt,
    styleId: sticker.styleId ?? undefined,
    visibility: input.visibility,
    locale: input.locale,
    inputKey: null,
    motion: { sourceStickerId: sticker.id, preset: input.preset },
  });
}
