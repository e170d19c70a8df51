import type Stripe from "stripe";
import type { Language } from "#common/languages.ts";

/**
 * Stripe's page language for ours: the same where Stripe has it, Brazilian Portuguese for pt, and the
 * browser's own choice ("auto") for Arabic, Hindi and Bengali, which Stripe's hosted pages lack.
 */
const STRIPE_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  zh: "zh",
  "zh-TW": "zh-TW",
  ko: "ko",
  ja: "ja",
  pt: "pt-BR",
  es: "es",
  hi: "auto",
  ar: "auto",
  fr: "fr",
  de: "de",
  ru: "ru",
  bn: "auto",
  id: "id",
};

export function stripeLocale(language: Language): Stripe.Checkout.SessionCreateParams.Locale {
  return STRIPE_LOCALES[language];
}
