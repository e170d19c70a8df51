import { useCallback, useEffect, useRef, useState } from "react";
import { FREE_PLAN_ID, type SubscriptionView } from "#common/plans.ts";
import { useUser } from "../auth/use-user.ts";
import { fetchSubscription } from "./pricing-requests.ts";

/** Waits before asking again after a failed read; the cards stay in their loading state meanwhile. */
const RETRY_WAITS_MS = [2000, 5000, 10_000];
/** After those, the read goes on in the background this often while the page stays open. */
const LATE_RETRY_MS = 15_000;

/** Not a plan: a member whose plan could not be read (the page knows they have one, not which). */
export const UNKNOWN_PLAN_ID = -1;

/**
 * What the page shows when every scheduled read failed (decision 0029): what it already knows from
 * the user info, instead of "Loading your plan…" forever. No introductory offer is promised (the user
 * type is unknown; the checkout decides), a member's Free card offers the switch as usual, and their
 * own plan (the `subscribePlan` price) is taken from an earlier read of the same price when there is one.
 */
function fallbackSubscription(subscribePlan: string, earlier: SubscriptionView | null): SubscriptionView {
  if (subscribePlan !== "" && earlier && earlier.priceId === subscribePlan) return earlier;
  return {
    status: subscribePlan === "" ? null : "active",
    planId: subscribePlan === "" ? FREE_PLAN_ID : UNKNOWN_PLAN_ID,
    priceId: subscribePlan,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: null,
    userType: "other",
  };
}

/**
 * The signed-in user's subscription: the loader's answer when there is one, read again whenever the
 * user or their plan changes (sign-in, a payment, a switch in another tab). Null for a visitor.
 * `known` is false while a signed-in user's subscription for their current plan has not been read:
 * the cards then show their loading state, never the trial offer nor an enabled current plan (decision 0029).
 * When the scheduled reads all fail, `known` turns true with `fallbackSubscription` (`guessed`), and
 * the read goes on every 15 s until it answers.
 */
export function useSubscription(initial: SubscriptionView | null = null) {
  const user = useUser();
  const userId = user?.id ?? null;
  const wanted = userId === null ? null : `${userId}:${user?.subscribePlan ?? ""}`;
  const subscribePlan = user?.subscribePlan ?? "";
  const [state, setState] = useState<{ subscription: SubscriptionView | null; readFor: string | null; guessed?: boolean }>(
    () => ({
      subscription: initial,
      readFor: initial && userId !== null && initial.priceId === user?.subscribePlan ? wanted : null,
    }),
  );
  // The reads of the current user and plan; a newer refresh or an unmount stops the older one's loop.
  const generation = useRef(0);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const refresh = useCallback(async () => {
    const mine = ++generation.current;
    if (userId === null || wanted === null) {
      setState({ subscription: null, readFor: null });
      return;
    }
    const read = async (): Promise<boolean> => {
      try {
        const subscription = await fetchSubscription();
        if (mine === generation.current) setState({ subscription, readFor: wanted });
        return true;
      } catch {
        return false;
      }
    };
    for (const wait of [0, ...RETRY_WAITS_MS]) {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (mine !== generation.current || (await read())) return;
    }
    if (mine !== generation.current) return;
    // Out of scheduled reads: show what the page knows rather than wait forever, and keep asking in
    // the background (the caller, e.g. a plan change, does not wait for those).
    setState((now) =>
      now.readFor === wanted
        ? now
        : { subscription: fallbackSubscription(subscribePlan, now.subscription), readFor: wanted, guessed: true },
    );
    const later = () => {
      setTimeout(async () => {
        if (mine === generation.current && !(await read())) later();
      }, LATE_RETRY_MS);
    };
    later();
  }, [userId, wanted, subscribePlan]);

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
  return { subscription: known ? state.subscription : null, known, guessed: known && state.guessed === true, refresh };
}
