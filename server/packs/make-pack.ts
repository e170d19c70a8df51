/**
 * A pack made in one go (decision 0026): one idea or one photo → one sticker per chosen mood. The pack
 * and one task per mood are written in ONE transaction under the user's row lock, with each sticker's
 * price taken through the same path as a single sticker (a debit per task, `task:{id}:debit`), so
 * either the whole group is queued and paid for, or nothing is made.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { AppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "#common/languages.ts";
import { type MadePack, MOOD_IDS, MOODS, type MoodId, PACK_MOODS_MIN, PACK_NAME_MAX_LENGTH } from "#common/packs.ts";
import { TASK_STATUS, TASK_TYPE, type TaskType, type Visibility } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { packs, tasks, users } from "../db/schema.ts";
import { checkPrompt } from "../tasks/prompt-rules.ts";
import { checkAffordable, costOf, lockPayer, payAndEnqueue, resolveStyleId } from "../tasks/submit-task.ts";
import { insertPack } from "./create-pack.ts";
import { answerRepeatedPackUpload } from "./find-upload-pack.ts";
import { packName } from "./pack-rules.ts";

export interface MakePackInput {
  prompt: string;
  styleId?: number | undefined;
  /** The moods to draw, as asked; they are drawn and ordered by MOODS' order. */
  moods: readonly string[];
  name?: string | undefined;
  visibility: Visibility;
  locale: string;
  /** The page's id for the photo's upload (decision 0029): a repeat answers the pack it made. */
  uploadId?: string | undefined;
}

/** 2 to 12 known moods, none twice (MOODS_INVALID otherwise), in MOODS' order. */
export function checkMoods(moods: readonly string[]): MoodId[] {
  const known = new Set<string>(MOOD_IDS);
  if (moods.length < PACK_MOODS_MIN || moods.length > MOODS.length) throw new AppError("MOODS_INVALID");
  if (new Set(moods).size !== moods.length || moods.some((mood) => !known.has(mood))) throw new AppError("MOODS_INVALID");
  return MOOD_IDS.filter((mood) => moods.includes(mood));
}

/** The pack's name: the one given (1–64 characters after trimming), else the prompt's words, else "Photo pack". */
function packNameOf(input: MakePackInput, prompt: string): string {
  if (input.name !== undefined && input.name.trim() !== "") return packName(input.name);
  if (prompt) {
    const chars = [...prompt];
    return chars.length > PACK_NAME_MAX_LENGTH ? `${chars.slice(0, PACK_NAME_MAX_LENGTH - 1).join("")}…` : prompt;
  }
  return translate(isLanguage(input.locale) ? input.locale : DEFAULT_LANGUAGE, "packs.make.photoPackName");
}

export function makePackFromPrompt(app: AppContext, userId: number, input: MakePackInput): Promise<MadePack> {
  const moods = checkMoods(input.moods);
  const prompt = checkPrompt(input.prompt);
  return makePack(app, userId, {
    ...input,
    prompt,
    moods,
    type: TASK_TYPE.text,
    inputKey: null,
    name: packNameOf(input, prompt),
  });
}

/**
 * What refuses a pack from a photo without looking at the photo: the moods, the prompt's rules, the
 * name, the style and the group's price. The call checks it before it decodes the upload (decision
 * 0015), and again before the photo is stored, so a refused make leaves no file (the price is checked
 * once more under the lock).
 */
export async function checkPhotoPack(app: AppContext, userId: number, input: MakePackInput) {
  const moods = checkMoods(input.moods);
  const prompt = input.prompt.trim() === "" ? "" : checkPrompt(input.prompt);
  const name = packNameOf(input, prompt);
  await resolveStyleId(app, input.styleId);
  await checkAffordable(app, userId, costOf(app, TASK_TYPE.image), moods.length);
  return { moods, prompt, name };
}

/**
 * A make from a photo under the upload id its page made (decision 0029): a repeat answers the pack the
 * first one made, unpaid, before anything is checked or decoded; and a refusal is looked at once more,
 * since the first make may have committed in between (taking the points or the places in flight that
 * refused this one). `make` is the whole make: checks, decode, `makePackFromImage`.
 */
export async function makeOncePerUpload(
  app: AppContext,
  userId: number,
  uploadId: string | undefined,
  make: () => Promise<MadePack>,
): Promise<MadePack> {
  const repeated = await answerRepeatedPackUpload(app.database.db, userId, uploadId);
  if (repeated) return repeated;
  try {
    return await make();
  } catch (error) {
    const madeMeanwhile = await answerRepeatedPackUpload(app.database.db, userId, uploadId);
    if (madeMeanwhile) return madeMeanwhile;
    throw error;
  }
}

/** The photo is stored once; every mood's task draws from it. */
export async function makePackFromImage(
  app: AppContext,
  userId: number,
  input: MakePackInput & { png: Buffer },
): Promise<MadePack> {
  const { moods, prompt, name } = await checkPhotoPack(app, userId, input);
  const inputKey = `upload-${createHash("sha256").update(input.png).digest("hex").slice(0, 40)}.png`;
  await app.storage.put(inputKey, input.png, "image/png");
  return makePack(app, userId, { ...input, prompt, moods, type: TASK_TYPE.image, inputKey, name });
}

/**
 * The group's price is checked whole under the row lock: NOT_ENOUGH_POINTS (or a member's
 * DAILY_LIMIT_REACHED, each sticker counting) when it cannot all be paid. The in-flight cap
 * (TASKS_IN_FLIGHT_LIMIT) admits a group when the user is under the cap, and the group may then pass
 * it by its own size once (decision 0026): a pack is one request, and splitting it would leave it half made.
 */
async function makePack(
  app: AppContext,
  userId: number,
  o: Omit<MakePackInput, "moods" | "name"> & { moods: MoodId[]; type: TaskType; inputKey: string | null; name: string },
): Promise<MadePack> {
  const styleId = await resolveStyleId(app, o.styleId);
  // Started before the transaction: on PGlite (one connection) the queue cannot start from inside it.
  await app.tasks.boss();
  const made = await app.database.db.transaction(async (tx): Promise<MadePack | null> => {
    if (o.uploadId !== undefined) {
      // Two makes of one upload (a retry racing a slow first one) queue on the user's row lock: the
      // second sees the first's pack here and answers it, unpaid (decision 0029).
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      const [earlier] = await tx
        .select({ id: packs.id })
        .from(packs)
        .where(and(eq(packs.ownerId, userId), eq(packs.clientUploadId, o.uploadId)));
      if (earlier) return null;
    }
    const payer = await lockPayer(tx, app, userId, o.type, o.moods.length);
    const cost = payer.cost;

    const pack = await insertPack(tx, {
      ownerId: userId,
      name: o.name,
      visibility: o.visibility,
      locale: o.locale,
      clientUploadId: o.uploadId,
    });

    const rows = await tx
      .insert(tasks)
      .values(
        o.moods.map((mood) => ({
          userId,
          type: o.type,
          status: TASK_STATUS.wait,
          prompt: o.prompt,
          styleId,
          inputKey: o.inputKey,
          visibility: o.visibility,
          locale: o.locale,
          cost,
          packId: pack.id,
          mood,
        })),
      )
      .returning({ id: tasks.id });
    const taskIds = rows.map((row) => row.id).sort((a, b) => a - b);
    let point = payer.point;
    for (const taskId of taskIds) point = await payAndEnqueue(tx, app, userId, taskId, cost, point);
    return {
      pack: {
        packId: pack.packId,
        name: pack.name,
        visibility: pack.visibility,
        stickerCount: 0,
        cover: null,
        createdAt: pack.createdAt.toISOString(),
        updatedAt: pack.updatedAt.toISOString(),
      },
      taskIds,
      cost: cost * taskIds.length,
      point,
    };
  });
  if (made) return made;
  const repeated = await answerRepeatedPackUpload(app.database.db, userId, o.uploadId);
  // Only if the owner deleted that pack in the instant since: it is gone, as the answer says.
  if (!repeated) throw new AppError("PACK_NOT_FOUND");
  return repeated;
}
