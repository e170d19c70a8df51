import { apiCall } from "#app/lib/api/client.ts";
import { TIMEOUTS_MS } from "#common/constants.ts";
import type { SubmittedTask, TaskView, TodayGenDetail, Visibility } from "#common/tasks.ts";

export interface CreateRequest {
  prompt: string;
  styleId: number | null;
  visibility: Visibility;
  /** A picture to make the sticker from; without it the prompt alone is used. */
  picture: File | null;
}

/** Starts a task: text through submitGenerateText, a picture through the multipart submitGenerate. */
export function submitCreate(request: CreateRequest): Promise<SubmittedTask> {
  if (!request.picture) {
    return apiCall<SubmittedTask>("POST", "/api/aitask/submitGenerateText", {
      body: { prompt: request.prompt, visibility: request.visibility, ...(request.styleId ? { styleId: request.styleId } : {}) },
    });
  }
  const form = new FormData();
  form.append("file", request.picture);
  form.append("prompt", request.prompt);
  form.append("visibility", request.visibility);
  if (request.styleId) form.append("styleId", String(request.styleId));
  return apiCall<SubmittedTask>("POST", "/api/aitask/submitGenerate", { form, timeoutMs: TIMEOUTS_MS.upload });
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
