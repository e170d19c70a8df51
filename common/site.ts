import type { Language } from "./languages.ts";

/** Each language's own name, for the language selector. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  zh: "简体中文",
  "zh-TW": "繁體中文",
  ko: "한국어",
  ja: "日本語",
  pt: "Português",
  es: "Español",
  hi: "हिन्दी",
  ar: "العربية",
  fr: "Français",
  de: "Deutsch",
  ru: "Русский",
  bn: "বাংলা",
  id: "Bahasa Indonesia",
};

/** Where "Follow us" leads (spec §9: social links exist as constants). */
export const SOCIAL_LINKS = [
  { name: "X", href: "https://x.com/stickerstudioapp" },
  { name: "Instagram", href: "https://www.instagram.com/stickerstudioapp" },
  { name: "TikTok", href: "https://www.tiktok.com/@stickerstudioapp" },
] as const;

/** The cookie that remembers the chosen language (spec §1, §9: 365 days). */
export const LANGUAGE_COOKIE = "lang";
