import { useTranslation } from "#app/i18n/i18n.tsx";
import { introPrices } from "./format-price.ts";

const QUESTIONS = ["trial", "intro", "cancel", "switch", "points", "portal"] as const;

/** The pricing page's FAQ (spec §2), as disclosure widgets that work without script. */
export function PricingFaq({ trialDays, dailyLimit }: { trialDays: number; dailyLimit: number }) {
  const { t, i18n } = useTranslation();
  const prices = introPrices(i18n.language);
  return (
    <section aria-labelledby="pricing-faq" className="mx-auto max-w-3xl">
      <h2 id="pricing-faq" className="mb-4 font-semibold text-2xl">
        {t("pricing.faq.title")}
      </h2>
      <div className="divide-y divide-stone-200 rounded-2xl bg-white ring-1 ring-stone-200">
        {QUESTIONS.map((key) => (
          <details key={key} className="group p-4">
            <summary className="cursor-pointer list-none font-medium focus-visible:outline-2 focus-visible:outline-primary">
              <span className="flex items-center justify-between gap-4">
                {t(`pricing.faq.${key}.q`, prices)}
                <span aria-hidden="true" className="text-stone-500 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-2 text-stone-700">{t(`pricing.faq.${key}.a`, { days: trialDays, count: dailyLimit, ...prices })}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
