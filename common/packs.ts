/**
 * Sticker packs (decision 0024): the shapes of the pack calls, shared by the server, the loaders and the
 * page, and the rules both sides check. A pack is an owner's ordered set of stickers with one to three
 * emoji each, exported for WhatsApp and Telegram (docs/decisions/0024-sticker-packs.md).
 */
import type { StickerListItem } from "./stickers.ts";
import type { TaskStatus, Visibility } from "./tasks.ts";

/** At most this many stickers in a pack (Telegram's own limit per set). */
export const PACK_MAX_STICKERS = 120;
/** A pack's name: 1 to 64 characters after trimming. */
export const PACK_NAME_MAX_LENGTH = 64;
/** Visibility changes and deletions of packs one user may make per minute (as VISIBILITY_CHANGES_PER_MINUTE). */
export const PACK_PUBLIC_CHANGES_PER_MINUTE = 20;
/** Each sticker in a pack stands for one to three emoji. */
export const PACK_EMOJI_MIN = 1;
export const PACK_EMOJI_MAX = 3;
/** WhatsApp takes a pack of 3 to 30 stickers. */
export const WHATSAPP_PACK_MIN = 3;
export const WHATSAPP_PACK_MAX = 30;

/**
 * The moods a pack made in one go can draw, one sticker each, in this order. `emoji` is the sticker's
 * emoji in the pack and the mood's emblem; the name shown is the catalog key `moods.{id}`.
 */
export const MOODS = [
  { id: "happy", emoji: "😊" },
  { id: "sad", emoji: "😢" },
  { id: "love", emoji: "😍" },
  { id: "laughing", emoji: "😂" },
  { id: "angry", emoji: "😠" },
  { id: "sleeping", emoji: "😴" },
  { id: "surprised", emoji: "😮" },
  { id: "thumbs_up", emoji: "👍" },
  { id: "cool", emoji: "😎" },
  { id: "thinking", emoji: "🤔" },
  { id: "party", emoji: "🥳" },
  { id: "hello", emoji: "👋" },
] as const;
export type MoodId = (typeof MOODS)[number]["id"];
export const MOOD_IDS = MOODS.map((mood) => mood.id) as [MoodId, ...MoodId[]];
/** A pack made in one go draws 2 to 12 moods; the form preselects the first 8. */
export const PACK_MOODS_MIN = 2;
export const PACK_MOODS_DEFAULT = 8;

/** A sticker in a pack: the list item plus its place and emoji. */
export interface PackSticker extends StickerListItem {
  position: number;
  emoji: string[];
}

/** A pack in a list (my packs, the public packs tab). */
export interface PackSummary {
  packId: string;
  name: string;
  visibility: Visibility;
  stickerCount: number;
  /** The cover sticker's 256 px WebP and 512 px PNG, or null for an empty pack. */
  cover: { stickerInstId: string; thumbUrl: string; imageUrl: string } | null;
  createdAt: string;
  updatedAt: string;
}

/** A pack's page: the summary, its stickers in order and whether the viewer owns it. */
export interface PackDetail extends PackSummary {
  stickers: PackSticker[];
  mine: boolean;
  owner: { name: string };
  /** Tasks of a pack being made in one go that are not finished yet (owner only; else empty). */
  pendingTaskIds: number[];
  /** True when a moderator hid it (only ever for its owner, who sees a notice; decision 0035). */
  hidden: boolean;
  /** True when staff see a pack others cannot (private, hidden, or its owner banned) because it was reported or hidden. */
  staffView: boolean;
}

export interface PackPage {
  list: PackSummary[];
  total: number;
}

/** The answer to makeFromPrompt / makeFromImage (decision 0026). */
export interface MadePack {
  pack: PackSummary;
  taskIds: number[];
  /** Points taken for the whole group (0 for plan members), and the balance after. */
  cost: number;
  point: number;
}

/** One mood's task in the progress of a pack made in one go. */
export interface MoodTaskView {
  taskId: number;
  mood: MoodId;
  emoji: string;
  status: TaskStatus;
  progress: number;
  errorCode: string | null;
  errorMsg: string | null;
  refunded: boolean;
  cost: number;
  sticker: StickerListItem | null;
}

/** `GET /api/pack/progress`: the group's tasks in MOOD order. */
export interface PackProgressView {
  packId: string;
  name: string;
  total: number;
  ready: number;
  failed: number;
  /** True once every task has succeeded or failed. */
  done: boolean;
  tasks: MoodTaskView[];
}

/** A URL-safe slug of a pack's name for /pack/{packId}/{slug}; the same rule as stickers'. */
export { stickerSlug as packSlug } from "./stickers.ts";
