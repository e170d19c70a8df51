import { PLANS } from "#common/plans.ts";

const formats = new Map<string, Intl.NumberFormat>();

/** A US dollar amount in the visitor's language: "$1", "6,99 $US", "US$9.99"… (whole amounts without cents). */
export function formatPrice(amount: number, language: string): string {
  const whole = Number.isInteger(amount);
  const key = `${language}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formats.set(key, format);
  }
  return format.format(amount);
}

export function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long" }).format(new Date(iso));
}

/** The introductory prices the pricing texts quote: "$1" a month, and what the first annual year costs. */
export function introPrices(language: string) {
  const annual = PLANS.find((plan) => plan.interval === "year");
  return {
    intro: formatPrice(annual?.displayAmount ?? 0, language),
    introYear: formatPrice((annual?.introPeriodAmountCents ?? 0) / 100, language),
  };
}
