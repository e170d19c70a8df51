import { describe, expect, it } from "vitest";
import { parsePrompt } from "./parse-prompt.ts";

/** One prompt per interface language: "a cat drinking coffee" and "a happy dog". */
const CAT_COFFEE: [string, string][] = [
  ["en", "a cat drinking coffee"],
  ["zh", "一只喝咖啡的猫"],
  ["zh-TW", "喝咖啡的貓"],
  ["ko", "커피 마시는 고양이"],
  ["ja", "コーヒーを飲む猫"],
  ["pt", "gato bebendo café"],
  ["es", "gato bebiendo café"],
  ["hi", "कॉफी पीती बिल्ली"],
  ["ar", "قطة تشرب القهوة"],
  ["fr", "chat qui boit du café"],
  ["de", "Katze trinkt Kaffee"],
  ["ru", "кошка пьёт кофе"],
  ["bn", "বিড়াল কফি খাচ্ছে"],
  ["id", "kucing minum kopi"],
];

const HAPPY_DOG: [string, string][] = [
  ["en", "happy dog"],
  ["zh", "快乐的狗"],
  ["zh-TW", "快樂的狗"],
  ["ko", "행복한 강아지"],
  ["ja", "幸せな犬"],
  ["pt", "cachorro feliz"],
  ["es", "perro feliz"],
  ["hi", "खुश कुत्ता"],
  ["ar", "كلب سعيد"],
  ["fr", "chien heureux"],
  ["de", "glücklicher Hund"],
  ["ru", "счастливая собака"],
  ["bn", "খুশি কুকুর"],
  ["id", "anjing senang"],
];

describe("prompt understanding in the 14 interface languages", () => {
  it.each(CAT_COFFEE)("%s: %s → a cat holding coffee", (locale, prompt) => {
    const plan = parsePrompt(prompt, locale);
    expect(plan.subjects).toEqual([
      { slug: "cat-face", relation: "main" },
      { slug: "hot-beverage", relation: "held" },
    ]);
  });

  it.each(HAPPY_DOG)("%s: %s → a dog with a happy decoration", (locale, prompt) => {
    const plan = parsePrompt(prompt, locale);
    expect(plan.subjects[0]?.slug).toBe("dog-face");
    expect(plan.decorations.map((d) => d.slug)).toContain("sparkles");
  });

  it("reads plurals and inflections", () => {
    expect(parsePrompt("pandas").subjects[0]?.slug).toBe("panda");
    expect(parsePrompt("Hunde", "de").subjects[0]?.slug).toBe("dog-face");
    expect(parsePrompt("собаки", "ru").subjects[0]?.slug).toBe("dog-face");
    expect(parsePrompt("القطط", "ar").subjects[0]?.slug).toBe("cat-face");
  });

  it("plans no subject for words it does not know, so the caller draws a caption", () => {
    const plan = parsePrompt("quantum flux capacitor");
    expect(plan.subjects).toEqual([]);
    expect(plan.caption).toBe("quantum flux capacitor");
  });
});

describe("reading prompts as people write them (decision 0028)", () => {
  const slugs = (prompt: string, locale?: string) => parsePrompt(prompt, locale).subjects.map((s) => s.slug);

  it("reads a multi-word expression as one thing before its single words", () => {
    expect(slugs("es krim", "id")).toEqual(["soft-ice-cream"]);
    expect(slugs("hot dog", "en")).toEqual(["hot-dog"]);
    expect(slugs("곰 인형", "ko")).toEqual(["teddy-bear"]);
    expect(slugs("bonhomme de neige avec un chapeau", "fr")).toEqual(["snowman", "top-hat"]);
  });

  it("splits German compounds into their head and its modifier", () => {
    expect(slugs("Schokoladenkuchen", "de")).toEqual(["shortcake", "chocolate-bar"]);
    expect(slugs("Katzenbaum", "de")).toEqual(["evergreen-tree", "cat-face"]);
    expect(slugs("Pizzastück", "de")).toEqual(["pizza"]);
  });

  it("does not split words of languages that do not compound", () => {
    expect(slugs("quantum flux capacitor", "en")).toEqual([]);
  });

  it("chooses a word's sense from the other words of the prompt", () => {
    expect(slugs("a bat hanging in a cave", "en")).toEqual(["bat"]);
    expect(slugs("a bat and a ball", "en")).toEqual(["baseball"]);
    expect(slugs("a mouse next to a laptop", "en")).toEqual(["computer-mouse", "laptop"]);
    expect(slugs("hibou qui lit un livre", "fr")).toEqual(["owl", "open-book"]);
    expect(slugs("a gift with a bow", "en")).toEqual(["wrapped-gift"]);
    expect(slugs("a bow and arrow", "en")).toEqual(["bow-and-arrow"]);
  });

  it("never draws colours, sizes or other modifiers as subjects", () => {
    expect(slugs("a little red car", "en")).toEqual(["automobile"]);
    expect(slugs("kleines rotes Auto", "de")).toEqual(["automobile"]);
    expect(slugs("红色的小汽车", "zh")).toEqual(["automobile"]);
  });

  it("drops words known only as some emoji's tag beside a named subject", () => {
    expect(slugs("a cat sleeping in a box", "en")).toEqual(["cat-face", "package"]);
    expect(slugs("ice cream cone", "en")).toEqual(["soft-ice-cream"]);
  });

  it("takes the last noun as the subject in head-final languages", () => {
    expect(slugs("打伞的青蛙", "zh")).toEqual(["frog", "umbrella"]);
    expect(slugs("傘をさしたカエル", "ja")).toEqual(["frog", "umbrella"]);
    expect(slugs("우산 쓴 개구리", "ko")).toEqual(["frog", "umbrella"]);
    expect(slugs("छाता लिए मेंढक", "hi")).toEqual(["frog", "umbrella"]);
    expect(slugs("狐狸和兔子", "zh")).toEqual(["fox", "rabbit"]);
  });

  it("places what comes before a postposition: on, wearing", () => {
    expect(parsePrompt("箱の上の猫", "ja").subjects).toEqual([
      { slug: "cat-face", relation: "main" },
      { slug: "package", relation: "under" },
    ]);
    expect(parsePrompt("선글라스 쓴 강아지", "ko").subjects).toEqual([
      { slug: "dog-face", relation: "main" },
      { slug: "sunglasses", relation: "worn" },
    ]);
  });

  it("draws an English dish as the subject and its flavour beside it", () => {
    expect(parsePrompt("apple pie", "en").subjects).toEqual([
      { slug: "pie", relation: "main" },
      { slug: "red-apple", relation: "held" },
    ]);
    expect(slugs("chocolate chip cookies", "en")).toEqual(["cookie", "chocolate-bar"]);
    expect(slugs("pizza and beer", "en")).toEqual(["pizza", "beer-mug"]);
  });

  it("draws the food, not the plate it is on", () => {
    expect(slugs("a plate of sushi", "en")).toEqual(["sushi"]);
    expect(slugs("Sushiteller", "de")).toEqual(["sushi"]);
    expect(slugs("a plate", "en")).toEqual(["fork-and-knife-with-plate"]);
  });

  it("reads a one-kana particle inside a verb as part of the verb", () => {
    expect(slugs("ひまわりにとまった蝶", "ja")).toEqual(["butterfly", "sunflower"]);
  });

  it("draws a bare number only when it names an emoji", () => {
    expect(slugs("zorblat 3", "en")).toEqual([]);
    expect(slugs("100", "en")).toEqual(["hundred-points"]);
  });

  it("lets a language's hand words win only in that language", () => {
    expect(slugs("taco de beisebol", "pt")).toEqual(["baseball"]);
    expect(slugs("tacos", "es")).toEqual(["taco"]);
  });
});
