import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import { toastError, toastSuccess } from "#app/lib/toast.ts";
import { FREE_PLAN_ID, isPaidPlanId, type SubscriptionView } from "#common/plans.ts";
import { STORAGE_KEYS } from "#common/storage-keys.ts";
import { requestSignIn } from "../auth/sign-in-request.ts";
import { useUser } from "../auth/use-user.ts";
import { openPaymentWindow, requestPlan, requestPointPack } from "./pricing-requests.ts";
import { onRechargeSuccess, RECHARGE_REFRESH_DELAY_MS } from "./recharge-channel.ts";

/** The confirmation a plan change needs first (spec §4): end the trial, switch year/month, or go free. */
export type PlanConfirm = { kind: "endTrial"; planId: number } | { kind: "switch"; planId: number } | { kind: "free" };

/**
 * What choosing a plan or a point pack does (spec §4, §5), for the pricing page, the home pricing
 * area and the points modal alike:
 * - a visitor is asked to sign in; a paid plan is kept (TO_PLAN_ID) and resumed right after;
 * - no plan → paid: a new window asks the server and goes to the checkout (or /rechargeSuccess);
 * - trialing → paid: the end-trial confirmation first; annual ↔ monthly: the year/month one;
 * - member → free: the confirmation with its tips, then the cancel tip;
 * - nothing happens while a request is loading.
 */
export function usePlanChoice(subscription: SubscriptionView | null, refreshSubscription: () => Promise<void>) {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const user = useUser();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<PlanConfirm | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const chosen = useRef<string | null>(null);

  const member = user !== null && user.subscribePlan !== "";
  const currentPlanId = member ? (subscription?.planId ?? null) : FREE_PLAN_ID;

  const pages = useCallback(
    () => ({
      successPage: to("/rechargeSuccess"),
      errorPage: to("/rechargeSuccess"),
    }),
    [to],
  );

  const pay = useCallback(
    async (key: string, ask: () => Promise<string>, newWindow: boolean) => {
      chosen.current = key;
      setPending(key);
      try {
        await openPaymentWindow(ask, {
          newWindow,
          resultPage: (status, change) => to(`/rechargeSuccess?status=${status}${change ? `&change=${change}` : ""}`),
          waitingText: t("pricing.openingCheckout"),
        });
      } catch (error) {
        toastError(error, t);
      } finally {
        setPending(null);
      }
    },
    [t, to],
  );

  const changePlan = useCallback(
    async (planId: number) => {
      setPending(`plan-${planId}`);
      try {
        const answer = await requestPlan(planId, pages());
        if (answer !== "success") throw new Error(t("pricing.switchFailed"));
        await Promise.all([refreshSubscription(), revalidator.revalidate()]);
        setStarted(null);
        if (planId === FREE_PLAN_ID) setCancelled(true);
        else {
          setCancelled(false);
          toastSuccess(t("pricing.switched"));
        }
      } catch (error) {
        toastError(error, t);
      } finally {
        setPending(null);
        setConfirm(null);
      }
    },
    [pages, refreshSubscription, revalidator, t],
  );

  const choosePlan = useCallback(
    (planId: number, options: { resumed?: boolean } = {}) => {
      if (pending) return;
      if (!user) {
        if (isPaidPlanId(planId)) localStorage.setItem(STORAGE_KEYS.toPlanId, String(planId));
        requestSignIn("plan");
        return;
      }
      if (planId === FREE_PLAN_ID) {
        // spec §5: a user with no plan cannot choose free.
        if (member && !subscription?.cancelAtPeriodEnd) setConfirm({ kind: "free" });
        return;
      }
      if (!member) {
        void pay(`plan-${planId}`, () => requestPlan(planId, pages()), !options.resumed);
        return;
      }
      if (planId === currentPlanId) {
        // The current plan with a cancel pending: choosing it again keeps it.
        if (subscription?.cancelAtPeriodEnd) void changePlan(planId);
        return;
      }
      setConfirm({ kind: subscription?.status === "trialing" ? "endTrial" : "switch", planId });
    },
    [changePlan, currentPlanId, member, pages, pay, pending, subscription, user],
  );

  const choosePack = useCallback(
    (packId: string) => {
      if (pending) return;
      if (!user) {
        requestSignIn("plan");
        return;
      }
      void pay(`pack-${packId}`, () => requestPointPack(packId, pages()), true);
    },
    [pages, pay, pending, user],
  );

  // A paid plan chosen while signed out is resumed right after sign-in (TO_PLAN_ID, spec §4).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the user arrives
  useEffect(() => {
    if (!user) return;
    const kept = Number(localStorage.getItem(STORAGE_KEYS.toPlanId));
    localStorage.removeItem(STORAGE_KEYS.toPlanId);
    if (isPaidPlanId(kept) && user.subscribePlan === "") choosePlan(kept, { resumed: true });
  }, [user?.id]);

  // A payment finished in another tab: the chosen card shows its start label, the state follows.
  useEffect(
    () =>
      onRechargeSuccess(() => {
        setStarted(chosen.current);
        setTimeout(() => void refreshSubscription(), RECHARGE_REFRESH_DELAY_MS);
      }),
    [refreshSubscription],
  );

  return {
    user,
    member,
    currentPlanId,
    pending,
    confirm,
    started,
    cancelled,
    choosePlan,
    choosePack,
    confirmChange: () => {
      if (!confirm) return;
      void changePlan(confirm.kind === "free" ? FREE_PLAN_ID : confirm.planId);
    },
    dismissConfirm: () => setConfirm(null),
  };
}
