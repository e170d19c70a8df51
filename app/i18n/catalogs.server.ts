import { catalogs } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";

/** The catalog of one language, as the server hands it to the page. */
export function catalogFor(language: Language) {
  return catalogs[language];
}
