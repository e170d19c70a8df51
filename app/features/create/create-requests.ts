import { apiCall } from "#app/lib/api/client.ts";
import type { SubmittedTask, TaskView, TodayGenDetail, Visibility } from "#common/tasks.ts";

export interface CreateRequest {
  prompt: string;
  styleId: number | null;
  visibility: Visibility;
}

/** Starts a sticker from words (submitGenerateText); a picture goes through upload-picture.ts. */
export function submitCreate(request: CreateRequest): Promise<SubmittedTask> {
  return apiCall<SubmittedTask>("POST", "/api/aitask/submitGenerateText", {
    body: { prompt: request.prompt, visibility: request.visibility, ...(request.styleId ? { styleId: request.styleId } : {}) },
  });
}

export function fetchTask(taskId: number): Promise<TaskView> {
  return apiCall<TaskView>("GET", "/api/v2/aitask/get", { params: { taskId } });
}

export function fetchTodayGenDetail(): Promise<TodayGenDetail> {
  return apiCall<TodayGenDetail>("GET", "/api/aitask/todayGenDetail", { dedupe: true });
}

export interface Tip {
  id: number;
  text: string;
}

export function fetchTips(size: number, cursor?: number): Promise<{ list: Tip[]; cursor: number }> {
  return apiCall("GET", "/api/v2/aitask/generateRandomTip", { params: { size, cursor } });
}
