import { DEFAULT_LANGUAGE, type Language } from "../languages.ts";
import cat_ar from "./locales/ar.json" with { type: "json" };
import cat_bn from "./locales/bn.json" with { type: "json" };
import cat_de from "./locales/de.json" with { type: "json" };
import cat_en from "./locales/en.json" with { type: "json" };
import cat_es from "./locales/es.json" with { type: "json" };
import cat_fr from "./locales/fr.json" with { type: "json" };
import cat_hi from "./locales/hi.json" with { type: "json" };
import cat_id from "./locales/id.json" with { type: "json" };
import cat_ja from "./locales/ja.json" with { type: "json" };
import cat_ko from "./locales/ko.json" with { type: "json" };
import cat_pt from "./locales/pt.json" with { type: "json" };
import cat_ru from "./locales/ru.json" with { type: "json" };
import cat_zh from "./locales/zh.json" with { type: "json" };
import cat_zh_TW from "./locales/zh-TW.json" with { type: "json" };

/**
 * The page's catalogs (common/i18n/locales): the server translates error messages with the same texts
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

/** The key's text in `language` (else English, else the key), its `{{name}}` placeholders filled from `vars`. */
export function translate(language: Language, key: string, vars?: Record<string, string | number>): string {
  const text = lookup(catalogs[language], key) ?? lookup(catalogs[DEFAULT_LANGUAGE], key) ?? key;
  // One pass: a value that itself holds "{{…}}" (people's text) is never filled in turn.
  return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(vars[name] ?? whole)) : text;
}
