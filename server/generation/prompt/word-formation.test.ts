import { describe, expect, it } from "vitest";
import { keywordIndex } from "../lexicon/keyword-index.ts";
import { normalizeText } from "../lexicon/normalize.ts";
import { parsePrompt } from "./parse-prompt.ts";

const main = (prompt: string, locale: string) => parsePrompt(prompt, locale).subjects[0]?.slug;
const slugs = (prompt: string, locale: string) => parsePrompt(prompt, locale).subjects.map((s) => s.slug);
/** Each rule is tested with words the lexicon does not list, so the rule, not an entry, reads them. */
const unknown = (word: string) => expect(keywordIndex().has(normalizeText(word)), `${word} is in the lexicon`).toBe(false);

describe("word formation as rules (decision 0051)", () => {
  it.each([
    ["de", "Mäuschen", "mouse-face"],
    ["de", "Bärchen", "bear"],
    ["de", "Fröschlein", "frog"],
    ["de", "Entlein", "duck"],
    ["ru", "собачка", "dog-face"],
    ["ru", "слоник", "elephant"],
    ["pt", "leãozinho", "lion"],
    ["pt", "gatão", "cat-face"],
    ["pt", "cachorrão", "dog-face"],
    ["es", "leoncito", "lion"],
    ["es", "perrazo", "dog-face"],
    ["es", "gatote", "cat-face"],
    ["es", "pececito", "fish"],
    ["fr", "éléphanteau", "elephant"],
    ["en", "froggy", "frog"],
    ["en", "horsey", "horse-face"],
  ])("%s: the diminutive or augmentative %s is its base word (%s)", (locale, word, slug) => {
    unknown(word);
    expect(main(word, locale)).toBe(slug);
  });

  it.each([
    ["ru", "волчонок", "wolf"],
    ["ru", "тигрёнок", "tiger-face"],
    ["ru", "верблюжонок", "camel"],
    ["ru", "совёнок", "owl"],
    ["fr", "lionceau", "lion"],
    ["fr", "ourson", "bear"],
    ["fr", "aiglon", "eagle"],
    ["de", "Hundebaby", "dog-face"],
    ["de", "Affenbaby", "monkey-face"],
    ["bn", "হাঁসছানা", "duck"],
  ])("%s: the young-animal word %s draws the adult animal (%s)", (locale, word, slug) => {
    unknown(word);
    expect(main(word, locale)).toBe(slug);
  });

  it("reads a Japanese young animal with its voiced first sound, and a pet's honorific, as the animal", () => {
    unknown("子ぎつね");
    expect(main("子ぎつね", "ja")).toBe("fox");
    unknown("ネコちゃん");
    expect(main("ネコちゃん", "ja")).toBe("cat-face");
  });

  it("reads a young-animal suffix before a known reading: медвежонок is a bear cub, not a teddy bear", () => {
    expect(main("медвежонок", "ru")).toBe("bear");
  });

  it.each([
    ["en", "baby elephant", "elephant"],
    ["en", "elephant calf", "elephant"],
    ["en", "lion cub", "lion"],
    ["es", "bebé de jirafa", "giraffe"],
    ["pt", "filhote de urso", "bear"],
    ["fr", "bébé girafe", "giraffe"],
    ["ru", "детёныш панды", "panda"],
    ["hi", "शेर का बच्चा", "lion"],
    ["hi", "हाथी का बच्चा", "elephant"],
    ["bn", "সিংহের বাচ্চা", "lion"],
    ["id", "anak gajah", "elephant"],
    ["ko", "아기 판다", "panda"],
    ["zh", "熊猫宝宝", "panda"],
    ["ja", "パンダの赤ちゃん", "panda"],
  ])("%s: %s draws the adult animal alone, never a baby's face", (locale, prompt, slug) => {
    expect(slugs(prompt, locale)).toEqual([slug]);
  });

  it("keeps a baby that a relation word sets beside an animal: a baby and a dog, bebé con perro", () => {
    expect(slugs("a baby and a dog", "en")).toEqual(["baby", "dog-face"]);
    expect(slugs("bebé con perro", "es")).toEqual(["baby", "dog-face"]);
    expect(slugs("cavalo e cachorro", "pt")).toEqual(["horse-face", "dog-face"]);
  });

  it.each([
    ["en", "my grandma's glasses", "glasses"],
    ["de", "der Hund meiner Oma", "dog-face"],
    ["es", "el perro de mi abuela", "dog-face"],
    ["pt", "o gato da minha avó", "cat-face"],
    ["fr", "le chien de ma grand-mère", "dog-face"],
    ["ko", "엄마의 가방", "handbag"],
    ["hi", "दादी का चश्मा", "glasses"],
  ])("%s: the person who owns the thing is not drawn: %s → %s", (locale, prompt, slug) => {
    expect(slugs(prompt, locale)).toEqual([slug]);
  });

  it("keeps an animal that owns the thing as the main subject: my dog's ball", () => {
    expect(slugs("my dog's ball", "en")).toEqual(["dog-face", "soccer-ball"]);
  });

  it("reads a hyphenated German compound as one word, its head last", () => {
    unknown("schneemann-party");
    const plan = parsePrompt("Schneemann-Party", "de");
    expect(plan.subjects[0]?.slug).toBe("snowman");
    expect(plan.decorations.length).toBeGreaterThan(0);
  });

  it("reads Indonesian reduplication: a plural or a toy is its noun, a reduplicated noun stays whole", () => {
    for (const word of ["kucing-kucing", "kuda-kudaan"]) unknown(word);
    expect(main("kucing-kucing", "id")).toBe("cat-face");
    expect(main("kuda-kudaan", "id")).toBe("horse-face");
    expect(main("kupu-kupu", "id")).toBe("butterfly");
  });

  it("reads an Indonesian noun phrase head first: a bis sekolah is a bus, a kereta api a train", () => {
    expect(main("sebuah bis sekolah", "id")).toBe("bus");
    expect(main("kereta api", "id")).toBe("locomotive");
  });

  it("splits an English closed compound into a known phrase: a schoolbus is a school bus, a firetruck a fire truck", () => {
    unknown("schoolbus");
    expect(main("schoolbus", "en")).toBe("bus");
    expect(main("firetruck", "en")).toBe("fire-engine");
  });

  it("keeps a phrase the lexicon knows whole: an osito de peluche is a teddy bear", () => {
    expect(main("osito de peluche", "es")).toBe("teddy-bear");
  });

  it("reads a base word only in the prompt's own language, and a pet's diminutive only from an animal", () => {
    expect(slugs("bonita", "es")).not.toContain("bone");
    unknown("cornet");
    expect(slugs("un cornet", "fr")).not.toContain("ram");
    expect(slugs("носок", "ru")).not.toContain("nose");
  });

  it("keeps the relations: a puppy with a ball, a kitten on a box", () => {
    expect(parsePrompt("Hundebaby mit Ball", "de").subjects).toEqual([
      { slug: "dog-face", relation: "main" },
      { slug: "soccer-ball", relation: "held" },
    ]);
    expect(parsePrompt("котёнок на коробке", "ru").subjects.map((s) => s.relation)).toEqual(["main", "under"]);
  });
});
