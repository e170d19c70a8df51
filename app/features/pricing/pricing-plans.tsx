import { lazy, Suspense } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useTranslation } from "#app/i18n/i18n.tsx";
import {
  FREE_PLAN_ID,
  PLANS,
  type Plan,
  POINT_PACKS,
  type PointPack,
  priceShownFor,
  type SubscriptionView,
  type UserType,
} from "#common/plans.ts";
import { formatDay, formatPrice } from "./format-price.ts";
import { usePlanChoice } from "./use-plan-choice.ts";
import { UNKNOWN_PLAN_ID } from "./use-subscription.ts";

const PlanConfirmDialog = lazy(() => import("./plan-confirm-dialog.tsx"));

export interface PricingOptions {
  trialDays: number;
  dailyLimit: number;
  startingPoints: number;
  costs: { text: number; image: number; motion: number };
  /** The inviter's daily cap of invite rewards (INVITE_REWARDS_PER_DAY, decision 0016): the free card quotes it. */
  inviteRewardsPerDay: number;
}

const buttonClass =
  "inline-flex h-11 w-full items-center justify-center rounded-full px-5 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed";

/**
 * The three plan cards (spec §2: free, popular = annual, basic = monthly) and, for free users, the
 * point packs. Shared by /pricing, the home pricing area and the points modal.
 */
export function PricingPlans({
  subscription,
  known = true,
  refreshSubscription,
  options,
  headingLevel = 2,
}: {
  subscription: SubscriptionView | null;
  /** False while a signed-in user's subscription is being read: prices and buttons wait (decision 0029). */
  known?: boolean;
  refreshSubscription: () => Promise<void>;
  options: PricingOptions;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const choice = usePlanChoice(subscription, refreshSubscription);
  const userType: UserType = subscription?.userType ?? "trail";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const busy = choice.pending !== null;
  const endsOn = subscription?.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd, language) : null;

  // Until the subscription is known, no price (the trial offer is not for everyone) and no button.
  const loading = choice.user !== null && !known;

  function label(plan: Plan): { text: string; disabled: boolean } {
    if (loading) return { text: t("pricing.loadingPlan"), disabled: true };
    if (!choice.user)
      return { text: plan.id === FREE_PLAN_ID ? t("pricing.button.signIn") : t(`pricing.button.${userType}`), disabled: false };
    const current = plan.id === choice.currentPlanId;
    // A member whose plan could not be read (decision 0029): neither paid card may be theirs to choose.
    if (choice.currentPlanId === UNKNOWN_PLAN_ID && plan.id !== FREE_PLAN_ID)
      return { text: t("pricing.loadingPlan"), disabled: true };
    if (plan.id === FREE_PLAN_ID) {
      if (!choice.member) return { text: t("pricing.button.current"), disabled: true };
      if (subscription?.cancelAtPeriodEnd) return { text: t("pricing.button.freeFrom", { date: endsOn ?? "" }), disabled: true };
      return { text: t("pricing.button.toFree"), disabled: false };
    }
    if (current) {
      return subscription?.cancelAtPeriodEnd
        ? { text: t("pricing.button.resume"), disabled: false }
        : { text: t("pricing.button.current"), disabled: true };
    }
    if (choice.member) return { text: t(`pricing.button.switchTo.${plan.key}`), disabled: false };
    return { text: t(`pricing.button.${userType}`), disabled: false };
  }

  return (
    <div className="space-y-10" aria-busy={loading}>
      {loading ? (
        <p role="status" className="sr-only">
          {t("pricing.loadingPlan")}
        </p>
      ) : null}
      {choice.cancelled && endsOn ? (
        <p role="status" className="rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          {t("pricing.cancelTip", { date: endsOn })}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => {
          const price = priceShownFor(plan, userType);
          const button = label(plan);
          const popular = plan.key === "popular";
          const isCurrent = choice.user !== null && plan.id === choice.currentPlanId;
          const key = `plan-${plan.id}`;
          return (
            <li
              key={plan.id}
              aria-labelledby={`plan-${plan.key}-name`}
              className={`relative flex flex-col rounded-3xl bg-white p-6 shadow-sm ${
                popular ? "ring-2 ring-primary-dark" : "ring-1 ring-stone-200"
              }`}
            >
              <div className="mb-3 flex min-h-7 flex-wrap gap-2 max-md:empty:hidden">
                {popular ? (
                  <span className="rounded-full bg-primary-dark px-3 py-1 font-semibold text-white text-xs">
                    {t("pricing.badge.popular")}
                  </span>
                ) : null}
                {isCurrent ? (
                  <span className="rounded-full bg-primary-light px-3 py-1 font-semibold text-primary-ink text-xs">
                    {t("pricing.badge.current")}
                  </span>
                ) : null}
                {choice.started === key ? (
                  <span role="status" className="rounded-full bg-green-100 px-3 py-1 font-semibold text-green-900 text-xs">
                    {t("pricing.badge.started")}
                  </span>
                ) : null}
              </div>
              <Heading id={`plan-${plan.key}-name`} className="font-semibold text-xl">
                {t(`pricing.plan.${plan.key}.name`)}
              </Heading>
              <p className="mt-1 min-h-10 text-sm text-stone-600">{t(`pricing.plan.${plan.key}.summary`)}</p>
              {loading ? (
                <div aria-hidden="true" data-testid="price-loading" className="mt-4 animate-pulse space-y-2">
                  <div className="h-10 w-32 rounded-lg bg-stone-200" />
                  <div className="h-4 w-48 rounded bg-stone-100" />
                </div>
              ) : (
                <>
                  <p className="mt-4 flex items-baseline gap-2">
                    <span className="font-bold text-4xl">{formatPrice(price.amount, language)}</span>
                    <span className="text-stone-600">{t("pricing.perMonth")}</span>
                    {price.intro ? (
                      <span className="text-stone-500">
                        <s aria-hidden="true">{formatPrice(price.original, language)}</s>
                        <span className="sr-only">
                          {t("pricing.originalPrice", { price: formatPrice(price.original, language) })}
                        </span>
                      </span>
                    ) : null}
                  </p>
                  <p className="mt-1 min-h-5 text-sm text-stone-600">
                    {plan.interval
                      ? t(price.intro ? `pricing.plan.${plan.key}.introBilling` : `pricing.plan.${plan.key}.billing`, {
                          days: options.trialDays,
                          total: formatPrice(plan.periodAmountCents / 100, language),
                        })
                      : t("pricing.plan.free.billing")}
                  </p>
                </>
              )}
              <ul className="my-6 flex-1 space-y-2 text-sm">
                {featuresOf(plan, options, t).map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-primary-dark">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                disabled={button.disabled || busy}
                aria-busy={choice.pending === key}
                onClick={() => choice.choosePlan(plan.id)}
                className={`${buttonClass} ${
                  popular
                    ? "bg-primary-dark text-white hover:bg-primary-darker disabled:bg-stone-300 disabled:text-stone-700"
                    : "text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light disabled:text-stone-500 disabled:ring-stone-300 disabled:hover:bg-transparent"
                }`}
              >
                {choice.pending === key ? t("pricing.button.loading") : button.text}
              </button>
            </li>
          );
        })}
      </ul>

      {choice.member ? null : (
        <section aria-labelledby="point-packs" className="rounded-3xl bg-white p-6 ring-1 ring-stone-200">
          <Heading id="point-packs" className="font-semibold text-xl">
            {t("pricing.packs.title")}
          </Heading>
          <p className="mt-1 text-sm text-stone-600">
            {t("pricing.packs.description", { text: options.costs.text, image: options.costs.image })}
          </p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {POINT_PACKS.map((pack) => (
              <PackCard
                key={pack.id}
                pack={pack}
                started={choice.started === `pack-${pack.id}`}
                pending={choice.pending === `pack-${pack.id}`}
                busy={busy}
                onChoose={() => choice.choosePack(pack.id)}
              />
            ))}
          </ul>
        </section>
      )}

      {choice.confirm ? (
        <Suspense fallback={null}>
          <PlanConfirmDialog
            confirm={choice.confirm}
            subscription={subscription}
            busy={busy}
            onConfirm={choice.confirmChange}
            onClose={choice.dismissConfirm}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function PackCard({
  pack,
  started,
  pending,
  busy,
  onChoose,
}: {
  pack: PointPack;
  started: boolean;
  pending: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <li className="flex items-center justify-between gap-3 rounded-2xl bg-stone-50 p-4 ring-1 ring-stone-200">
      <div>
        <p className="font-semibold">{t("account.points", { count: pack.points })}</p>
        <p className="text-sm text-stone-600">{formatPrice(pack.amountCents / 100, language)}</p>
        {started ? (
          <p role="status" className="font-semibold text-green-900 text-xs">
            {t("pricing.badge.added")}
          </p>
        ) : null}
      </div>
      <Button
        size="md-narrow"
        disabled={busy}
        busy={pending}
        busyLabel={t("pricing.button.loading")}
        aria-label={t("pricing.packs.buyLabel", { count: pack.points })}
        onClick={onChoose}
      >
        {t("pricing.packs.buy")}
      </Button>
    </li>
  );
}

function featuresOf(plan: Plan, options: PricingOptions, t: (key: string, vars?: Record<string, string | number>) => string) {
  if (plan.id === FREE_PLAN_ID) {
    return [
      t("pricing.feature.startingPoints", { count: options.startingPoints }),
      t("pricing.feature.costs", { text: options.costs.text, image: options.costs.image }),
      // Making a sticker move (decision 0041) is priced like a sticker.
      t("pricing.feature.motion", { count: options.costs.motion }),
      // The inviter's rewards stop at the daily cap (decision 0016), so the card quotes it; a cap of 0 pays no inviter.
      ...(options.inviteRewardsPerDay > 0 ? [t("pricing.feature.invite", { count: options.inviteRewardsPerDay })] : []),
      t("pricing.feature.watermark"),
    ];
  }
  return [
    t("pricing.feature.daily", { count: options.dailyLimit }),
    t("pricing.feature.noPoints"),
    t("pricing.feature.motionIncluded"),
    // Members' files for messengers carry no mark (decision 0043).
    t("pricing.feature.unmarkedExports"),
    t("pricing.feature.allStyles"),
    t(plan.interval === "year" ? "pricing.feature.bestValue" : "pricing.feature.flexible"),
  ];
}
