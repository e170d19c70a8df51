/**
 * A pack made to move in one go (decision 0041): a new pack of the caller's, "<name> · moving", and one
 * motion task per sticker of a pack the caller may see, every one with the same preset. The pack and
 * the tasks are written in one transaction under the user's row lock, each sticker paid as a single
 * one would be (`lockPayer` for the whole group, a debit per task), so either all are queued and paid,
 * or nothing is made. Each moving sticker joins the new pack with its source's emoji, in the source's
 * order (join-moving-pack.ts).
 */
import { and, asc, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "#common/languages.ts";
import { MOTION_PRESETS, type MotionPreset, presetNeedsCaption } from "#common/motion.ts";
import { type MadePack, PACK_NAME_MAX_LENGTH } from "#common/packs.ts";
import { TASK_STATUS, TASK_TYPE, type Visibility } from "#common/tasks.ts";
import { shortenToCharacters } from "#common/text.ts";
import type { AppContext } from "../context.ts";
import { packStickers, packs, pictures, stickers, tasks } from "../db/schema.ts";
import { insertPack } from "../packs/create-pack.ts";
import { getPack } from "../packs/get-pack.ts";
import { stickerVisibleTo } from "../packs/pack-access.ts";
import { lockPayer, payAndEnqueue } from "../tasks/submit-task.ts";
import { motionPriceFor } from "./submit-motion-task.ts";

/** The pack's stickers the viewer may see, in its order, with their emoji and whether their caption is a layer. */
async function stickersToMove(app: AppContext, viewerId: number, packId: string) {
  const db = app.database.db;
  const pack = await getPack(db, { packId, viewerId });
  // Staff open others' private packs to judge them, not to copy them.
  if (pack.staffView) throw new AppError("PACK_NOT_FOUND");
  const rows = await db
    .select({
      id: stickers.id,
      prompt: stickers.prompt,
      styleId: stickers.styleId,
      emoji: packStickers.emoji,
      layers: pictures.layers,
    })
    .from(packStickers)
    .innerJoin(packs, eq(packs.id, packStickers.packId))
    .innerJoin(stickers, eq(stickers.id, packStickers.stickerId))
    .innerJoin(pictures, eq(pictures.id, stickers.picId))
    .where(and(eq(packs.packId, packId), stickerVisibleTo(viewerId)))
    .orderBy(asc(packStickers.position));
  if (rows.length === 0) throw new AppError("PACK_EMPTY");
  return { pack, rows };
}

/** The presets every one of these stickers can take: the caption's only when each has its caption apart. */
function presetsFor(rows: { layers: { caption: string | null } | null }[]): MotionPreset[] {
  const captioned = rows.every((row) => Boolean(row.layers?.caption));
  return MOTION_PRESETS.filter((preset) => captioned || !presetNeedsCaption(preset));
}

/** What "Make the pack move" offers, and its price for this caller: `cost` per sticker, `count` stickers. */
export async function packMotionOptions(app: AppContext, viewerId: number, packId: string) {
  const { rows } = await stickersToMove(app, viewerId, packId);
  return { presets: presetsFor(rows), count: rows.length, ...(await motionPriceFor(app, viewerId)) };
}

/** "<name> · moving" in the asker's language, cut to a pack name's length by whole characters. */
function movingPackName(name: string, locale: string): string {
  const language = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
  return shortenToCharacters(translate(language, "motion.pack.name").replace("{{name}}", name), PACK_NAME_MAX_LENGTH);
}

export async function makePackMove(
  app: AppContext,
  userId: number,
  input: { packId: string; preset: MotionPreset; visibility: Visibility; locale: string },
): Promise<MadePack> {
  const { pack, rows } = await stickersToMove(app, userId, input.packId);
  if (!presetsFor(rows).includes(input.preset)) throw new AppError("MOTION_PRESET_UNAVAILABLE");
  // Started before the transaction: on PGlite (one connection) the queue cannot start from inside it.
  await app.tasks.boss();
  return app.database.db.transaction(async (tx) => {
    const payer = await lockPayer(tx, app, userId, TASK_TYPE.motion, rows.length);
    const moving = await insertPack(tx, {
      ownerId: userId,
      name: movingPackName(pack.name, input.locale),
      visibility: input.visibility,
      locale: input.locale,
    });
    const made = await tx
      .insert(tasks)
      .values(
        rows.map((row) => ({
          userId,
          type: TASK_TYPE.motion,
          status: TASK_STATUS.wait,
          prompt: row.prompt,
          styleId: row.styleId,
          visibility: input.visibility,
          locale: input.locale,
          cost: payer.cost,
          packId: moving.id,
          sourceStickerId: row.id,
          motion: input.preset,
          packEmoji: row.emoji,
        })),
      )
      .returning({ id: tasks.id });
    // Task ids follow the source's order: the moving stickers take their places by them.
    const taskIds = made.map((row) => row.id).sort((a, b) => a - b);
    let point = payer.point;
    for (const taskId of taskIds) point = await payAndEnqueue(tx, app, userId, taskId, payer.cost, point);
    return {
      pack: {
        packId: moving.packId,
        name: moving.name,
        visibility: moving.visibility,
        stickerCount: 0,
        cover: null,
        createdAt: moving.createdAt.toISOString(),
        updatedAt: moving.updatedAt.toISOString(),
      },
      taskIds,
      cost: payer.cost * taskIds.length,
      point,
    };
  });
}
