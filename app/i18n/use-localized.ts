import { isLanguage, type Language } from "#common/languages.ts";
import { useTranslation } from "./i18n.tsx";
import { basePathOf } from "./language-of-path.ts";

/** The page's language and a function that puts a path under its prefix ("/stickers" → "/fr/stickers"). */
export function useLocalized() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const base = basePathOf(language);
  return { language, to: (path: string) => (path === "/" ? base || "/" : `${base}${path}`) };
}
