import { describe, expect, it } from "vitest";
import { artStore } from "../art/art-store.ts";
import { parsePrompt } from "../prompt/parse-prompt.ts";
import { keywordIndex } from "./keyword-index.ts";

// Words of no eval list (decision 0048): the kinds table built from WordNet at prestart.
const slugOf = (word: string) => keywordIndex().best(word, "en")?.slug ?? null;

describe("kinds table", () => {
  it("draws breeds and species of animals as their animal", () => {
    expect(slugOf("cockatoo")).toBe("parrot");
    expect(slugOf("lovebird")).toBe("parrot");
    expect(slugOf("gerbil")).toBe("hamster");
    expect(slugOf("trout")).toBe("tropical-fish");
    expect(slugOf("tabby")).toBe("cat-face");
  });

  it("draws varieties of food as the dish they are a kind of", () => {
    expect(slugOf("brioche")).toBe("bread");
    expect(slugOf("macaroon")).toBe("cookie");
  });

  it("draws flowers by variety as a blossom and vehicles by kind as their vehicle", () => {
    expect(slugOf("peony")).toBe("blossom");
    expect(slugOf("marigold")).toBe("blossom");
    expect(slugOf("limousine")).toBe("automobile");
    expect(slugOf("hatchback")).toBe("automobile");
  });

  it("leaves too-general words and words whose first sense is no kind unknown", () => {
    for (const word of ["vertebrate", "mammal", "foodstuff", "organism", "hunter"]) {
      expect(artStore().kinds[word]).toBeUndefined();
    }
  });

  it("makes the kind the main subject of a prompt instead of its adjective", () => {
    expect(parsePrompt("a sleepy lovebird", "en").subjects[0]?.slug).toBe("parrot");
    expect(parsePrompt("a red hatchback", "en").subjects[0]?.slug).toBe("automobile");
  });

  it("never redefines a word the emoji words already know", () => {
    expect(slugOf("dog")).toBe("dog-face");
    expect(slugOf("rose")).toBe("rose");
  });
});

describe("CLDR 48 words", () => {
  it("reads Arabic emoji names, which emojibase lacks", () => {
    expect(parsePrompt("هليكوبتر", "ar").subjects[0]?.slug).toBe("helicopter");
    expect(parsePrompt("كنغر", "ar").subjects[0]?.slug).toBe("kangaroo");
  });

  it("reads Indonesian names where Malay spells them otherwise", () => {
    expect(parsePrompt("macan tutul", "id").subjects[0]?.slug).toBe("leopard");
    expect(parsePrompt("keledai", "id").subjects[0]?.slug).toBe("donkey");
  });
});
