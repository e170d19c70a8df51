import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/** How long /rechargeSuccess keeps asking about a payment that is still being confirmed (decision 0017). */
export const RECHARGE_RECHECK_TOTAL_MS = 120_000;

/**
 * The waits between re-checks: 1 s, doubling up to 30 s, the last one trimmed so that together they
 * take exactly `totalMs` (1, 2, 4, 8, 16, 30, 30, 29 s for two minutes).
 */
export function recheckDelays(totalMs = RECHARGE_RECHECK_TOTAL_MS, firstMs = 1000, capMs = 30_000): number[] {
  const delays: number[] = [];
  let spent = 0;
  for (let next = firstMs; spent < totalMs; next = Math.min(next * 2, capMs)) {
    const delay = Math.min(next, totalMs - spent);
    delays.push(delay);
    spent += delay;
  }
  return delays;
}

/**
 * While the checkout is `pending`, reloads the page's data (the loader asks the provider again) with
 * back-off; true once the two minutes are over and the payment is still not confirmed.
 */
export function useRechargeRecheck(pending: boolean): boolean {
  const revalidator = useRevalidator();
  // The revalidator changes identity on every render; the schedule must survive those renders.
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const delays = recheckDelays();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (attempt: number) => {
      const delay = delays[attempt];
      if (delay === undefined) {
        setGaveUp(true);
        return;
      }
      timer = setTimeout(() => {
        void revalidatorRef.current.revalidate().finally(() => {
          if (!stopped) schedule(attempt + 1);
        });
      }, delay);
    };
    schedule(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending]);
  return gaveUp;
}
