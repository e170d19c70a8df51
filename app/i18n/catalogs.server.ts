import type { Language } from "#common/languages.ts";
import { catalogs } from "../../server/i18n.ts";

/** The catalog of one language, as the server hands it to the page. */
export function catalogFor(language: Language) {
  return catalogs[language];
}
