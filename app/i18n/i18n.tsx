import { createContext, useContext } from "react";
import type { Catalog } from "#common/i18n/catalogs.ts";
import { type Language, RTL_LANGUAGES } from "#common/languages.ts";

/**
 * The page's translations (decision 0008): one catalog, handed over by the server, looked up by
 * dotted key; `{{name}}` interpolation; plurals by the language's CLDR rules (`key_one`, `key_few`,
 * `key_other`…, chosen with Intl.PluralRules from `count`). A missing key shows the key.
 */
export type Vars = Record<string, string | number>;

export interface Translator {
  language: Language;
  dir(): "ltr" | "rtl";
  t(key: string, vars?: Vars): string;
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: Catalog | string | undefined = catalog;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

export function createTranslator(language: Language, catalog: Catalog): Translator {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const plural = rules;
  return {
    language,
    dir: () => (RTL_LANGUAGES.has(language) ? "rtl" : "ltr"),
    t(key, vars) {
      const count = vars?.count;
      const text =
        (typeof count === "number"
          ? (lookup(catalog, `${key}_${plural.select(count)}`) ?? lookup(catalog, `${key}_other`))
          : undefined) ?? lookup(catalog, key);
      if (text === undefined) return key;
      return vars
        ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
        : text;
    },
  };
}

const I18nContext = createContext<Translator | null>(null);

export const I18nProvider = I18nContext.Provider;

const MISSING: Translator = { language: "en", dir: () => "ltr", t: (key) => key };

/** `t` and the language, from the nearest provider (keys come back as-is when there is none). */
export function useTranslation() {
  const translator = useContext(I18nContext) ?? MISSING;
  return { t: translator.t, i18n: translator };
}

/** Text put into a translated sentence keeps its own direction (an e-mail address in Arabic). */
export function isolate(text: string) {
  return `\u2068${text}\u2069`;
}
