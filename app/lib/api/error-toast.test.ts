import { describe, expect, it } from "vitest";
import { ApiError } from "./client.ts";
import { HAS_CATCH_ERROR_KEY, messageOf, toastMessageFor } from "./error-toast.ts";

const t = (key: string) => `t(${key})`;
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, removeItem: (k: string) => void values.delete(k), values };
}

describe("error toast rules (spec §8)", () => {
  it("takes the message from errMsg, errorMessage, msg or message, in that order", () => {
    expect(messageOf({ errMsg: "a", msg: "b" })).toBe("a");
    expect(messageOf({ errorMessage: "c", message: "d" })).toBe("c");
    expect(messageOf({ message: "d" })).toBe("d");
  });

  it("shows the server's translated message for an API error", () => {
    const error = new ApiError("NO_PERMISSION", {
      status: "NO_PERMISSION",
      msg: "Keine Berechtigung",
      msgKey: "errors.noPermission",
    });
    expect(toastMessageFor(error, t, memoryStorage())).toBe("Keine Berechtigung");
  });

  it("translates a page-made error (network, timeout) from its key", () => {
    expect(toastMessageFor(new ApiError("TIMEOUT", { msgKey: "errors.timeout" }), t, null)).toBe("t(errors.timeout)");
  });

  it("stays silent for user cancels", () => {
    for (const message of ["payment cancel", "save image cancel", "choose image cancel", "share cancel", "user did not share"]) {
      expect(toastMessageFor({ message }, t, null)).toBeNull();
    }
  });

  it("says modal.canceled for messages ending in :fail cancel", () => {
    expect(toastMessageFor({ errMsg: "shareAppMessage:fail cancel" }, t, null)).toBe("t(modal.canceled)");
  });

  it("maps illegal requests and signature errors to catchMessage.IllegaRequest", () => {
    expect(toastMessageFor(new ApiError("SIGNATURE_STALE", { msg: "x" }), t, null)).toBe("t(catchMessage.IllegaRequest)");
    expect(toastMessageFor({ msg: "Illegal request" }, t, null)).toBe("t(catchMessage.IllegaRequest)");
  });

  it("has-catch-error silences the auth failure the sign-in prompt replaced, then is cleared", () => {
    const storage = memoryStorage({ [HAS_CATCH_ERROR_KEY]: "1" });
    expect(toastMessageFor(new ApiError("AUTH_ERROR", { msg: "Please sign in" }), t, storage)).toBeNull();
    expect(storage.values.has(HAS_CATCH_ERROR_KEY)).toBe(false);
  });

  it("has-catch-error never silences a real error: a rate limit or network failure toasts and clears the flag", () => {
    const limited = new ApiError("RATE_LIMITED", {
      status: "RATE_LIMITED",
      msg: "Too many requests",
      msgKey: "errors.rateLimited",
    });
    const storage = memoryStorage({ [HAS_CATCH_ERROR_KEY]: "1" });
    expect(toastMessageFor(limited, t, storage)).toBe("Too many requests");
    expect(storage.values.has(HAS_CATCH_ERROR_KEY)).toBe(false);
    const again = memoryStorage({ [HAS_CATCH_ERROR_KEY]: "1" });
    expect(toastMessageFor(new ApiError("NETWORK", { msgKey: "errors.network" }), t, again)).toBe("t(errors.network)");
    expect(toastMessageFor({ msg: "boom" }, t, again)).toBe("boom");
  });

  it("never toasts AUTH_ERROR: the login prompt handles it", () => {
    expect(toastMessageFor(new ApiError("AUTH_ERROR", { msg: "Please sign in" }), t, null)).toBeNull();
  });
});
