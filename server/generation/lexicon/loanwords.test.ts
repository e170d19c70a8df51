import { describe, expect, it } from "vitest";
import { parsePrompt } from "../prompt/parse-prompt.ts";
import { loanwordSlug } from "./loanwords.ts";
import { phoneticKeys } from "./phonetic-key.ts";

// Words of no eval list (decision 0053): loanwords read through their English word's phonetic key.
describe("phonetic keys", () => {
  it("give a word and its transliterations the same consonant key", () => {
    expect(phoneticKeys("husky", "english")).toEqual(["HSK"]);
    expect(phoneticKeys("hasukii", "kana")).toEqual(["HSK"]);
    expect(phoneticKeys("heoseuki", "romanized")).toEqual(["HSK"]);
    expect(phoneticKeys("haski", "romanized")).toEqual(["HSK"]);
  });

  it("reads an English r after a vowel both sounded and silent, as borrowings do", () => {
    expect(phoneticKeys("corgi", "english")).toEqual(expect.arrayContaining(["KLK", "KK"]));
    expect(phoneticKeys("korgi", "romanized")).toEqual(["KLK"]);
  });
});

describe("loanwords", () => {
  it("reads breed names written in katakana, Hangul, Cyrillic and Bengali as the English breed", () => {
    expect(loanwordSlug("ハスキー")).toBe("dog-face");
    expect(loanwordSlug("ポメラニアン")).toBe("dog-face");
    expect(loanwordSlug("포메라니안")).toBe("dog-face");
    expect(loanwordSlug("хаски")).toBe("dog-face");
    expect(loanwordSlug("পমেরানিয়ান")).toBe("dog-face");
  });

  it("reads dishes and vehicles written as they sound", () => {
    expect(loanwordSlug("борщ")).toBe("pot-of-food");
    expect(loanwordSlug("रिक्शा")).toBeNull(); // a three-consonant key in a script that leaves its vowels unwritten says too little
  });

  it("leaves native words that merely share a key with some kind unknown", () => {
    for (const word of ["висит", "летит", "пещере", "लटका", "পড়ছে", "앉은", "읽는"]) expect(loanwordSlug(word)).toBeNull();
  });

  it("makes a loanword the prompt's main subject, beside what it does", () => {
    expect(parsePrompt("ハスキーと雪", "ja").subjects[0]?.slug).toBe("dog-face");
    expect(parsePrompt("귀여운 포메라니안", "ko").subjects[0]?.slug).toBe("dog-face");
    expect(parsePrompt("хаски в снегу", "ru").subjects[0]?.slug).toBe("dog-face");
  });

  it("prefers a word the index knows in its own language", () => {
    expect(parsePrompt("バナナ", "ja").subjects[0]?.slug).toBe("banana");
    expect(parsePrompt("кошка", "ru").subjects[0]?.slug).toBe("cat-face");
  });
});
