import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#common/languages.ts";

export { basePathOf } from "#common/languages.ts";

/**
 * English at the root, the other 13 under /{lang} (spec §1). A language's home page asks for its data
 * as `/{lang}.data` when the page revalidates (React Router's single fetch): that names the language too.
 */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split("/")[1]?.replace(/\.data$/, "");
  return first && first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The path without its language prefix: "/fr/stickers" → "/stickers", "/fr" → "/". */
export function stripLanguagePrefix(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === DEFAULT_LANGUAGE) return pathname || "/";
  return pathname.slice(language.length + 1) || "/";
}
