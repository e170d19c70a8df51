/** Making a pack in one go: one idea or one photo → one sticker per mood (decision 0026). */
import { z } from "zod";
import { stickerListItem } from "#common/api/stickers.ts";
import { AppError } from "#common/errors.ts";
import { PACK_NAME_MAX_LENGTH } from "#common/packs.ts";
import { PROMPT_MAX_LENGTH } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { uploadIdField } from "../tasks/find-upload-task.ts";
import { decodePoolOf } from "../uploads/decode-pool.ts";
import { readUpload } from "../uploads/read-upload.ts";
import { findUploadPack } from "./find-upload-pack.ts";
import { checkPhotoPack, makeOncePerUpload, makePackFromImage, makePackFromPrompt } from "./make-pack.ts";
import { getPackProgress } from "./make-progress.ts";

const visibility = z.enum(["public", "private"]);
const promptField = z.string().max(PROMPT_MAX_LENGTH * 4);
const styleIdField = z.coerce.number().int().min(1).max(2_147_483_647).optional();
// Checked by the service after trimming (PACK_NAME_INVALID); this bound only stops absurd bodies.
const nameField = z
  .string()
  .max(PACK_NAME_MAX_LENGTH * 4)
  .optional();
// Which moods and how many are the service's rule (MOODS_INVALID); this bound only stops absurd bodies.
const moodsField = z.array(z.string().max(40)).max(40);

const packSummary = z.object({
  packId: z.string(),
  name: z.string(),
  visibility,
  stickerCount: z.number(),
  cover: z.object({ stickerInstId: z.string(), thumbUrl: z.string(), imageUrl: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const made = z.object({
  pack: packSummary,
  taskIds: z.array(z.number()).describe("One task per mood, in MOODS' order."),
  cost: z.number().describe("Points taken for the whole group (0 for members)."),
  point: z.number().describe("The points balance after the debits."),
});

const summaryText =
  "One task per mood (2–12 distinct ids of MOODS, else MOODS_INVALID), all written with a new pack in one transaction; each sticker costs what one sticker costs, and the whole group must be affordable (NOT_ENOUGH_POINTS / DAILY_LIMIT_REACHED, nothing made). Admitted while fewer than TASKS_IN_FLIGHT_LIMIT tasks are in flight (TOO_MANY_TASKS); the group may pass the cap by its own size. Each sticker joins the pack in mood order with the mood's emoji as it is made; a failed one is refunded.";

export function packMakeCalls(app: AppContext) {
  const fromPrompt = defineCall({
    method: "POST",
    path: "/api/pack/makeFromPrompt",
    summary: `Makes a pack from a prompt. ${summaryText} Visibility defaults to public, as a text sticker's.`,
    tag: "packs",
    access: "user",
    input: z.object({
      prompt: promptField,
      styleId: styleIdField,
      moods: moodsField,
      name: nameField,
      visibility: visibility.default("public"),
    }),
    output: made,
    handle: ({ input, viewer, c }) => makePackFromPrompt(app, requireViewer(viewer).userId, { ...input, locale: c.var.language }),
  });

  const fromImage = defineCall({
    method: "POST",
    path: "/api/pack/makeFromImage",
    body: "multipart",
    summary: `Makes a pack from an uploaded photo (multipart: file, moods comma-separated, optional prompt, styleId, name, visibility, uploadId). ${summaryText} Private by default, as a photo sticker is. A repeated make with an uploadId the caller already used answers that upload's pack, unpaid, instead of making a second one.`,
    tag: "packs",
    access: "user",
    input: z.object({
      file: z.instanceof(File).optional(),
      prompt: promptField.default(""),
      styleId: styleIdField,
      moods: z.string().max(400),
      name: nameField,
      // A photo may show a face: its pack stays private unless the owner chooses to share it.
      visibility: visibility.default("private"),
      uploadId: uploadIdField.optional().describe("The page's random id for this upload (16–64 of A–Z a–z 0–9 _ -)."),
    }),
    output: made,
    handle: ({ input, viewer, c }) => {
      const userId = requireViewer(viewer).userId;
      const moods = input.moods.split(",").map((mood) => mood.trim());
      const fields = {
        prompt: input.prompt,
        styleId: input.styleId,
        moods,
        name: input.name,
        visibility: input.visibility,
        locale: c.var.language,
        uploadId: input.uploadId,
      };
      // A retry of an upload the server already took answers its pack before anything is checked or paid.
      return makeOncePerUpload(app, userId, input.uploadId, async () => {
        // Refusals that need no picture come before any decode (decision 0015).
        await checkPhotoPack(app, userId, fields);
        if (!input.file || input.file.size === 0) throw new AppError("UPLOAD_MISSING");
        const bytes = Buffer.from(await input.file.arrayBuffer());
        const upload = await decodePoolOf(app).run(() =>
          readUpload(
            bytes,
            { maxBytes: app.config.UPLOAD_MAX_BYTES, maxPixels: app.config.UPLOAD_MAX_PIXELS },
            { type: input.file?.type, name: input.file?.name },
          ),
        );
        return makePackFromImage(app, userId, { ...fields, png: upload.png });
      });
    },
  });

  const byUpload = defineCall({
    method: "GET",
    path: "/api/pack/byUpload",
    summary:
      "The caller's pack made by the makeFromImage upload `uploadId`, or packId null: a page whose make failed on the way back finds the pack the server made and follows its progress.",
    tag: "packs",
    access: "user",
    input: z.object({ uploadId: uploadIdField }),
    output: z.object({ packId: z.string().nullable() }),
    handle: ({ input, viewer }) => findUploadPack(app.database.db, requireViewer(viewer).userId, input.uploadId),
  });

  const progress = defineCall({
    method: "GET",
    path: "/api/pack/progress",
    summary:
      "The tasks of a pack made in one go, in mood order: status, progress, failure and refund, and the sticker once made. Owner only: anyone else gets PACK_NOT_FOUND.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: z.string().min(1).max(64) }),
    output: z.object({
      packId: z.string(),
      name: z.string(),
      total: z.number(),
      ready: z.number(),
      failed: z.number(),
      done: z.boolean(),
      tasks: z.array(
        z.object({
          taskId: z.number(),
          mood: z.string(),
          emoji: z.string(),
          status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
          progress: z.number(),
          errorCode: z.string().nullable(),
          errorMsg: z.string().nullable(),
          refunded: z.boolean(),
          cost: z.number(),
          sticker: stickerListItem.nullable(),
        }),
      ),
    }),
    handle: ({ input, viewer, c }) =>
      getPackProgress(app, { packId: input.packId, userId: requireViewer(viewer).userId, language: c.var.language }),
  });

  return [fromPrompt, fromImage, byUpload, progress];
}
