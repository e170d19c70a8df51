/** Shapes and rules of sticker creation shared by the server and the page (spec §3 task, §7 aitask). */
import type { StickerListItem } from "./stickers.ts";

/** Prompts are 1–300 characters after trimming. */
export const PROMPT_MAX_LENGTH = 300;

export const TASK_TYPE = { text: 1, image: 2 } as const;
export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE];

export const TASK_STATUS = { wait: 0, exeing: 1, success: 2, failed: 3 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export type Visibility = "public" | "private";

/** What submitting answers: the task to follow and what it cost. */
export interface SubmittedTask {
  taskId: number;
  status: TaskStatus;
  cost: number;
  /** The points balance after the debit (members pay nothing). */
  point: number;
}

/** A task as `GET /api/v2/aitask/get` answers it. */
export interface TaskView {
  taskId: number;
  type: TaskType;
  status: TaskStatus;
  /** 0–100: queued 0, started 10, drawn 70, stored 90, done 100. */
  progress: number;
  prompt: string;
  styleId: number | null;
  visibility: Visibility;
  cost: number;
  /** Why it failed (an error code) and its translated message; null otherwise. */
  errorCode: string | null;
  errorMsg: string | null;
  /** True once the points of a failed task are back on the balance. */
  refunded: boolean;
  /** Tasks ahead of this one in the queue while it waits. */
  position: number;
  createdAt: string;
  finishedAt: string | null;
  stickers: StickerListItem[];
}

/** Today's creation allowance (`GET /api/aitask/todayGenDetail`). */
export interface TodayGenDetail {
  member: boolean;
  /** Stickers started today (UTC). */
  todayCount: number;
  /** Members' daily limit; null for free users, who pay points instead. */
  limit: number | null;
  /** Stickers still possible today: limit − count for members, what the balance pays for free users. */
  remaining: number;
  /** Points per sticker from text and from an image (0 for members). */
  textCost: number;
  imageCost: number;
  point: number;
}
