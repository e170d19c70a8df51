import { Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "../../i18n/i18n.tsx";
import { useLocalized } from "../../i18n/use-localized.ts";
import { type PricingOptions, PricingPlans } from "./pricing-plans.tsx";
import { useSubscription } from "./use-subscription.ts";

/** The home page's pricing and top-up area (spec §1): the same cards as /pricing. */
export function HomePricing() {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const pricing = (useRouteLoaderData("root") as { pricing?: PricingOptions } | undefined)?.pricing;
  const { subscription, refresh } = useSubscription();
  if (!pricing) return null;
  return (
    <section id="pricing" aria-labelledby="home-pricing" className="mx-auto max-w-6xl px-4 py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="home-pricing" className="font-semibold text-2xl">
            {t("pricing.home.title")}
          </h2>
          <p className="text-stone-600">{t("pricing.home.description", { count: pricing.dailyLimit })}</p>
        </div>
        <Link to={to("/pricing")} className="shrink-0 font-medium text-primary-dark underline-offset-4 hover:underline">
          {t("pricing.home.more")}
        </Link>
      </div>
      <PricingPlans subscription={subscription} refreshSubscription={refresh} options={pricing} headingLevel={3} />
    </section>
  );
}
