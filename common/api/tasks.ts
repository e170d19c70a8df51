import { z } from "zod";
import { PROMPT_MAX_LENGTH } from "../tasks.ts";
import { declareCall } from "./declare-call.ts";
import { stickerInstId, stickerListItem, visibility } from "./stickers.ts";

export const taskStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/**
 * The id a page makes for one picked picture's upload (decision 0029): 16–64 url-safe characters, random
 * enough that it names one upload of one user.
 */
export const uploadIdField = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

// Length is checked after trimming by the service (PROMPT_EMPTY / PROMPT_TOO_LONG); this bound only
// stops absurd bodies early.
export const promptField = z.string().max(PROMPT_MAX_LENGTH * 4);
export const styleIdField = z.coerce.number().int().min(1).max(2_147_483_647).optional();
/** "Make my version" (decision 0046): the sticker this one remixes; kept only while that one is public, else ignored. */
export const remixOfField = stickerInstId
  .optional()
  .describe("The public sticker this one is a remix of (its stickerInstId); ignored unless it is public and shown.");

/** What submitting answers: the task to follow and what it cost. */
export const submitted = z.object({
  taskId: z.number(),
  status: taskStatus,
  cost: z.number().describe("Points taken for this task (0 for members)."),
  point: z.number().describe("The points balance after the debit."),
});
export type SubmittedTask = z.output<typeof submitted>;

const taskView = z.object({
  taskId: z.number(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]).describe("1 text, 2 image, 3 motion"),
  status: taskStatus.describe("0 wait, 1 exeing, 2 success, 3 failed"),
  progress: z.number().describe("0–100: queued 0, started 10, drawn 70, stored 90, done 100"),
  prompt: z.string(),
  styleId: z.number().nullable(),
  visibility,
  cost: z.number(),
  errorCode: z.string().nullable().describe("Why it failed (an error code); null otherwise."),
  errorMsg: z.string().nullable().describe("The failure's reason in the caller's language."),
  refunded: z.boolean().describe("True once a failed task's points are back on the balance."),
  position: z.number().describe("Tasks ahead of this one while it waits."),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  stickers: z.array(stickerListItem).describe("The stickers made (on success)."),
});
export type TaskView = z.output<typeof taskView>;

const todayGenDetail = z.object({
  member: z.boolean(),
  todayCount: z.number().describe("Stickers started today (UTC)."),
  limit: z.number().nullable().describe("Members' daily limit; null for free users, who pay points instead."),
  remaining: z
    .number()
    .describe("Stickers still possible today: limit − count for members, what the balance pays for free users."),
  textCost: z.number().describe("Points per sticker from text (0 for members)."),
  imageCost: z.number().describe("Points per sticker from an image (0 for members)."),
  point: z.number(),
});
export type TodayGenDetail = z.output<typeof todayGenDetail>;

/** What a prompt will draw, read before it is paid for (decision 0052). */
const promptUnderstood = z.object({
  subjects: z
    .array(
      z.object({
        emoji: z.string(),
        name: z.string().describe("The thing's name in the caller's language."),
        relation: z.enum(["main", "side", "held", "worn", "target", "under"]),
      }),
    )
    .describe("What will be drawn, the main subject first; empty when only words are written."),
  undrawn: z.string().nullable().describe("The subject's words nothing can be drawn for, as typed; null when it is drawn."),
  captioned: z.boolean().describe("True when those words are written on the sticker as its caption."),
});
export type PromptUnderstood = z.output<typeof promptUnderstood>;

/** Creating stickers (spec §7 aitask calls). */
export const taskCalls = {
  fromText: declareCall({
    method: "POST",
    path: "/api/aitask/submitGenerateText",
    summary:
      "Starts a sticker from a prompt (1–300 characters after trimming). Free users pay TEXT_GENERATION_COST points (NOT_ENOUGH_POINTS otherwise); members count against their daily limit (DAILY_LIMIT_REACHED). TOO_MANY_TASKS (429) while TASKS_IN_FLIGHT_LIMIT of the caller's tasks wait or run.",
    tag: "tasks",
    access: "user",
    input: z.object({
      prompt: promptField,
      styleId: styleIdField,
      visibility: visibility.default("public"),
      remixOf: remixOfField,
    }),
    output: submitted,
  }),

  fromImage: declareCall({
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
      remixOf: remixOfField,
    }),
    output: submitted,
  }),

  understand: declareCall({
    method: "POST",
    path: "/api/aitask/understandPrompt",
    summary:
      "What the offline generator will draw for a prompt, in the caller's language, without making or charging anything: the subjects (emoji and name), and the subject's words it cannot draw, which a pack of moods writes as each sticker's caption. The prompt's rules apply as on submit (PROMPT_EMPTY, PROMPT_TOO_LONG, PROMPT_BLOCKED); PROMPT_READINGS_PER_MINUTE (60 by default) per client address (RATE_LIMITED). With a hosted images API the answer is empty.",
    tag: "tasks",
    access: "public",
    input: z.object({
      prompt: promptField,
      pack: z.boolean().default(false).describe("Read it as a pack of moods (one sticker per mood) rather than one sticker."),
    }),
    output: promptUnderstood,
  }),

  get: declareCall({
    method: "GET",
    path: "/api/v2/aitask/get",
    summary:
      "One of the caller's tasks: status, progress, the failure's reason and refund, and the stickers made. Others' tasks are TASK_NOT_FOUND.",
    tag: "tasks",
    access: "user",
    input: z.object({ taskId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    output: taskView,
  }),

  today: declareCall({
    method: "GET",
    path: "/api/aitask/todayGenDetail",
    summary:
      "Today's allowance (UTC day): members get limit and remaining of their daily limit; free users get limit null, the point costs and how many text stickers their balance pays for.",
    tag: "tasks",
    access: "user",
    input: z.object({}),
    output: todayGenDetail,
  }),

  byUpload: declareCall({
    method: "GET",
    path: "/api/aitask/recentImage",
    summary:
      "The caller's task started by the submitGenerate upload `uploadId`, or taskId null: a page whose upload failed on the way back finds the task the server accepted.",
    tag: "tasks",
    access: "user",
    input: z.object({ uploadId: uploadIdField }),
    output: z.object({ taskId: z.number().nullable() }),
  }),
};
