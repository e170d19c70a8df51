/** The 14 interface languages (spec §1). English lives at the root; the others under /{lang}. */
export const LANGUAGES = ["en", "zh", "zh-TW", "ko", "ja", "pt", "es", "hi", "ar", "fr", "de", "ru", "bn", "id"] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

export const RTL_LANGUAGES: ReadonlySet<Language> = new Set(["ar"]);

/** The path prefix of a language: "" for English (at the root), "/{lang}" otherwise. */
export function basePathOf(language: Language): string {
  return language === DEFAULT_LANGUAGE ? "" : `/${language}`;
}

export function isLanguage(value: string | undefined | null): value is Language {
  return value != null && (LANGUAGES as readonly string[]).includes(value);
}

/** `Accept-Language` value the page sends (spec §7: en is sent as en-US). */
export function acceptLanguageOf(language: Language): string {
  return language === "en" ? "en-US" : language;
}

/** Best interface language for an Accept-Language header (zh-CN → zh, zh-HK → zh-TW; spec §1). */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.find((p) => p.trim().startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

function matchLanguage(tag: string): Language | null {
  const lower = tag.toLowerCase();
  if (lower === "zh-tw" || lower === "zh-hk" || lower === "zh-mo" || lower.startsWith("zh-hant")) return "zh-TW";
  if (lower.startsWith("zh")) return "zh";
  if (lower === "in") return "id";
  const base = lower.split("-")[0] ?? "";
  return isLanguage(base) ? base : null;
}
