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
   * Reloads the route's data after a success: `"before"` `onSuccess` runs (awaited, so it then sees
   * the new data), `"after"` it (awaited, the call stays busy until then), or `"background"` (started
   * after `onSuccess`, not awaited).
   */
  revalidate?: "before" | "after" | "background";
  /** Sees a failure first; returning `true` means it was handled, so no error toast shows (`false`: the toast shows). */
  onError?: (error: unknown, ...args: A) => boolean;
  /** Runs after the call, success or not, before `busy` goes back to false. */
  onSettled?: () => void;
}

/** What a call needs from the page: who is there, and the page's ways to reload, toast and ask to sign in. */
export interface CallPage {
  signedIn: boolean;
  revalidate: () => Promise<unknown>;
  toastError: (error: unknown) => void;
  requestSignIn: (reason: SignInReason) => void;
  /** Told when the call starts (true) and ends (false); not told when it is refused. */
  setBusy: (busy: boolean) => void;
}

/**
 * One run of a call, the hook's logic without React: the sign-in gate, the request, the answer's
 * follow-ups and revalidation, or the failure's handler and toast. Resolves with the answer, or
 * undefined when refused or failed; never rejects.
 */
export async function runCall<A extends unknown[], T>(
  request: (...args: A) => Promise<T>,
  args: A,
  options: CallOptions<A, T>,
  page: CallPage,
): Promise<T | undefined> {
  if (options.signIn && !page.signedIn) {
    options.onSignedOut?.(...args);
    page.requestSignIn(options.signIn);
    return undefined;
  }
  page.setBusy(true);
  try {
    const answer = await request(...args);
    if (options.revalidate === "before") await page.revalidate();
    await options.onSuccess?.(answer, ...args);
    if (options.revalidate === "after") await page.revalidate();
    if (options.revalidate === "background") void page.revalidate();
    return answer;
  } catch (error) {
    if (options.onError?.(error, ...args) !== true) page.toastError(error);
    return undefined;
  } finally {
    options.onSettled?.();
    page.setBusy(false);
  }
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
 * `request` is any `(...args) => Promise<T>`; the latest one passed (and the latest options) are used.
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

  const run = useCallback((...args: A): Promise<T | undefined> => {
    if (running.current) return Promise.resolve(undefined);
    const { request, options, user, t, revalidator } = latest.current;
    return runCall(request, args, options, {
      signedIn: user !== null,
      revalidate: () => revalidator.revalidate(),
      toastError: (error) => toastError(error, t),
      requestSignIn,
      setBusy: (now) => {
        running.current = now;
        setBusy(now);
      },
    });
  }, []);

  return { run, busy };
}
