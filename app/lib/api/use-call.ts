import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { requestSignIn, type SignInReason } from "#app/features/auth/sign-in-request.ts";
import { useUser } from "#app/features/auth/use-user.ts";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { toastError } from "#app/lib/toast.ts";

export interface CallOptions<A extends unknown[], T> {
  /**
   * A signed-in action: a visitor gets the sign-in prompt (`requestSignIn(reason)`) and no call is
   * made. `onSignedOut` runs first (e.g. to keep what they typed through the sign-in).
   */
  signIn?: SignInReason;
  onSignedOut?: (...args: A) => void;
  /** Runs with the answer. */
  onSuccess?: (answer: T, ...args: A) => void | Promise<void>;
  /**
   * Reloads the route's data after a success, awaited: `"before"` `onSuccess` runs (it then sees the
   * new data), `"after"` it, or `"background"` (started after `onSuccess`, not awaited).
   */
  revalidate?: "before" | "after" | "background";
  /** Sees a failure first; returning `true` means it was handled, so no error toast shows (`false`: the toast shows). */
  onError?: (error: unknown, ...args: A) => boolean;
  /** Runs after the call, success or not, before `busy` goes back to false. */
  onSettled?: () => void;
}

export interface Call<A extends unknown[], T> {
  /** Makes the call unless one is running; resolves with the answer, or undefined (refused, skipped, or failed). Never rejects. */
  run: (...args: A) => Promise<T | undefined>;
  /** True while the call runs. */
  busy: boolean;
}

/**
 * One action's call from a component: the busy state (a second press while it runs is ignored), the
 * sign-in prompt for a visitor, the error toast (`toastError`, which stays silent for the failures the
 * sign-in prompt or a cancel already answered), and the route's data reloaded after a success.
 * `request` is any `(...args) => Promise<T>`; the latest one passed is used.
 */
export function useCall<A extends unknown[], T>(
  request: (...args: A) => Promise<T>,
  options: CallOptions<A, T> = {},
): Call<A, T> {
  const { t } = useTranslation();
  const user = useUser();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef({ request, options, user, t, revalidator });
  latest.current = { request, options, user, t, revalidator };

  const run = useCallback(async (...args: A): Promise<T | undefined> => {
    const { request, options, user, t, revalidator } = latest.current;
    if (running.current) return undefined;
    if (options.signIn && !user) {
      options.onSignedOut?.(...args);
      requestSignIn(options.signIn);
      return undefined;
    }
    running.current = true;
    setBusy(true);
    try {
      const answer = await request(...args);
      if (options.revalidate === "before") await revalidator.revalidate();
      await options.onSuccess?.(answer, ...args);
      if (options.revalidate === "after") await revalidator.revalidate();
      if (options.revalidate === "background") void revalidator.revalidate();
      return answer;
    } catch (error) {
      if (options.onError?.(error, ...args) !== true) toastError(error, t);
      return undefined;
    } finally {
      options.onSettled?.();
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { run, busy };
}
