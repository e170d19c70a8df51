import { useCallback, useEffect, useRef, useState } from "react";
import type { SubscriptionView } from "#common/plans.ts";
import { useUser } from "../auth/use-user.ts";
import { fetchSubscription } from "./pricing-requests.ts";

/** Waits before asking again after a failed read; the cards stay in their loading state meanwhile. */
const RETRY_WAITS_MS = [2000, 5000, 10_000];

/**
 * The signed-in user's subscription: the loader's answer when there is one, read again whenever the
 * user or their plan changes (sign-in, a payment, a switch in another tab). Null for a visitor.
 * `known` is false while a signed-in user's subscription for their current plan has not been read:
 * the cards then show their loading state, never the trial offer nor an enabled current plan (issue 18).
 */
export function useSubscription(initial: SubscriptionView | null = null) {
  const user = useUser();
  const userId = user?.id ?? null;
  const wanted = userId === null ? null : `${userId}:${user?.subscribePlan ?? ""}`;
  const [state, setState] = useState<{ subscription: SubscriptionView | null; readFor: string | null }>(() => ({
    subscription: initial,
    readFor: initial && userId !== null && initial.priceId === user?.subscribePlan ? wanted : null,
  }));

  const refresh = useCallback(async () => {
    if (userId === null || wanted === null) {
      setState({ subscription: null, readFor: null });
      return;
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        const subscription = await fetchSubscription();
        setState({ subscription, readFor: wanted });
        return;
      } catch {
        const wait = RETRY_WAITS_MS[attempt];
        if (wait === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }, [userId, wanted]);

  // The loader's answer stands for the first render only when it matches the user's plan.
  const firstRun = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plan is a refetch trigger
  useEffect(() => {
    const first = firstRun.current;
    firstRun.current = false;
    if (userId === null) setState({ subscription: null, readFor: null });
    else if (!(first && state.readFor === wanted)) void refresh();
  }, [userId, user?.subscribePlan, refresh]);

  const known = userId === null || state.readFor === wanted;
  return { subscription: known ? state.subscription : null, known, refresh };
}
