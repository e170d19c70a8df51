import { describe, expect, it } from "vitest";
import { acceptLanguageOf, LANGUAGES, languageFromAcceptLanguage } from "./languages.ts";

describe("languages (spec §1)", () => {
  it("has the 14 interface languages", () => {
    expect(LANGUAGES).toEqual(["en", "zh", "zh-TW", "ko", "ja", "pt", "es", "hi", "ar", "fr", "de", "ru", "bn", "id"]);
  });

  it.each([
    ["zh-CN,zh;q=0.9", "zh"],
    ["zh-HK", "zh-TW"],
    ["zh-TW", "zh-TW"],
    ["zh-Hant-TW", "zh-TW"],
    ["pt-BR,pt;q=0.8", "pt"],
    ["nl-NL,de;q=0.5", "de"],
    ["xx", "en"],
    ["", "en"],
    ["fr;q=0.1,ja;q=0.9", "ja"],
  ])("maps Accept-Language %j to %s", (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });

  it("sends en as en-US", () => {
    expect(acceptLanguageOf("en")).toBe("en-US");
    expect(acceptLanguageOf("ar")).toBe("ar");
  });
});
