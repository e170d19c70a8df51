import { describe, expect, it } from "vitest";
import { keywordIndex } from "../lexicon/keyword-index.ts";
import { wordsOf } from "../lexicon/normalize.ts";
import { languageOfPrompt } from "./language-of-prompt.ts";
import { parsePrompt } from "./parse-prompt.ts";

const languageOf = (prompt: string, page?: string) => languageOfPrompt(wordsOf(prompt), keywordIndex(), page);
const main = (prompt: string, page?: string) => parsePrompt(prompt, page).subjects[0]?.slug;

describe("the language a prompt is written in (decision 0051)", () => {
  it.each([
    ["고양이", "en", "ko"],
    ["ねこ", "zh", "ja"],
    ["кошка", "en", "ru"],
    ["बिल्ली", "en", "hi"],
    ["বিড়াল", "en", "bn"],
    ["قطة", "en", "ar"],
  ])("script decides first: %s on a %s page is %s", (prompt, page, language) => {
    expect(languageOf(prompt, page)).toBe(language);
  });

  it("reads Han alone as the page's Chinese or Japanese, and as Chinese elsewhere", () => {
    expect(languageOf("猫", "ja")).toBe("ja");
    expect(languageOf("貓", "zh-TW")).toBe("zh-TW");
    expect(languageOf("猫", "en")).toBe("zh");
  });

  it.each([
    ["un chat avec un chapeau", "en", "fr"],
    ["der Hund mit dem Ball", "en", "de"],
    ["el perro con una pelota", "fr", "es"],
    ["o gato com um chapéu", "es", "pt"],
    ["kucing yang lucu dengan topi", "en", "id"],
    ["a dog with a hat", "de", "en"],
  ])(
    "a Latin-script prompt goes to the language whose function words and lexicon read it: %s (page %s) is %s",
    (prompt, page, language) => {
      expect(languageOf(prompt, page)).toBe(language);
    },
  );

  it("lets the page's language settle a word several languages read", () => {
    expect(languageOf("chat", "en")).toBe("en");
    expect(languageOf("chat", "fr")).toBe("fr");
    expect(languageOf("pie", "es")).toBe("es");
    expect(languageOf("pie", "en")).toBe("en");
  });

  it("lets a word only another language reads outweigh the page's language", () => {
    expect(languageOf("Hund", "en")).toBe("de");
    expect(languageOf("un chat", "en")).toBe("fr");
  });
});

describe("a word read in the prompt's own language first (decision 0051)", () => {
  it("draws a French chat as a cat and an English chat as a speech balloon", () => {
    expect(main("chat", "fr")).toBe("cat-face");
    expect(main("un chat", "en")).toBe("cat-face");
    expect(main("chat", "en")).toBe("speech-balloon");
  });

  it("draws a German Gift as poison and an English gift as a present", () => {
    expect(main("Gift", "de")).toBe("skull-and-crossbones");
    expect(main("das Gift", "en")).toBe("skull-and-crossbones");
    expect(main("a gift", "en")).toBe("wrapped-gift");
  });

  it("draws a Spanish pie as a foot and an English pie as a pie", () => {
    expect(main("pie", "es")).toBe("foot");
    expect(main("apple pie", "en")).toBe("pie");
  });

  it("keeps a French word's French things, named with every language's data ('lion' is the animal, not Leo)", () => {
    expect(main("un lion", "fr")).toBe("lion");
    expect(main("un car scolaire", "fr")).toBe("oncoming-bus");
  });

  it("translates only an Indonesian prompt through the Indonesian table: a Spanish 'mi' is not noodles", () => {
    expect(parsePrompt("el gato de mi abuela", "es").subjects.map((s) => s.slug)).not.toContain("steaming-bowl");
    expect(main("mi ayam", "id")).toBe("steaming-bowl");
  });
});
