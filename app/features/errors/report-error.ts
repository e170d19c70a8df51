import { api } from "#app/lib/api/api.ts";
import { apiClientState } from "#app/lib/api/client-state.ts";

export type ErrorKind = "error" | "unhandledrejection" | "boundary";

const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;
let ready = false;
const waiting: Array<[ErrorKind, unknown]> = [];

function describeError(error: unknown): { message: string; stack?: string } {
  if (error instanceof Error)
    return { message: `${error.name}: ${error.message}`, ...(error.stack ? { stack: error.stack } : {}) };
  if (typeof error === "string") return { message: error };
  try {
    return { message: JSON.stringify(error) ?? String(error) };
  } catch {
    return { message: String(error) };
  }
}

/** Sends a page error to /api/clientError; never throws and never loops on its own failure. */
export function reportError(kind: ErrorKind, error: unknown) {
  if (!ready) {
    waiting.push([kind, error]);
    return;
  }
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  const { message, stack } = describeError(error);
  api.telemetry
    .clientError({
      kind,
      message: message.slice(0, 2000) || "unknown",
      stack: stack?.slice(0, 8000),
      url: location.href,
      release: apiClientState.release,
    })
    .catch(() => undefined);
}

/** Catches window errors and unhandled promise rejections (spec §8) from the first script on. */
export function installErrorReporting() {
  window.addEventListener("error", (event) => reportError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportError("unhandledrejection", event.reason));
}

/** Called once the page knows its signing key: reports that waited are sent. */
export function errorReportingReady() {
  ready = true;
  for (const [kind, error] of waiting.splice(0)) reportError(kind, error);
}
