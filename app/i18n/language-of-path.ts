import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#common/languages.ts";

/** English at the root, the other 13 under /{lang} (spec §1). */
export function languageOfPath(pathname: string): Language {
  const first = pathname.split("/")[1];
  return first && first !== DEFAULT_LANGUAGE && isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The path prefix of a language: "" for English, "/{lang}" otherwise. */
export function basePathOf(language: Language) {
  return language === DEFAULT_LANGUAGE ? "" : `/${language}`;
}

/** The path without its language prefix: "/fr/stickers" → "/stickers", "/fr" → "/". */
export function stripLanguagePrefix(pathname: string): string {
  const language = languageOfPath(pathname);
  if (language === DEFAULT_LANGUAGE) return pathname || "/";
  return pathname.slice(language.length + 1) || "/";
}
