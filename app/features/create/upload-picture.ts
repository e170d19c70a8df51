import { ApiError, signedHeadersFor } from "#app/lib/api/client.ts";
import { apiClientState } from "#app/lib/api/client-state.ts";
import { type Envelope, isSuccess } from "#common/errors.ts";

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
