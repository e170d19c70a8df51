import { DEFAULT_LANGUAGE, type Language } from "#common/languages.ts";
import cat_ar from "../app/i18n/locales/ar.json" with { type: "json" };
import cat_bn from "../app/i18n/locales/bn.json" with { type: "json" };
import cat_de from "../app/i18n/locales/de.json" with { type: "json" };
import cat_en from "../app/i18n/locales/en.json" with { type: "json" };
import cat_es from "../app/i18n/locales/es.json" with { type: "json" };
import cat_fr from "../app/i18n/locales/fr.json" with { type: "json" };
import cat_hi from "../app/i18n/locales/hi.json" with { type: "json" };
import cat_id from "../app/i18n/locales/id.json" with { type: "json" };
import cat_ja from "../app/i18n/locales/ja.json" with { type: "json" };
import cat_ko from "../app/i18n/locales/ko.json" with { type: "json" };
import cat_pt from "../app/i18n/locales/pt.json" with { type: "json" };
import cat_ru from "../app/i18n/locales/ru.json" with { type: "json" };
import cat_zh from "../app/i18n/locales/zh.json" with { type: "json" };
import cat_zh_TW from "../app/i18n/locales/zh-TW.json" with { type: "json" };

/**
 * The page's catalogs (app/i18n/locales): the server translates error messages with the same texts
 * and hands one catalog to each page. Imported statically so the bundled server build carries them.
 */
export type Catalog = { [key: string]: string | Catalog };

export const catalogs: Record<Language, Catalog> = {
  en: cat_en,
  zh: cat_zh,
  "zh-TW": cat_zh_TW,
  ko: cat_ko,
  ja: cat_ja,
  pt: cat_pt,
  es: cat_es,
  hi: cat_hi,
  ar: cat_ar,
  fr: cat_fr,
  de: cat_de,
  ru: cat_ru,
  bn: cat_bn,
  id: cat_id,
};

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function translate(language: Language, key: string): string {
  return lookup(catalogs[language], key) ?? lookup(catalogs[DEFAULT_LANGUAGE], key) ?? key;
}
