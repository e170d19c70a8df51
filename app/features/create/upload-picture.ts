/**
 * A sticker from a picture, sent so that its progress shows and a lost answer is not taken for a lost
 * task (issue 18, decision 0029). Loaded when Generate is pressed with a picture (first-load budget).
 */
import { ApiError, apiCall, signedHeadersFor } from "#app/lib/api/client.ts";
import { apiClientState } from "#app/lib/api/client-state.ts";
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
/**
 * Waits between the looks for that task, backing off: the server may still be decoding the picture,
 * or be slow to start it. About 30 s in all; after that a task cannot start unpaid-for by surprise,
 * since a retry with the same upload id answers it instead of paying again (decision 0029).
 */
const FIND_TASK_WAITS_MS = [0, 1000, 2000, 3000, 4000, 5000, 7000, 8000];
/** However slow the looks themselves are (each may wait for its own timeout), they stop by then. */
const FIND_TASK_MAX_MS = 35_000;

/**
 * The upload id of each picked picture whose last send ended without a known answer: pressing
 * Generate again with the same picked file sends the same id, so a task the server took late is
 * answered, not started and paid for twice. Forgotten once the send's outcome is known, so a second
 * sticker from the same picture is a new upload.
 */
const unsettledUploads = new WeakMap<File, string>();

/** A random id for one upload: 22 url-safe characters (128 bits). */
function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The task the upload `uploadId` started, looked for with back-off for about 30 s; null when none appeared. */
async function findAcceptedTask(uploadId: string): Promise<number | null> {
  const started = Date.now();
  for (const wait of FIND_TASK_WAITS_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (Date.now() - started > FIND_TASK_MAX_MS) break;
    try {
      const { taskId } = await apiCall<{ taskId: number | null }>("GET", "/api/aitask/recentImage", { params: { uploadId } });
      if (taskId !== null) return taskId;
    } catch {
      // Still offline: look again, then give up.
    }
  }
  return null;
}

/**
 * Starts a sticker from `picture` (multipart submitGenerate with the upload's id). `onProgress` gets
 * the share sent (0…1), then null while the page looks for the task after an uncertain failure.
 * Answers the task to follow, or null when nothing started, so nothing was paid (task, debit and job
 * are one transaction, and a retry of this picked file reuses the id, so it cannot pay twice);
 * a refusal (NOT_ENOUGH_POINTS, UPLOAD_…) is thrown as the ApiError it is.
 */
export async function submitPictureTask(
  request: CreateRequest & { picture: File },
  onProgress: (sent: number | null) => void,
): Promise<number | null> {
  const uploadId = unsettledUploads.get(request.picture) ?? newUploadId();
  unsettledUploads.set(request.picture, uploadId);
  const form = new FormData();
  form.append("file", request.picture);
  form.append("prompt", request.prompt);
  form.append("visibility", request.visibility);
  form.append("uploadId", uploadId);
  if (request.styleId) form.append("styleId", String(request.styleId));
  try {
    const { taskId } = await uploadWithProgress<SubmittedTask>("/api/aitask/submitGenerate", form, onProgress);
    unsettledUploads.delete(request.picture);
    return taskId;
  } catch (error) {
    if (!(error instanceof ApiError && UNCERTAIN_FAILURES.has(error.status))) {
      unsettledUploads.delete(request.picture);
      throw error;
    }
    onProgress(null);
    const taskId = await findAcceptedTask(uploadId);
    if (taskId !== null) unsettledUploads.delete(request.picture);
    return taskId;
  }
}
