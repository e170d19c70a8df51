import { ApiError, signedHeadersFor } from "#app/lib/api/client.ts";
import { apiClientState, configureApiClient } from "#app/lib/api/client-state.ts";
import { toastDismiss, toastError, toastProgress, toastSuccess } from "#app/lib/toast.ts";
import { myDataDownload, sizeText } from "./account-requests.ts";

/** The archive's address (server/accounts/data-export/routes.ts): a signed GET with the session. */
const EXPORT_PATH = "/files/account/export";
const TOAST_ID = "my-data-download";
/** The progress toast moves on every this many bytes, not on every chunk. */
const PROGRESS_STEP_BYTES = 256 * 1024;

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The archive's request, signed like a call (decision 0037); once more with the server's time after SIGNATURE_STALE. */
async function fetchArchive(): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const { headers, signedIn } = await signedHeadersFor("GET", EXPORT_PATH, []);
    const response = await fetch(EXPORT_PATH, { headers, credentials: "same-origin" });
    if (response.ok && response.headers.get("content-type")?.startsWith("application/zip")) return response;
    const envelope = (await response.json().catch(() => ({ status: "INTERNAL_ERROR", msgKey: "errors.internal" }))) as Record<
      string,
      unknown
    >;
    const status = String(envelope.status ?? "INTERNAL_ERROR");
    const serverTime = Date.parse(response.headers.get("date") ?? "");
    if (status === "SIGNATURE_STALE" && attempt === 0 && !Number.isNaN(serverTime)) {
      configureApiClient({ clockOffsetMs: serverTime + 500 - Date.now() });
      continue;
    }
    if (status === "AUTH_ERROR") apiClientState.onAuthError(signedIn);
    throw new ApiError(status, envelope);
  }
}

/** The file name the server gave (`attachment; filename="…"`). */
function fileNameOf(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "sticker-studio-data.zip";
}

/**
 * "Download my data": asks for the archive, shows how much has arrived (in the menu item, through
 * `myDataDownload`, and in a toast that stays until the end), then hands the file to the browser as a
 * download. `downloadMyDataLater` starts it, one at a time.
 */
export async function downloadMyData(t: Translate): Promise<void> {
  toastProgress(TOAST_ID, t("myData.download.preparing"));
  try {
    const response = await fetchArchive();
    const name = fileNameOf(response);
    const parts: Uint8Array[] = [];
    let received = 0;
    let shown = 0;
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
      parts.push(chunk.value);
      received += chunk.value.length;
      if (received - shown >= PROGRESS_STEP_BYTES) {
        shown = received;
        myDataDownload.set({ phase: "receiving", bytes: received });
        toastProgress(TOAST_ID, t("myData.download.progress", { size: sizeText(received, apiClientState.language) }));
      }
    }
    const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: "application/zip" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file; the address is let go once it has started saving.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    toastSuccess(t("myData.download.done", { file: name }), TOAST_ID);
  } catch (error) {
    toastDismiss(TOAST_ID);
    toastError(error instanceof ApiError ? error : new ApiError("NETWORK", { msgKey: "errors.network" }), t);
  } finally {
    myDataDownload.set({ phase: "idle" });
  }
}
