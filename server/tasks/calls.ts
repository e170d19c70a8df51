import { z } from "zod";
import { stickerListItem } from "#common/api/stickers.ts";
import { AppError } from "#common/errors.ts";
import { PROMPT_MAX_LENGTH, TASK_TYPE } from "#common/tasks.ts";
import type { AppContext } from "../context.ts";
import { defineCall, requireViewer } from "../http/define-call.ts";
import { decodePoolOf } from "../uploads/decode-pool.ts";
import { readUpload } from "../uploads/read-upload.ts";
import { findUploadTask, uploadIdField } from "./find-upload-task.ts";
import { checkAffordable, costOf, submitImageTask, submitOncePerUpload, submitTextTask } from "./submit-task.ts";
import { getTask, todayGenDetail } from "./task-view.ts";

const taskStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const visibility = z.enum(["public", "private"]);

const submitted = z.object({
  taskId: z.number(),
  status: taskStatus,
  cost: z.number().describe("Points taken for this task (0 for members)."),
  point: z.number().describe("The points balance after the debit."),
});

// Length is checked after trimming by the service (PROMPT_EMPTY / PROMPT_TOO_LONG); this bound only
// stops absurd bodies early.
const promptField = z.string().max(PROMPT_MAX_LENGTH * 4);
const styleIdField = z.coerce.number().int().min(1).max(2_147_483_647).optional();

const taskView = z.object({
  taskId: z.number(),
  type: z.union([z.literal(1), z.literal(2)]).describe("1 text, 2 image"),
  status: taskStatus.describe("0 wait, 1 exeing, 2 success, 3 failed"),
  progress: z.number().describe("0–100: queued 0, started 10, drawn 70, stored 90, done 100"),
  prompt: z.string(),
  styleId: z.number().nullable(),
  visibility,
  cost: z.number(),
  errorCode: z.string().nullable(),
  errorMsg: z.string().nullable().describe("The failure's reason in the caller's language."),
  refunded: z.boolean().describe("True once a failed task's points are back on the balance."),
  position: z.number().describe("Tasks ahead of this one while it waits."),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  stickers: z.array(stickerListItem).describe("The stickers made (on success)."),
});

/** Creating stickers (spec §7 aitask calls). */
export function taskCalls(app: AppContext) {
  const submitText = defineCall({
    method: "POST",
    path: "/api/aitask/submitGenerateText",
    summary:
      "Starts a sticker from a prompt (1–300 characters after trimming). Free users pay TEXT_GENERATION_COST points (NOT_ENOUGH_POINTS otherwise); members count against their daily limit (DAILY_LIMIT_REACHED). TOO_MANY_TASKS (429) while TASKS_IN_FLIGHT_LIMIT of the caller's tasks wait or run.",
    tag: "tasks",
    access: "user",
    input: z.object({ prompt: promptField, styleId: styleIdField, visibility: visibility.default("public") }),
    output: submitted,
    handle: ({ input, viewer, c }) => submitTextTask(app, requireViewer(viewer).userId, { ...input, locale: c.var.language }),
  });

  const submitImage = defineCall({
    method: "POST",
    path: "/api/aitask/submitGenerate",
    body: "multipart",
    summary:
      "Starts a sticker from an uploaded picture (multipart: file = PNG, JPEG or WebP by content, at most UPLOAD_MAX_BYTES and UPLOAD_MAX_PIXELS; optional prompt, styleId, visibility, uploadId). A repeated submit with an uploadId the caller already used answers that upload's task, unpaid, instead of starting a second one. Costs IMAGE_GENERATION_COST points for free users. BUSY (503, Retry-After) when every decoding slot is taken; TOO_MANY_TASKS (429) at TASKS_IN_FLIGHT_LIMIT tasks in progress.",
    tag: "tasks",
    access: "user",
    input: z.object({
      file: z.instanceof(File).optional(),
      prompt: promptField.default(""),
      styleId: styleIdField,
      // A photo may show a face: its sticker stays private unless the owner chooses to share it.
      visibility: visibility.default("private"),
      uploadId: uploadIdField.optional().describe("The page's random id for this upload (16–64 of A–Z a–z 0–9 _ -)."),
    }),
    output: submitted,
    handle: ({ input, viewer, c }) => {
      const userId = requireViewer(viewer).userId;
      // A retry of an upload the server already took answers its task before anything is checked or
      // paid, and a refusal is looked at again in case the first submit committed meanwhile.
      return submitOncePerUpload(app, userId, input.uploadId, async () => {
        if (!input.file || input.file.size === 0) throw new AppError("UPLOAD_MISSING");
        // A submit that would be refused anyway costs no decode (decision 0015).
        await checkAffordable(app, userId, costOf(app, TASK_TYPE.image));
        const bytes = Buffer.from(await input.file.arrayBuffer());
        const upload = await decodePoolOf(app).run(() =>
          readUpload(
            bytes,
            { maxBytes: app.config.UPLOAD_MAX_BYTES, maxPixels: app.config.UPLOAD_MAX_PIXELS },
            { type: input.file?.type, name: input.file?.name },
          ),
        );
        return submitImageTask(app, userId, {
          png: upload.png,
          prompt: input.prompt,
          styleId: input.styleId,
          visibility: input.visibility,
          locale: c.var.language,
          uploadId: input.uploadId,
        });
      });
    },
  });

  const get = defineCall({
    method: "GET",
    path: "/api/v2/aitask/get",
    summary:
      "One of the caller's tasks: status, progress, the failure's reason and refund, and the stickers made. Others' tasks are TASK_NOT_FOUND.",
    tag: "tasks",
    access: "user",
    input: z.object({ taskId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    output: taskView,
    handle: ({ input, viewer, c }) =>
      getTask(app, { taskId: input.taskId, userId: requireViewer(viewer).userId, language: c.var.language }),
  });

  const today = defineCall({
    method: "GET",
    path: "/api/aitask/todayGenDetail",
    summary:
      "Today's allowance (UTC day): members get limit and remaining of their daily limit; free users get limit null, the point costs and how many text stickers their balance pays for.",
    tag: "tasks",
    access: "user",
    input: z.object({}),
    output: z.object({
      member: z.boolean(),
      todayCount: z.number(),
      limit: z.number().nullable(),
      remaining: z.number(),
      textCost: z.number(),
      imageCost: z.number(),
      point: z.number(),
    }),
    handle: ({ viewer }) => todayGenDetail(app, requireViewer(viewer).userId),
  });

  const recent = defineCall({
    method: "GET",
    path: "/api/aitask/recentImage",
    summary:
      "The caller's task started by the submitGenerate upload `uploadId`, or taskId null: a page whose upload failed on the way back finds the task the server accepted.",
    tag: "tasks",
    access: "user",
    input: z.object({ uploadId: uploadIdField }),
    output: z.object({ taskId: z.number().nullable() }),
    handle: ({ input, viewer }) => findUploadTask(app.database.db, requireViewer(viewer).userId, input.uploadId),
  });

  return [submitText, submitImage, get, today, recent];
}
