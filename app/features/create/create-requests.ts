import { api } from "#app/lib/api/api.ts";
import type { TipPage } from "#common/stickers.ts";
import type { SubmittedTask, TaskView, TodayGenDetail, Visibility } from "#common/tasks.ts";

export interface CreateRequest {
  prompt: string;
  styleId: number | null;
  visibility: Visibility;
  /** "Make my version" (decision 0046): the public sticker the new one remixes. */
  remixOf?: string | undefined;
}

/** Starts a sticker from words (submitGenerateText); a picture goes through upload-picture.ts. */
export function submitCreate(request: CreateRequest): Promise<SubmittedTask> {
  return api.task.fromText({
    prompt: request.prompt,
    visibility: request.visibility,
    ...(request.styleId ? { styleId: request.styleId } : {}),
    ...(request.remixOf ? { remixOf: request.remixOf } : {}),
  });
}

export function fetchTask(taskId: number): Promise<TaskView> {
  return api.task.get({ taskId });
}

export function fetchTodayGenDetail(): Promise<TodayGenDetail> {
  return api.task.today({}, { dedupe: true });
}

export type Tip = TipPage["list"][number];

export function fetchTips(size: number, cursor?: number): Promise<TipPage> {
  return api.tip.next({ size, cursor });
}
