/**
 * The owner's keywords as one line of text in the labels dialog (decision 0042): written with the
 * language's own comma, read back split at any comma people type (Latin, Arabic, CJK) or a semicolon.
 */
import type { Language } from "#common/languages.ts";

const SEPARATORS = /[,;،、，；]/;

/** How a language lists keywords: "cat, hat", "قطة، قبعة", "猫、帽子". */
function separatorOf(language: Language): string {
  if (language === "ar") return "، ";
  if (language === "zh" || language === "zh-TW" || language === "ja") return "、";
  return ", ";
}

export function keywordText(keywords: readonly string[], language: Language): string {
  return keywords.join(separatorOf(language));
}

/** The keywords in what was typed: split, trimmed, empty ones (a trailing comma) left out. */
export function keywordsOfText(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== "");
}
