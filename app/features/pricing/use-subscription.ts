import { useCallback, useEffect, useRef, useState } from "react";
import type { SubscriptionView } from "#common/plans.ts";
import { useUser } from "../auth/use-user.ts";
import { fetchSubscription } from "./pricing-requests.ts";

/**
 * The signed-in user's subscription: the loader's answer when there is one, read again whenever the
 * user or their plan changes (sign-in, a payment, a switch in another tab). Null for a visitor.
 */
export function useSubscription(initial: SubscriptionView | null = null) {
  const user = useUser();
  const [subscription, setSubscription] = useState<SubscriptionView | null>(initial);
  const userId = user?.id ?? null;

  const refresh = useCallback(async () => {
    if (userId === null) {
      setSubscription(null);
      return;
    }
    try {
      setSubscription(await fetchSubscription());
    } catch {
      // The cards still work from the user's plan; the next change reads it again.
    }
  }, [userId]);

  // The loader's answer stands for the first render only when it matches the user's plan.
  const firstRun = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plan is a refetch trigger
  useEffect(() => {
    const first = firstRun.current;
    firstRun.current = false;
    if (userId === null) setSubscription(null);
    else if (!(first && initial && initial.priceId === user?.subscribePlan)) void refresh();
  }, [userId, user?.subscribePlan, refresh]);

  return { subscription, refresh };
}
