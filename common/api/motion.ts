import { z } from "zod";
import { MOTION_PRESETS } from "../motion.ts";
import { declareCall } from "./declare-call.ts";
import { madePack, packIdInput } from "./packs.ts";
import { stickerInstId, visibility } from "./stickers.ts";
import { submitted } from "./tasks.ts";

const motionPreset = z.enum(MOTION_PRESETS);

/** What "Make it move" offers for one sticker, and its price for this caller, before they confirm. */
const motionOptions = z.object({
  presets: z
    .array(motionPreset)
    .describe("The presets this sticker can take (the caption types itself only where it has a caption layer)."),
  cost: z.number().describe("Points it costs this caller (0 for members, who count it in their day)."),
  member: z.boolean(),
  point: z.number().describe("The caller's balance now."),
  mine: z.boolean().describe("True when the caller made the sticker; otherwise the moving one is the caller's own copy."),
});
export type MotionOptions = z.output<typeof motionOptions>;

/** What "Make the pack move" offers: the presets every sticker can take, and the price per sticker. */
const packMotionOptions = motionOptions.omit({ mine: true }).extend({
  count: z.number().describe("The stickers that will move (the pack's stickers the caller may see)."),
});
export type PackMotionOptions = z.output<typeof packMotionOptions>;

const packMoveProgress = z.object({
  total: z.number(),
  made: z.number(),
  failed: z.number(),
  progress: z.number().describe("0–100, the tasks' mean progress (a failed one counts as done)."),
});
export type PackMoveProgress = z.output<typeof packMoveProgress>;

/** Stickers that move (decision 0041). */
export const motionCalls = {
  options: declareCall({
    method: "GET",
    path: "/api/motion/options",
    summary:
      "The motion presets a sticker the caller may see can take, and what making it move costs the caller. A sticker the caller may not see is NOT_FOUND, as an unknown id.",
    tag: "motion",
    access: "user",
    input: z.object({ stickerInstId }),
    output: motionOptions,
  }),
  make: declareCall({
    method: "POST",
    path: "/api/motion/make",
    summary:
      "Starts a task that makes a moving copy of a sticker the caller may see (their own, or a public one), owned by the caller. Free users pay MOTION_COST points; members count it against their daily limit. MOTION_PRESET_UNAVAILABLE (409) for the caption's preset on a sticker without a caption layer. Follow it with GET /api/v2/aitask/get.",
    tag: "motion",
    access: "user",
    input: z.object({ stickerInstId, preset: motionPreset, visibility: visibility.default("public") }),
    output: submitted,
  }),
  packOptions: declareCall({
    method: "GET",
    path: "/api/motion/packOptions",
    summary:
      "The presets every sticker of a pack the caller may see can take, how many stickers would move, and the price per sticker for the caller. PACK_EMPTY for a pack without stickers.",
    tag: "motion",
    access: "user",
    input: z.object({ packId: packIdInput }),
    output: packMotionOptions,
  }),
  makePack: declareCall({
    method: "POST",
    path: "/api/motion/makePack",
    summary:
      "Makes a pack move in one go: a new pack of the caller's with a moving copy of each of its stickers the caller may see, in the same order and with the same emoji, all with one preset. The whole group's price is checked and taken at once (NOT_ENOUGH_POINTS, DAILY_LIMIT_REACHED).",
    tag: "motion",
    access: "user",
    input: z.object({ packId: packIdInput, preset: motionPreset, visibility: visibility.default("private") }),
    output: madePack,
  }),
  packProgress: declareCall({
    method: "GET",
    path: "/api/motion/packProgress",
    summary: "How far the caller's pack made to move has got: its motion tasks by outcome. Others' packs are PACK_NOT_FOUND.",
    tag: "motion",
    access: "user",
    input: z.object({ packId: packIdInput }),
    output: packMoveProgress,
  }),
};
