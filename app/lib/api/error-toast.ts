import { STORAGE_KEYS } from "#common/storage-keys.ts";
import { ApiError } from "./client.ts";

/** Messages of user-cancelled actions never toast (spec §8). */
const SILENT_MESSAGES = ["payment cancel", "save image cancel", "choose image cancel", "share cancel", "user did not share"];

export const HAS_CATCH_ERROR_KEY = STORAGE_KEYS.hasCatchError;

const ILLEGAL_CODES = new Set(["SIGNATURE_MISSING", "SIGNATURE_INVALID", "SIGNATURE_STALE", "UNSUPPORTED_VERSION"]);

type Translate = (key: string) => string;

/** The raw message of an error answer: errMsg, errorMessage, msg or message (spec §8). */
export function messageOf(error: unknown): string | undefined {
  const body: Record<string, unknown> =
    error instanceof ApiError
      ? error.body
      : error !== null && typeof error === "object"
        ? (error as Record<string, unknown>)
        : {};
  for (const field of ["errMsg", "errorMessage", "msg", "message"]) {
    const value = body[field];
    if (typeof value === "string" && value.trim()) return value;
  }
  return error instanceof Error ? error.message : typeof error === "string" ? error : undefined;
}

/**
 * What the error toast says for an error, or null when it stays silent (spec §8): user cancels are
 * silent; `...:fail cancel` says modal.canceled; illegal requests say catchMessage.IllegaRequest.
 * The has-catch-error flag (set when a login prompt is confirmed) is one-shot (decision 0017): the
 * next error clears it, and it silences only the failure the prompt replaced (AUTH_ERROR); any other
 * error, such as a later rate limit or network failure, shows its toast.
 */
export function toastMessageFor(
  error: unknown,
  t: Translate,
  storage: Pick<Storage, "getItem" | "removeItem"> | null,
): string | null {
  if (storage?.getItem(HAS_CATCH_ERROR_KEY)) storage.removeItem(HAS_CATCH_ERROR_KEY);
  // The sign-in prompt stands in for an auth failure's message, with or without the flag.
  if (error instanceof ApiError && error.status === "AUTH_ERROR") return null;
  const message = messageOf(error);
  const lower = message?.toLowerCase() ?? "";
  if (SILENT_MESSAGES.some((silent) => lower.includes(silent))) return null;
  if (lower.endsWith(":fail cancel")) return t("modal.canceled");
  if ((error instanceof ApiError && ILLEGAL_CODES.has(error.status)) || lower.includes("illegal request")) {
    return t("catchMessage.IllegaRequest");
  }
  if (error instanceof ApiError) {
    // The server already translated `msg`; a page-made error (network, timeout) carries only its key.
    if (typeof error.body.msg === "string" && error.body.msg) return error.body.msg;
    if (typeof error.body.msgKey === "string") return t(error.body.msgKey);
  }
  return message ?? t("errors.internal");
}
