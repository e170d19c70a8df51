import { z } from "zod";
import { MOOD_IDS, PACK_MAX_STICKERS, PACK_NAME_MAX_LENGTH, PACK_PUBLIC_CHANGES_PER_MINUTE } from "../packs.ts";
import { pageInput } from "../paging.ts";
import { declareCall } from "./declare-call.ts";
import { publicId, stickerInstId, stickerListItem, visibility } from "./stickers.ts";
import { promptField, styleIdField, taskStatus, uploadIdField } from "./tasks.ts";

/** A pack's public id (as a sticker's): URL-safe characters. */
export const packIdInput = publicId;

/** Names and emoji are checked by the services, so a bad one answers PACK_NAME_INVALID / PACK_EMOJI_INVALID. */
const nameInput = z.string().max(1000);

/** A pack in a list (my packs, the public packs tab). */
const packSummary = z.object({
  packId: z.string(),
  name: z.string(),
  visibility,
  stickerCount: z.number().describe("The stickers the caller sees (a visitor: the public ones)."),
  cover: z
    .object({ stickerInstId: z.string(), thumbUrl: z.string(), imageUrl: z.string() })
    .nullable()
    .describe("The cover sticker's 256 px WebP and 512 px PNG, or null for an empty pack."),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackSummary = z.output<typeof packSummary>;

/** A sticker in a pack: the list item plus its place and emoji. */
const packSticker = stickerListItem.extend({ position: z.number(), emoji: z.array(z.string()) });
export type PackSticker = z.output<typeof packSticker>;

/** A pack's page: the summary, its stickers in order and whether the viewer owns it. */
const packDetail = packSummary.extend({
  stickers: z.array(packSticker),
  credit: z
    .object({ author: z.string(), licence: z.string(), licenceUrl: z.string(), sourceUrl: z.string() })
    .nullable()
    .describe("Whose photo the stickers were drawn from, under which licence (decision 0049); null for art of our own."),
  mine: z.boolean(),
  owner: z.object({ name: z.string() }),
  pendingTaskIds: z.array(z.number()).describe("Tasks of a pack being made in one go that have not finished (owner only)."),
  hidden: z
    .boolean()
    .describe("Hidden by a moderator; true only for the owner (anyone else gets PACK_NOT_FOUND; decision 0035)."),
  staffView: z
    .boolean()
    .describe("True for staff opening a pack others cannot (private, hidden, or its owner banned) that was reported or hidden."),
});
export type PackDetail = z.output<typeof packDetail>;

const packPage = z.object({ list: z.array(packSummary), total: z.number() });
export type PackPage = z.output<typeof packPage>;

/** The answer to making a pack in one go (decision 0026). */
export const madePack = z.object({
  pack: packSummary,
  taskIds: z.array(z.number()).describe("One task per mood, in MOODS' order."),
  cost: z.number().describe("Points taken for the whole group (0 for members)."),
  point: z.number().describe("The points balance after the debits."),
});
export type MadePack = z.output<typeof madePack>;

/** One mood's task in the progress of a pack made in one go. */
const moodTaskView = z.object({
  taskId: z.number(),
  mood: z.enum(MOOD_IDS),
  emoji: z.string(),
  status: taskStatus,
  progress: z.number(),
  errorCode: z.string().nullable(),
  errorMsg: z.string().nullable(),
  refunded: z.boolean(),
  cost: z.number(),
  sticker: stickerListItem.nullable(),
});
export type MoodTaskView = z.output<typeof moodTaskView>;

/** The group's tasks in MOOD order. */
const packProgressView = z.object({
  packId: z.string(),
  name: z.string(),
  total: z.number(),
  ready: z.number(),
  failed: z.number(),
  done: z.boolean().describe("True once every task has succeeded or failed."),
  tasks: z.array(moodTaskView),
});
export type PackProgressView = z.output<typeof packProgressView>;

// Checked by the service after trimming (PACK_NAME_INVALID); this bound only stops absurd bodies.
const madeNameField = z
  .string()
  .max(PACK_NAME_MAX_LENGTH * 4)
  .optional();
// Which moods and how many are the service's rule (MOODS_INVALID); this bound only stops absurd bodies.
const moodsField = z.array(z.string().max(40)).max(40);

const makeSummary =
  "One task per mood (2–12 distinct ids of MOODS, else MOODS_INVALID), all written with a new pack in one transaction; each sticker costs what one sticker costs, and the whole group must be affordable (NOT_ENOUGH_POINTS / DAILY_LIMIT_REACHED, nothing made). Admitted while fewer than TASKS_IN_FLIGHT_LIMIT tasks are in flight (TOO_MANY_TASKS); the group may pass the cap by its own size. Each sticker joins the pack in mood order with the mood's emoji as it is made; a failed one is refunded.";

const publicChangesRule = `${PACK_PUBLIC_CHANGES_PER_MINUTE} visibility changes and deletions per user per minute`;

/** Sticker packs for messengers (decision 0024). Only the owner changes a pack; others get PACK_NOT_FOUND. */
export const packCalls = {
  create: declareCall({
    method: "POST",
    path: "/api/pack/create",
    summary: "A new pack (private unless asked), optionally with stickers: the caller's own or public ones they favourited.",
    tag: "packs",
    access: "user",
    input: z.object({
      name: nameInput,
      visibility: visibility.optional(),
      stickerInstIds: z.array(stickerInstId).max(PACK_MAX_STICKERS).optional(),
    }),
    output: packDetail,
  }),

  update: declareCall({
    method: "POST",
    path: "/api/pack/update",
    summary: `The owner renames a pack, makes it public or private, or sets its cover (null: the first sticker); ${publicChangesRule}.`,
    tag: "packs",
    access: "user",
    input: z.object({
      packId: packIdInput,
      name: nameInput.optional(),
      visibility: visibility.optional(),
      coverStickerInstId: stickerInstId.nullable().optional(),
    }),
    output: packDetail,
  }),

  delete: declareCall({
    method: "POST",
    path: "/api/pack/delete",
    summary: `The owner deletes a pack; its stickers stay (counted with visibility changes: ${publicChangesRule}).`,
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput }),
    output: z.object({ deleted: z.literal(true) }),
  }),

  addStickers: declareCall({
    method: "POST",
    path: "/api/pack/addStickers",
    summary:
      "The owner appends stickers in the given order (ones already in the pack are skipped), each with its labels' emoji (decision 0042). All or nothing: PACK_STICKER_NOT_FOUND, PACK_FULL.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstIds: z.array(stickerInstId).min(1).max(PACK_MAX_STICKERS) }),
    output: packDetail,
  }),

  removeSticker: declareCall({
    method: "POST",
    path: "/api/pack/removeSticker",
    summary: "The owner takes a sticker out of a pack; the rest close up and the cover falls back to the first sticker.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstId }),
    output: packDetail,
  }),

  reorder: declareCall({
    method: "POST",
    path: "/api/pack/reorder",
    summary: "The owner sends the pack's whole new order; it must name exactly the pack's stickers, else PACK_CHANGED.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstIds: z.array(stickerInstId).max(PACK_MAX_STICKERS) }),
    output: packDetail,
  }),

  setEmoji: declareCall({
    method: "POST",
    path: "/api/pack/setEmoji",
    summary: "The owner sets the 1 to 3 emoji a sticker stands for in the pack (PACK_EMOJI_INVALID).",
    tag: "packs",
    access: "user",
    input: z.object({ packId: packIdInput, stickerInstId, emoji: z.array(z.string().max(64)).max(16) }),
    output: packDetail,
  }),

  get: declareCall({
    method: "GET",
    path: "/api/pack/get",
    summary: "A pack with the stickers the caller sees, in order. A private pack is PACK_NOT_FOUND to anyone but its owner.",
    tag: "packs",
    access: "public",
    input: z.object({ packId: packIdInput }),
    output: packDetail,
  }),

  mine: declareCall({
    method: "GET",
    path: "/api/pack/mine",
    summary: "The caller's packs, newest first, private and empty ones included.",
    tag: "packs",
    access: "user",
    input: z.object(pageInput),
    output: packPage,
    etag: true,
  }),

  page: declareCall({
    method: "GET",
    path: "/api/pack/page",
    summary: "Public packs holding at least one public sticker, newest first, as a visitor sees them.",
    tag: "packs",
    access: "public",
    input: z.object(pageInput),
    output: packPage,
    etag: true,
  }),

  forSticker: declareCall({
    method: "GET",
    path: "/api/pack/forSticker",
    summary:
      "The caller's packs for a sticker's \"Add to pack\" menu: whether each holds it, and its count. Another's public sticker can be added once the caller has favourited it.",
    tag: "packs",
    access: "user",
    input: z.object({ stickerInstId }),
    output: z.object({
      list: z.array(z.object({ packId: z.string(), name: z.string(), contains: z.boolean(), stickerCount: z.number() })),
    }),
  }),

  fromPrompt: declareCall({
    method: "POST",
    path: "/api/pack/makeFromPrompt",
    summary: `Makes a pack from a prompt. ${makeSummary} Visibility defaults to public, as a text sticker's.`,
    tag: "packs",
    access: "user",
    input: z.object({
      prompt: promptField,
      styleId: styleIdField,
      moods: moodsField,
      name: madeNameField,
      visibility: visibility.default("public"),
    }),
    output: madePack,
  }),

  fromImage: declareCall({
    method: "POST",
    path: "/api/pack/makeFromImage",
    body: "multipart",
    summary: `Makes a pack from an uploaded photo (multipart: file, moods comma-separated, optional prompt, styleId, name, visibility, uploadId). ${makeSummary} Private by default, as a photo sticker is. A repeated make with an uploadId the caller already used answers that upload's pack, unpaid, instead of making a second one.`,
    tag: "packs",
    access: "user",
    input: z.object({
      file: z.instanceof(File).optional(),
      prompt: promptField.default(""),
      styleId: styleIdField,
      moods: z.string().max(400),
      name: madeNameField,
      // A photo may show a face: its pack stays private unless the owner chooses to share it.
      visibility: visibility.default("private"),
      uploadId: uploadIdField.optional().describe("The page's random id for this upload (16–64 of A–Z a–z 0–9 _ -)."),
    }),
    output: madePack,
  }),

  byUpload: declareCall({
    method: "GET",
    path: "/api/pack/byUpload",
    summary:
      "The caller's pack made by the makeFromImage upload `uploadId`, or packId null: a page whose make failed on the way back finds the pack the server made and follows its progress.",
    tag: "packs",
    access: "user",
    input: z.object({ uploadId: uploadIdField }),
    output: z.object({ packId: z.string().nullable() }),
  }),

  progress: declareCall({
    method: "GET",
    path: "/api/pack/progress",
    summary:
      "The tasks of a pack made in one go, in mood order: status, progress, failure and refund, and the sticker once made. Owner only: anyone else gets PACK_NOT_FOUND.",
    tag: "packs",
    access: "user",
    input: z.object({ packId: z.string().min(1).max(64) }),
    output: packProgressView,
  }),
};
