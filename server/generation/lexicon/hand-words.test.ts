import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import { HAND_WORDS } from "./hand-words.ts";
import { keywordIndex } from "./keyword-index.ts";

describe("per-language hand words (decision 0028)", () => {
  it("name an English hand word or an emoji the art has, for every entry", () => {
    const index = keywordIndex();
    const unresolved = Object.entries(HAND_WORDS).flatMap(([locale, table]) =>
      Object.entries(table)
        .filter(([, value]) => value !== "" && !index.slugOf(value))
        .map(([word, value]) => `${locale} ${word} → ${value}`),
    );
    expect(unresolved).toEqual([]);
  });

  it("cover every interface language", () => {
    for (const language of LANGUAGES) expect(Object.keys(HAND_WORDS[language] ?? {}).length, language).toBeGreaterThan(10);
  });

  it("win in their own language and not in another", () => {
    const index = keywordIndex();
    expect(index.best("taco", "pt")?.slug).toBe("taco");
    expect(index.best("taco de beisebol", "pt")?.slug).toBe("baseball");
    expect(index.best("carton", "fr")?.slug).toBe("package");
    expect(index.best("kotak", "id")?.slug).toBe("package");
  });
});
