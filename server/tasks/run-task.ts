import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { AppError, type FailureCode, isAppError } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "#common/languages.ts";
import { MOOD_IDS, type MoodId } from "#common/packs.ts";
import { STICKER_NAME_MAX_CHARACTERS } from "#common/stickers.ts";
import { TASK_STATUS, TASK_TYPE } from "#common/tasks.ts";
import { shortenToCharacters } from "#common/text.ts";
import type { AppContext } from "../context.ts";
import { type EditablePicture, type PictureLayers, pictures, stickers, stickerTags, styles, tasks, users } from "../db/schema.ts";
import {
  type EditableArt,
  type GeneratedLayers,
  type GenerationProvider,
  moodName,
  STYLE_KEYS,
  type StyleKey,
  storeStickerImages,
} from "../generation/index.ts";
import { payInviteRewards } from "../invites/pay-invite-rewards.ts";
import { generationDuration } from "../metrics/metrics.ts";
import { joinMovingPack } from "../motion/join-moving-pack.ts";
import { type MadeMotion, makeMotion, subjectsOfSource } from "../motion/run-motion-task.ts";
import { layersKeptOrGiven, storeLayers } from "../motion/sticker-layers.ts";
import { joinMadePack } from "../packs/make-join.ts";
import { changePoints } from "../points/change-points.ts";
import { subjectsOfSticker, tagStickerSubjects } from "../search/tag-subjects.ts";
import { editableKeptOrGiven, storeEditableArt } from "../stickers/edit/edit-sticker.ts";
import { hotScore } from "../stickers/hot-score.ts";
import { COMMUNITY_TAG } from "../stickers/tags.ts";

/** Progress points a task passes (the page eases between them). */
const PROGRESS = { queued: 0, started: 10, drawn: 70, stored: 90, done: 100 } as const;

const OPEN = [TASK_STATUS.wait, TASK_STATUS.exeing];

export interface JobAttempt {
  taskId: number;
  /** Attempts already made before this one, and how many retries the queue allows. */
  retryCount: number;
  retryLimit: number;
  /**
   * True once this process is stopping and has handed the job back to the queue (decision 0020): a
   * failure then (its generator closed under it) is left to the retry, never failed and refunded here.
   */
  handedBack?: () => boolean;
}

/** Why a task failed, as a code the page translates (common/errors.ts); anything else is GENERATION_FAILED. */
function failureCodeOf(error: unknown): FailureCode {
  return isAppError(error) ? error.code : "GENERATION_FAILED";
}

/** `drawn`: the provider already returned this attempt's picture, so the failure came after it. */
function isRetryable(app: AppContext, error: unknown, drawn: boolean): boolean {
  // The provider's safety check stopped it (decision 0032): another attempt would be stopped again.
  if (isAppError(error, "RESULT_FLAGGED")) return false;
  if (app.config.GENERATION_PROVIDER === "openai") {
    // A hosted picture that arrived has been paid for: a later step failing (storing, finishing) must
    // not draw it again (decision 0015). Offline, drawing again is free.
    if (drawn) return false;
    // The generator process died or hung during the request: a hosted call cut off this way may
    // already have been paid for (decision 0015); offline, it is free.
    if (isAppError(error, "GENERATOR_CRASHED", "GENERATION_TIMEOUT", "GENERATOR_CLOSED")) return false;
  }
  return isAppError(error) ? (error.retryable ?? true) : true;
}

/** A task of a pack made in one go draws its mood (decision 0026). */
function moodOf(task: typeof tasks.$inferSelect): MoodId | undefined {
  return (MOOD_IDS as readonly string[]).includes(task.mood ?? "") ? (task.mood as MoodId) : undefined;
}

/** A sticker's name: its prompt, shortened by whole characters (never half an emoji or a letter without its marks). */
function stickerNameOf(prompt: string): string {
  return shortenToCharacters(prompt.replace(/\s+/g, " ").trim(), STICKER_NAME_MAX_CHARACTERS);
}

/**
 * Runs one attempt of a task's job. Idempotent: a finished task is left alone, and finishing is one
 * transaction guarded by the task still being open, so a retried or duplicated job can never make a
 * second sticker or refund twice. A retryable failure is thrown back to the queue (another attempt)
 * until the last attempt, which fails the task with its refund.
 */
export async function runTaskAttempt(app: AppContext, provider: GenerationProvider, attempt: JobAttempt): Promise<void> {
  const db = app.database.db;
  const [task] = await db.select().from(tasks).where(eq(tasks.id, attempt.taskId));
  if (!task || !OPEN.includes(task.status as 0 | 1)) return;

  await db
    .update(tasks)
    .set({
      status: TASK_STATUS.exeing,
      progress: PROGRESS.started,
      attempts: task.attempts + 1,
      startedAt: task.startedAt ?? new Date(),
    })
    .where(and(eq(tasks.id, task.id), inArray(tasks.status, OPEN)));

  let drawn = false;
  try {
    if (task.type === TASK_TYPE.motion) {
      const made = await makeMotion(app, task);
      drawn = true;
      await finishTask(app, task, { picId: made.picId, pngKey: made.pngKey, thumbKey: made.thumbKey, layers: null }, null, made);
      return;
    }
    const [style] = await db
      .select({ key: styles.key })
      .from(styles)
      .where(eq(styles.id, task.styleId ?? -1));
    const styleKey = (STYLE_KEYS as readonly string[]).includes(style?.key ?? "") ? (style?.key as StyleKey) : "cartoon";
    let png: Buffer;
    let layers: GeneratedLayers | undefined;
    let editable: EditableArt | undefined;
    /** The emoji the generator drew first, a subject tag of the sticker (decision 0030). */
    let drawnSubject: string | null = null;
    const timer = generationDuration.startTimer({
      provider: app.config.GENERATION_PROVIDER,
      type: task.type === TASK_TYPE.image ? "image" : "text",
    });
    try {
      if (task.type === TASK_TYPE.image) {
        const input = task.inputKey ? await app.storage.get(task.inputKey) : null;
        if (!input) throw new AppError("UPLOAD_UNREADABLE", "the uploaded picture is gone", { retryable: false });
        const made = await provider.imageToSticker({
          image: input.body,
          style: styleKey,
          mood: moodOf(task),
          locale: task.locale,
        });
        png = made.png;
        layers = made.layers;
        editable = made.editable;
      } else {
        const made = await provider.textToSticker({
          prompt: task.prompt,
          style: styleKey,
          locale: task.locale,
          seed: task.id,
          mood: moodOf(task),
        });
        png = made.png;
        layers = made.layers;
        editable = made.editable;
        drawnSubject = made.subject;
      }
      timer({ outcome: "drawn" });
    } catch (error) {
      timer({ outcome: "failed" });
      throw error;
    }
    drawn = true;
    await db
      .update(tasks)
      .set({ progress: PROGRESS.drawn })
      .where(and(eq(tasks.id, task.id), inArray(tasks.status, OPEN)));
    const stored = await storeStickerImages(app.storage, png);
    const storedLayers = layers ? await storeLayers(app, stored.id, layers) : null;
    const storedEditable = editable ? await storeEditableArt(app, stored.id, editable) : null;
    await db
      .update(tasks)
      .set({ progress: PROGRESS.stored })
      .where(and(eq(tasks.id, task.id), inArray(tasks.status, OPEN)));
    await finishTask(
      app,
      task,
      { picId: stored.id, pngKey: stored.png, thumbKey: stored.thumb, layers: storedLayers, editable: storedEditable },
      drawnSubject,
    );
  } catch (error) {
    if (attempt.handedBack?.()) {
      app.log.warn({ err: error, taskId: task.id }, "task attempt cut by shutdown; the queue retries it elsewhere");
      throw error;
    }
    const lastAttempt = attempt.retryCount >= attempt.retryLimit;
    if (!isRetryable(app, error, drawn) || lastAttempt) {
      app.log.warn({ err: error, taskId: task.id, attempt: attempt.retryCount + 1 }, "task failed; refunding");
      await failTask(app, task.id, failureCodeOf(error));
      return;
    }
    app.log.warn({ err: error, taskId: task.id, attempt: attempt.retryCount + 1 }, "task attempt failed; the queue retries it");
    await db
      .update(tasks)
      .set({ status: TASK_STATUS.wait, progress: PROGRESS.queued })
      .where(and(eq(tasks.id, task.id), inArray(tasks.status, OPEN)));
    throw error;
  }
}

/**
 * The made sticker's row, its picture's row and the task's success, in one transaction. A motion task's
 * sticker (`motion`, decision 0041) shows its source's picture as its first frame, is named and tagged
 * like its source, and links back to it.
 */
async function finishTask(
  app: AppContext,
  task: typeof tasks.$inferSelect,
  picture: { picId: string; pngKey: string; thumbKey: string; layers: PictureLayers | null; editable?: EditablePicture | null },
  drawnSubject: string | null,
  motion?: MadeMotion,
): Promise<void> {
  const { picId, pngKey, thumbKey } = picture;
  // Outside the transaction: the first call reads the subject vocabulary (decision 0030).
  const subjects = motion ? [] : subjectsOfSticker({ drawn: drawnSubject, prompt: task.prompt });
  await app.database.db.transaction(async (tx) => {
    const [open] = await tx
      .update(tasks)
      .set({ status: TASK_STATUS.success, progress: PROGRESS.done, resultPicIds: [picId], finishedAt: new Date() })
      .where(and(eq(tasks.id, task.id), inArray(tasks.status, OPEN)))
      .returning({ id: tasks.id });
    if (!open) return; // finished by another attempt meanwhile
    // An invited user's first sticker pays the invite rewards (decision 0016). First, before the
    // sticker's rows share-lock the user: parallel tasks then queue on the invite, never deadlock.
    await payInviteRewards(tx, app.config, { inviteeId: task.userId });
    // The sticker of a user banned while it was drawn is born hidden (decision 0031); FOR SHARE waits
    // for a ban in progress, whose hiding could otherwise miss it.
    const [owner] = await tx.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, task.userId)).for("share");
    const banned = owner?.bannedAt ? { hiddenAt: owner.bannedAt, hiddenReason: "ban" as const } : {};
    await tx
      .insert(pictures)
      .values({
        id: picId,
        width: 512,
        height: 512,
        pngKey,
        thumbKey,
        layers: picture.layers,
        editable: picture.editable ?? null,
      })
      .onConflictDoUpdate({ target: pictures.id, set: { layers: layersKeptOrGiven, editable: editableKeptOrGiven } });
    const createdAt = new Date();
    const language = isLanguage(task.locale) ? task.locale : DEFAULT_LANGUAGE;
    // A picture sticker without words is named in the asker's language, so cards never lack a name.
    const subject = stickerNameOf(task.prompt) || translate(language, "tasks.photoStickerName");
    const mood = moodOf(task);
    const [sticker] = await tx
      .insert(stickers)
      .values({
        stickerInstId: randomBytes(12).toString("base64url"),
        taskId: task.id,
        picId,
        // One sticker of a pack made in one go: "<subject> · <mood>" (decision 0026).
        name: motion ? motion.source.name : mood ? `${subject} · ${moodName(mood, language)}` : subject,
        motion: motion?.preset ?? null,
        madeFromStickerId: motion?.source.id ?? null,
        remixedFrom: task.remixedFrom,
        prompt: task.prompt,
        styleId: task.styleId,
        ownerId: task.userId,
        visibility: task.visibility,
        locale: task.locale,
        hotScore: hotScore(0, createdAt),
        createdAt,
        ...banned,
      })
      .returning({ id: stickers.id });
    if (!sticker) throw new Error("sticker insert returned nothing");
    // Every made sticker is in the community tag; the list indexes show only the public ones.
    await tx.insert(stickerTags).values({ stickerId: sticker.id, tagId: COMMUNITY_TAG });
    // Its subjects (decision 0030): its tag pages and search in every language.
    await tagStickerSubjects(tx, sticker.id, motion ? await subjectsOfSource(tx, motion.source.id) : subjects);
    if (task.packId !== null && mood) await joinMadePack(tx, { packId: task.packId, mood }, sticker.id);
    if (task.packId !== null && motion)
      await joinMovingPack(tx, { packId: task.packId, emoji: task.packEmoji ?? [] }, sticker.id);
  });
}

/** Fails an open task and gives its points back, once: the status guard and the ledger key both see to it. */
export async function failTask(app: AppContext, taskId: number, errorCode: string): Promise<boolean> {
  return app.database.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(tasks)
      .set({ status: TASK_STATUS.failed, errorCode, finishedAt: new Date() })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, OPEN)))
      .returning({ userId: tasks.userId, cost: tasks.cost });
    if (!failed) return false;
    if (failed.cost > 0) {
      await changePoints(tx, {
        userId: failed.userId,
        delta: failed.cost,
        reason: "refund",
        idempotencyKey: `task:${taskId}:refund`,
      });
    }
    return true;
  });
}
