import { apiCall } from "#app/lib/api/client.ts";
import type { SubmittedTask, TaskView, TodayGenDetail, Visibility } from "#common/tasks.ts";

export interface CreateRequest {
  prompt: string;
  styleId: number | null;
  visibility: Visibility;
  /** A picture to make the sticker from; without it the prompt alone is used. */
  picture: File | null;
}

/**
 * Starts a task: text through submitGenerateText, a picture through the multipart submitGenerate,
 * sent so that its progress shows (`onProgress`, 0…1; issue 18).
 */
export async function submitCreate(
  request: CreateRequest,
  onProgress: (sent: number) => void = () => undefined,
): Promise<SubmittedTask> {
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
  const { uploadWithProgress } = await import("./upload-picture.ts");
  return uploadWithProgress<SubmittedTask>("/api/aitask/submitGenerate", form, onProgress);
}

/** Waits between the looks for a task an interrupted upload may have started (the server may still be decoding). */
const FIND_TASK_WAITS_MS = [0, 1500, 3000, 5000];

/**
 * After a picture upload failed on the way (no answer, a timeout, a broken answer), the task the
 * server may have accepted and paid for anyway: the caller's newest picture task since `since` (server
 * time), looked for a few times; null when none appeared (issue 18).
 */
export async function findAcceptedTask(since: number): Promise<number | null> {
  for (const wait of FIND_TASK_WAITS_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const { taskId } = await apiCall<{ taskId: number | null }>("GET", "/api/aitask/recentImage", {
        params: { since: Math.floor(since) },
      });
      if (taskId !== null) return taskId;
    } catch {
      // Still offline: look again, then give up.
    }
  }
  return null;
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
