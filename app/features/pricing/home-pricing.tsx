import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { useTranslation } from "#app/i18n/i18n.tsx";
import { useLocalized } from "#app/i18n/use-localized.ts";
import type { PricingOptions } from "./pricing-plans.tsx";

// Far below the fold: its code loads when the area nears the screen, not with the page (first-load budget).
const HomePricingCards = lazy(() => import("./home-pricing-cards.tsx"));

/** How far ahead of the screen the cards start loading. */
const LOAD_MARGIN = "800px";

/** The home page's pricing and top-up area (spec §1): the same cards as /pricing. */
export function HomePricing() {
  const { t } = useTranslation();
  const { to } = useLocalized();
  const pricing = (useRouteLoaderData("root") as { pricing?: PricingOptions } | undefined)?.pricing;
  const area = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = area.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (!pricing) return null;
  const placeholder = <div aria-hidden="true" className="min-h-[2200px] md:min-h-[760px]" />;
  return (
    <section ref={area} id="pricing" aria-labelledby="home-pricing" className="mx-auto max-w-6xl px-4 py-10">
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
      {near ? (
        <Suspense fallback={placeholder}>
          <HomePricingCards options={pricing} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
