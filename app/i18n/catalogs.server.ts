import { catalogs } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";

/** The catalog of one language, as the server hands it to the page. */
export function catalogFor(language: Language) {
  return catalogs[language];
}

/** The address of the catalog's file, which the browser loads (decision 0055). */
export { catalogAddressOf } from "#server/i18n/catalog-files.ts";
