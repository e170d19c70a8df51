import { describe, expect, it } from "vitest";
import { keywordsOfText, keywordText } from "./keyword-text.ts";

describe("keywords as one line of text", () => {
  it("are written with the language's comma and read back at any comma or semicolon, trimmed, without empty ones", () => {
    expect(keywordText(["cat", "top hat"], "en")).toBe("cat, top hat");
    expect(keywordText(["قطة", "قبعة"], "ar")).toBe("قطة، قبعة");
    expect(keywordText(["猫", "帽子"], "ja")).toBe("猫、帽子");
    for (const language of ["en", "ar", "ja", "zh-TW"] as const) {
      expect(keywordsOfText(keywordText(["cat", "top hat", "猫"], language))).toEqual(["cat", "top hat", "猫"]);
    }
    expect(keywordsOfText(" cat ,, hat; 猫，帽子、قطة، ,")).toEqual(["cat", "hat", "猫", "帽子", "قطة"]);
    expect(keywordsOfText("   ")).toEqual([]);
  });
});
