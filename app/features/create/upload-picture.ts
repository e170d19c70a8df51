/**
 * A sticker from a picture, sent so that its progress shows and a lost answer is not taken for a lost
 * task (issue 18, decision 0029). Loaded when Generate is pressed with a picture (first-load budget).
 */
import { ApiError, apiCall, signedHeadersFor } from "#app/lib/api/client.ts";
import { apiClientState, serverNow } from "#app/lib/api/client-state.ts";
import { type Envelope, isSuccess } from "#common/errors.ts";
import type { SubmittedTask } from "#common/tasks.ts";
import type { CreateRequest } from "./create-requests.ts";

/** An upload that sends nothing for this long has stalled (mobile data drops without closing). */
const STALL_MS = 20_000;
/** However it trickles, an upload ends by then. */
const UPLOAD_MAX_MS = 180_000;

/**
 * A signed multipart call that reports how much of its body went out (`onProgress(0…1)`): fetch has
 * no upload progress, XMLHttpRequest does. Errors are the ApiError codes of apiCall: NETWORK, TIMEOUT
 * (a stall or the overall cap), or the envelope's code (issue 18).
 */
export async function uploadWithProgress<T>(path: string, form: FormData, onProgress: (sent: number) => void): Promise<T> {
  const params = [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const { headers, signedIn } = await signedHeadersFor("POST", path, params);
  const envelope = await new Promise<Envelope<T>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const overall = setTimeout(() => request.abort(), UPLOAD_MAX_MS);
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => request.abort(), STALL_MS);
    };
    const done = () => {
      clearTimeout(stall);
      clearTimeout(overall);
    };
    request.open("POST", path);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      watch();
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    // Once the body is out, the server decodes and starts the task: that wait is not a stall.
    request.upload.onload = () => {
      onProgress(1);
      clearTimeout(stall);
    };
    request.onload = () => {
      done();
      if (request.response && typeof request.response === "object") resolve(request.response as Envelope<T>);
      else reject(new ApiError("INTERNAL_ERROR", { msgKey: "errors.internal" }));
    };
    request.onerror = () => {
      done();
      reject(new ApiError("NETWORK", { msgKey: "errors.network" }));
    };
    request.onabort = () => {
      done();
      reject(new ApiError("TIMEOUT", { msgKey: "errors.timeout" }));
    };
    watch();
    request.send(form);
  });
  if (isSuccess(envelope)) return envelope.data;
  if (envelope.status === "AUTH_ERROR") apiClientState.onAuthError(signedIn);
  throw new ApiError(String(envelope.status), envelope as unknown as ConstructorParameters<typeof ApiError>[1]);
}

/** Failures after which the server may still have accepted the task: the page looks before saying so. */
const UNCERTAIN_FAILURES = new Set(["NETWORK", "TIMEOUT", "INTERNAL_ERROR"]);
/** Waits between the looks for that task (the server may still be decoding the picture). */
const FIND_TASK_WAITS_MS = [0, 1500, 3000, 5000];

/**
 * The task an interrupted upload may have started anyway: the caller's newest picture task since
 * `since` (server time), looked for a few times; null when none appeared.
 */
async function findAcceptedTask(since: number): Promise<number | null> {
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

/**
 * Starts a sticker from `picture` (multipart submitGenerate). `onProgress` gets the share sent (0…1),
 * then null while the page looks for the task after an uncertain failure. Answers the task to follow,
 * or null when nothing started (and so nothing was paid: task, debit and job are one transaction);
 * a refusal (NOT_ENOUGH_POINTS, UPLOAD_…) is thrown as the ApiError it is.
 */
export async function submitPictureTask(
  request: CreateRequest & { picture: File },
  onProgress: (sent: number | null) => void,
): Promise<number | null> {
  const form = new FormData();
  form.append("file", request.picture);
  form.append("prompt", request.prompt);
  form.append("visibility", request.visibility);
  if (request.styleId) form.append("styleId", String(request.styleId));
  // Server time before the first byte: a task this upload started is at or after it.
  const since = serverNow();
  try {
    return (await uploadWithProgress<SubmittedTask>("/api/aitask/submitGenerate", form, onProgress)).taskId;
  } catch (error) {
    if (!(error instanceof ApiError && UNCERTAIN_FAILURES.has(error.status))) throw error;
    onProgress(null);
    return findAcceptedTask(since);
  }
}
