import { useEffect, useRef, useState } from "react";

/** How often a followed job is asked again: every second, then every 2.5 s once it has run 30 s. */
export const POLL_MS = 1000;
export const SLOW_POLL_MS = 2500;
export const SLOW_AFTER_MS = 30_000;

/** The wait before the next ask, `elapsedMs` after following began. */
export function pollDelay(elapsedMs: number): number {
  return elapsedMs > SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS;
}

export interface Polling<T> {
  /** One ask. */
  fetch: () => Promise<T>;
  /** Each answer, as it comes. */
  onValue: (value: T) => void;
  /** True when the answer is final: asking stops. */
  isDone: (value: T) => boolean;
  /** True for a failure that means the job is gone (not found, signed out): asking stops and `onGone` runs. Any other failure is a blip: asking goes on. */
  isGone: (error: unknown) => boolean;
  onGone: () => void;
}

/**
 * Asks at once, then again on `pollDelay`'s schedule until the answer is final or the job is gone.
 * Returns `stop`, after which no answer is reported and no ask starts.
 */
export function startPolling<T>(
  { fetch, onValue, isDone, isGone, onGone }: Polling<T>,
  clock: { now: () => number } = Date,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = clock.now();
  async function poll() {
    try {
      const value = await fetch();
      if (stopped) return;
      onValue(value);
      if (isDone(value)) return;
    } catch (error) {
      if (stopped) return;
      if (isGone(error)) {
        onGone();
        return;
      }
      // A network blip: keep following, a little slower.
    }
    timer = setTimeout(poll, pollDelay(clock.now() - started));
  }
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Follows one job in a component (a sticker's task, a pack's moods): the latest answer, or null
 * before the first. It starts again when `key` changes; `onGone` should be stable (a `useCallback`).
 */
export function usePolling<T>(
  key: string | number,
  fetch: () => Promise<T>,
  { isDone, isGone, onGone }: Pick<Polling<T>, "isDone" | "isGone" | "onGone">,
): T | null {
  const [value, setValue] = useState<T | null>(null);
  const latest = useRef({ fetch, isDone, isGone });
  latest.current = { fetch, isDone, isGone };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the job; the functions are read fresh
  useEffect(
    () =>
      startPolling({
        fetch: () => latest.current.fetch(),
        onValue: setValue,
        isDone: (next) => latest.current.isDone(next),
        isGone: (error) => latest.current.isGone(error),
        onGone,
      }),
    [key, onGone],
  );
  return value;
}
