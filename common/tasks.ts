/** Shapes and rules of sticker creation shared by the server and the page (spec §3 task, §7 aitask). */

/** Prompts are 1–300 characters after trimming. */
export const PROMPT_MAX_LENGTH = 300;

/** 3: a sticker made to move (decision 0041). */
export const TASK_TYPE = { text: 1, image: 2, motion: 3 } as const;
export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE];

export const TASK_STATUS = { wait: 0, exeing: 1, success: 2, failed: 3 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

export type Visibility = "public" | "private";

export type { PromptUnderstood, SubmittedTask, TaskView, TodayGenDetail } from "./api/tasks.ts";
