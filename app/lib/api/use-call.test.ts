import { describe, expect, it, vi } from "vitest";
import { type CallPage, runCall } from "./use-call.ts";

function page(signedIn = true) {
  const steps: string[] = [];
  const fake: CallPage & { steps: string[] } = {
    steps,
    signedIn,
    revalidate: vi.fn(async () => {
      steps.push("revalidate");
    }),
    toastError: vi.fn((error: unknown) => {
      steps.push(`toast ${(error as Error).message}`);
    }),
    requestSignIn: vi.fn((reason: string) => {
      steps.push(`sign in (${reason})`);
    }),
    setBusy: vi.fn((busy: boolean) => {
      steps.push(busy ? "busy" : "idle");
    }),
  };
  return fake;
}

const answer =
  (value: string) =>
  async (..._args: unknown[]) =>
    value;
const failure =
  (message: string) =>
  async (..._args: unknown[]) => {
    throw new Error(message);
  };

describe("runCall", () => {
  it("is busy while the request runs, and hands the answer to onSuccess with the arguments", async () => {
    const p = page();
    const onSuccess = vi.fn((value: string, ...args: unknown[]) => {
      p.steps.push(`success ${value} ${args.join(",")}`);
    });
    await expect(runCall(answer("ok"), [1, 2], { onSuccess }, p)).resolves.toBe("ok");
    expect(p.steps).toEqual(["busy", "success ok 1,2", "idle"]);
    expect(p.revalidate).not.toHaveBeenCalled();
  });

  it("revalidates before or after onSuccess, awaited, or in the background", async () => {
    for (const [when, expected] of [
      ["before", ["busy", "revalidate", "success", "idle"]],
      ["after", ["busy", "success", "revalidate", "idle"]],
      ["background", ["busy", "success", "revalidate", "idle"]],
    ] as const) {
      const p = page();
      await runCall(answer("ok"), [], { revalidate: when, onSuccess: () => void p.steps.push("success") }, p);
      expect(p.steps).toEqual(expected);
    }
  });

  it("toasts a failure, resolves with undefined, and does not revalidate", async () => {
    const p = page();
    await expect(runCall(failure("boom"), [], { revalidate: "after" }, p)).resolves.toBeUndefined();
    expect(p.steps).toEqual(["busy", "toast boom", "idle"]);
  });

  it("lets onError handle a failure (no toast) or pass it on (toast)", async () => {
    const p = page();
    const onError = vi.fn((error: unknown) => (error as Error).message === "known");
    await runCall(failure("known"), ["x"], { onError }, p);
    await runCall(failure("other"), ["y"], { onError }, p);
    expect(onError).toHaveBeenNthCalledWith(1, expect.any(Error), "x");
    expect(p.steps).toEqual(["busy", "idle", "busy", "toast other", "idle"]);
  });

  it("toasts a failure of onSuccess itself", async () => {
    const p = page();
    await runCall(answer("ok"), [], { onSuccess: () => Promise.reject(new Error("after")) }, p);
    expect(p.steps).toEqual(["busy", "toast after", "idle"]);
  });

  it("asks a visitor to sign in instead of calling, after onSignedOut, when the call is a signed-in one", async () => {
    const p = page(false);
    const request = vi.fn(answer("ok"));
    const onSignedOut = vi.fn((text: string) => void p.steps.push(`keep ${text}`));
    await expect(runCall(request, ["typed"], { signIn: "create", onSignedOut }, p)).resolves.toBeUndefined();
    expect(request).not.toHaveBeenCalled();
    expect(p.steps).toEqual(["keep typed", "sign in (create)"]);
  });

  it("calls for a visitor when the call needs no sign-in", async () => {
    const p = page(false);
    await expect(runCall(answer("ok"), [], {}, p)).resolves.toBe("ok");
  });

  it("runs onSettled after success and after failure, before busy ends", async () => {
    const p = page();
    const onSettled = () => void p.steps.push("settled");
    await runCall(answer("ok"), [], { onSettled }, p);
    await runCall(failure("x"), [], { onSettled }, p);
    expect(p.steps).toEqual(["busy", "settled", "idle", "busy", "toast x", "settled", "idle"]);
  });
});
