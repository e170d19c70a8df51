import i18next, { type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "#common/languages.ts";
import type { Catalog } from "../../server/i18n.ts";

/**
 * One i18next instance per render, created synchronously from the catalog the server handed over,
 * so the browser downloads only its own language (ARCHITECTURE.md, first-load budget).
 */
export function createI18n(language: Language, messages: Catalog): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: messages } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
