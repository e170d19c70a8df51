/**
 * A sticker — or a pack of moods — from a picture, sent so that its progress shows and a lost answer is
 * not taken for a lost task (decision 0029). Loaded when Generate (or Make the pack) is
 * pressed with a picture (first-load budget).
 */
import { api, type ClientCall } from "#app/lib/api/api.ts";
import { ApiError, signedHeadersFor } from "#app/lib/api/client.ts";
import { apiClientState } from "#app/lib/api/client-state.ts";
import type { CallAnswer, CallDeclaration } from "#common/api/declare-call.ts";
import { type Envelope, isSuccess } from "#common/envelope.ts";
import type { CreateRequest } from "./create-requests.ts";

/** An upload that sends nothing for this long has stalled (mobile data drops without closing). */
const STALL_MS = 20_000;
/** However it trickles, an upload ends by then. */
const UPLOAD_MAX_MS = 180_000;

/**
 * A signed multipart call that reports how much of its body went out (`onProgress(0…1)`): fetch has
 * no upload progress, XMLHttpRequest does. Errors are the ApiError codes of every call: NETWORK, TIMEOUT
 * (a stall or the overall cap), or the envelope's code.
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

/** Failures after which the server may still have started what was sent: the page looks before saying so. */
const UNCERTAIN_FAILURES = new Set(["NETWORK", "TIMEOUT", "INTERNAL_ERROR"]);
/**
 * Waits between the looks for what an upload started, backing off: the server may still be decoding
 * the picture, or be slow to start it. About 30 s in all; after that nothing can start unpaid-for by
 * surprise, since a retry with the same upload id answers it instead of paying again (decision 0029).
 */
const LOOK_WAITS_MS = [0, 1000, 2000, 3000, 4000, 5000, 7000, 8000];
/** However slow the looks themselves are (each may wait for its own timeout), they stop by then. */
const LOOK_MAX_MS = 35_000;

/**
 * Per call, the upload id of each picked picture whose last send ended without a known answer: pressing
 * the button again with the same picked file sends the same id, so what the server took late is
 * answered, not started and paid for twice. Forgotten once the send's outcome is known, so a second
 * sticker from the same picture is a new upload. Kept per call, so a photo tried as one sticker and
 * then as a pack is two uploads.
 */
const unsettledUploads = new Map<string, WeakMap<File, string>>();

/** A random id for one upload: 22 url-safe characters (128 bits). */
function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** What `look` finds, asked with back-off for about 30 s; null when nothing appeared. */
async function lookWithBackOff<T>(look: () => Promise<T | null>): Promise<T | null> {
  const started = Date.now();
  for (const wait of LOOK_WAITS_MS) {
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (Date.now() - started > LOOK_MAX_MS) break;
    try {
      const found = await look();
      if (found !== null) return found;
    } catch {
      // Still offline: look again, then give up.
    }
  }
  return null;
}

/**
 * Sends one picked picture to the multipart `call` with `fields` and the upload's id as
 * `uploadId` (decision 0029). `onProgress` gets the share sent (0…1), then null while the page looks,
 * through `lookUp(uploadId)`, for what the server started after an uncertain failure. Answers what to
 * follow (`followed` of the answer, or what the look found), or null when nothing started, so nothing
 * was paid (the server writes and pays in one transaction, and a retry of this picked file reuses the
 * id, so it cannot pay twice); a refusal (NOT_ENOUGH_POINTS, UPLOAD_…) is thrown as the ApiError it is.
 */
export async function sendPictureOnce<D extends CallDeclaration, Followed>(o: {
  call: ClientCall<D>;
  picture: File;
  fields: Record<string, string>;
  followed: (answer: CallAnswer<D>) => Followed;
  lookUp: (uploadId: string) => Promise<Followed | null>;
  onProgress: (sent: number | null) => void;
}): Promise<Followed | null> {
  const path = o.call.route.path;
  const unsettled = unsettledUploads.get(path) ?? new WeakMap<File, string>();
  unsettledUploads.set(path, unsettled);
  const uploadId = unsettled.get(o.picture) ?? newUploadId();
  unsettled.set(o.picture, uploadId);
  const form = new FormData();
  form.append("file", o.picture);
  for (const [name, value] of Object.entries(o.fields)) form.append(name, value);
  form.append("uploadId", uploadId);
  try {
    const answer = await uploadWithProgress<CallAnswer<D>>(path, form, o.onProgress);
    unsettled.delete(o.picture);
    return o.followed(answer);
  } catch (error) {
    if (!(error instanceof ApiError && UNCERTAIN_FAILURES.has(error.status))) {
      unsettled.delete(o.picture);
      throw error;
    }
    o.onProgress(null);
    const found = await lookWithBackOff(() => o.lookUp(uploadId));
    if (found !== null) unsettled.delete(o.picture);
    return found;
  }
}

/**
 * Starts a sticker from `picture` (multipart submitGenerate with the upload's id): the task to follow,
 * or null when nothing started (see `sendPictureOnce`).
 */
export function submitPictureTask(
  request: CreateRequest & { picture: File },
  onProgress: (sent: number | null) => void,
): Promise<number | null> {
  return sendPictureOnce({
    call: api.task.fromImage,
    picture: request.picture,
    fields: {
      prompt: request.prompt,
      visibility: request.visibility,
      ...(request.styleId ? { styleId: String(request.styleId) } : {}),
      ...(request.remixOf ? { remixOf: request.remixOf } : {}),
    },
    followed: (answer) => answer.taskId,
    lookUp: async (uploadId) => (await api.task.byUpload({ uploadId })).taskId,
    onProgress,
  });
}
