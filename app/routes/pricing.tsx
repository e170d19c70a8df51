import { pageContext } from "../context.server.ts";
import { useUser } from "../features/auth/use-user.ts";
import { introPrices } from "../features/pricing/format-price.ts";
import { openBillingPortal } from "../features/pricing/manage-subscription.ts";
import { pricingOptions, subscriptionOfRequest } from "../features/pricing/pricing.server.ts";
import { PricingFaq } from "../features/pricing/pricing-faq.tsx";
import { PricingPlans } from "../features/pricing/pricing-plans.tsx";
import { useSubscription } from "../features/pricing/use-subscription.ts";
import { pageMeta } from "../features/seo/page-meta.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import { useLocalized } from "../i18n/use-localized.ts";
import type { Route } from "./+types/pricing";

/** /pricing (spec §2): title and description by user type, the plans and packs, the price tip, the FAQ. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = context.get(pageContext);
  return {
    subscription: await subscriptionOfRequest(app, request),
    options: pricingOptions(app),
    testMode: app.billing.sandbox !== null,
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, title: "pricing.meta.title", description: "pricing.meta.description", translate: true });
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const prices = introPrices(i18n.language);
  const { to } = useLocalized();
  const user = useUser();
  const { subscription, known, refresh } = useSubscription(loaderData.subscription);
  const { options, testMode } = loaderData;
  const userType = subscription?.userType ?? "trail";
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-12 px-4 py-10">
      <header className="mx-auto max-w-3xl space-y-3 text-center">
        <h1 className="font-bold text-3xl md:text-4xl">{t(`pricing.title.${userType}`, { days: options.trialDays })}</h1>
        <p className="text-lg text-stone-700">
          {t(`pricing.description.${userType}`, { days: options.trialDays, count: options.dailyLimit, ...prices })}
        </p>
        {testMode ? (
          <p className="inline-block rounded-full bg-amber-100 px-3 py-1 font-medium text-amber-900 text-sm">
            {t("pricing.testMode")}
          </p>
        ) : null}
      </header>
      <PricingPlans subscription={subscription} known={known} refreshSubscription={refresh} options={options} />
      <p className="mx-auto max-w-3xl text-center text-sm text-stone-600">
        {t("pricing.priceTip", { days: options.trialDays, ...prices })}
      </p>
      <section
        id="manage"
        aria-labelledby="manage-title"
        className="mx-auto max-w-3xl rounded-3xl bg-white p-6 ring-1 ring-stone-200"
      >
        <h2 id="manage-title" className="font-semibold text-xl">
          {t("pricing.manage.title")}
        </h2>
        <p className="mt-1 text-stone-700">{t("pricing.manage.description")}</p>
        <button
          type="button"
          onClick={() => void openBillingPortal(window.open("", "_blank"), t, to("/pricing"))}
          disabled={!user}
          className="mt-4 inline-flex h-11 items-center rounded-full px-5 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:opacity-60"
        >
          {t("footer.manageSubscription")}
        </button>
        {user ? null : <p className="mt-2 text-sm text-stone-600">{t("pricing.manage.signIn")}</p>}
      </section>
      <PricingFaq trialDays={options.trialDays} dailyLimit={options.dailyLimit} />
    </main>
  );
}
