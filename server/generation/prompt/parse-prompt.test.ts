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
