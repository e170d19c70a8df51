/**
 * The prompt rules (decision 0032): for each of the 14 languages, prompts its list blocks and
 * innocent prompts that must pass (words that contain or resemble a listed one); the folding that
 * defeats spelling tricks; and, through the real API, a blocked prompt answers PROMPT_BLOCKED in the
 * caller's language before any point is spent or any task is written.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { LANGUAGES, type Language } from "#common/languages.ts";
import { callApi, createGalleryTestApp } from "#tests/support/stickers.ts";
import { balanceOf, userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, type TestApp } from "#tests/support/test-app.ts";
import { tasks } from "../db/schema.ts";
import { AR_WORDS, EN_SUBJECTS, HAN_WORDS, ID_WORDS, MOOD_WORDS } from "../generation/index.ts";
import { findBlocked } from "./prompt-rules/find-blocked.ts";
import { CATEGORIES } from "./prompt-rules/word-list.ts";
import { WORD_LISTS } from "./prompt-rules/words/index.ts";

/** Per language: prompts that are refused, and everyday prompts (Scunthorpe cases among them) that pass. */
const EXAMPLES: Record<Language, { blocked: string[]; innocent: string[] }> = {
  en: {
    blocked: [
      "porn star cat",
      "a naked woman dancing",
      "Pornography",
      "rapist",
      "lolicon girl",
      "beheading scene",
      "heil hitler",
    ],
    innocent: [
      "grape juice",
      "Essex cottage",
      "Sussex hills",
      "therapist cat",
      "cocktail party",
      "Scunthorpe",
      "naked mole rat",
      "a grateful capybara",
      "Al Gore at a podium",
      "sextant on a ship",
      "analysis chart",
    ],
  },
  zh: {
    blocked: ["色情图片", "一个裸体的人", "如何自杀", "纳粹标志", "强奸"],
    innocent: ["可爱的小猫", "做爱心便当", "红色情人节卡片", "理性交流", "一只快乐的狗"],
  },
  "zh-TW": {
    blocked: ["裸體女人", "強姦", "蘿莉控", "納粹旗", "斬首"],
    innocent: ["珍珠奶茶", "做愛心卡片", "顏色情緒板", "可愛的貓咪"],
  },
  ko: {
    blocked: ["포르노를 보는 고양이", "누드 사진", "강간", "나치 깃발", "자살 방법 알려줘"],
    innocent: ["누드김밥 도시락", "귀여운 강아지", "강가의 오리", "나침반"],
  },
  ja: {
    blocked: ["ポルノ画像", "ヌード写真", "レイプ", "ロリコン", "ナチスの旗"],
    innocent: ["ラーメンとヌードル", "ヒエログリフ", "かわいい猫", "ミドルセックスの景色"],
  },
  pt: {
    blocked: ["pornografia", "mulher nua na praia", "estupro", "pedófilo", "decapitação"],
    innocent: [
      "kkkk que gato engraçado",
      "kkk",
      "uma pelada de futebol",
      "nuvem feliz",
      "sexta-feira",
      "um gato estudando",
      "Essex",
    ],
  },
  es: {
    blocked: ["pornografía", "mujer desnuda", "violador", "pedófilo", "decapitado"],
    innocent: ["árbol desnudo en invierno", "violación de datos", "sexto piso", "un gato feliz", "violín"],
  },
  hi: {
    blocked: ["अश्लील तस्वीर", "नग्न महिला", "बलात्कार", "पोर्न", "नाज़ी झंडा"],
    innocent: ["नग्न पेड़", "नंगे पांव चलता बच्चा", "बलवान शेर", "स्वस्तिक रंगोली", "नमस्ते बिल्ली", "बाल कटवाता बंदर", "दिवाली का दीया"],
  },
  ar: {
    blocked: ["صور إباحية", "امرأة عارية", "الاغتصاب", "التحرش بالأطفال", "علم نازي"],
    innocent: ["جواز سفر وجنسية", "إباحة", "قطة لطيفة", "عارضة أزياء", "مدرسة جميلة"],
  },
  fr: {
    blocked: ["pornographie", "femme nue", "viol", "pédophile", "croix gammée"],
    innocent: ["violon", "violette", "un chat sexagénaire", "la nue du ciel", "décaper un meuble"],
  },
  de: {
    blocked: ["Kinderporno", "nackt", "Vergewaltigung", "Hakenkreuz", "enthauptet"],
    innocent: ["Sexte und Quinte", "Nacktschnecke", "Nacktmull", "Ansporn", "Sporn des Hahns"],
  },
  ru: {
    blocked: ["порно", "голая девушка", "изнасилование", "свастика", "педофил"],
    innocent: ["голые деревья", "секция плавания", "секстант", "нация и культура"],
  },
  bn: {
    blocked: ["অশ্লীল ছবি", "নগ্ন নারী", "ধর্ষণ", "পর্ন", "নাৎসি পতাকা"],
    innocent: ["নগ্ন গাছ", "ধর্মীয় উৎসব", "নগর জীবন", "বিড়াল ছানা", "সেক্সটেন্ট নয়, ঘড়ি"],
  },
  id: {
    blocked: ["bokep", "foto telanjang", "diperkosa", "pemerkosaan", "cara bunuh diri"],
    innocent: ["seksi kucing lucu", "mata telanjang", "kaki telanjang di pantai", "penggalan lirik lagu", "nazar"],
  },
};

describe("prompt rules: one maintained list per language", () => {
  it("has a list for each of the 14 languages, each with entries in every category", () => {
    expect(WORD_LISTS.map((list) => list.language).sort()).toEqual([...LANGUAGES].sort());
    for (const list of WORD_LISTS)
      for (const category of CATEGORIES) expect(list[category].length, `${list.language} ${category}`).toBeGreaterThan(0);
  });

  it("blocks every entry of every list written plainly (no entry is unreachable after folding)", () => {
    for (const list of WORD_LISTS) {
      for (const category of CATEGORIES) {
        for (const entry of list[category]) {
          expect(findBlocked(entry.replace(/\*/g, "")), `${list.language} ${category} "${entry}"`).not.toBeNull();
        }
      }
    }
  });

  for (const language of LANGUAGES) {
    describe(`${language}`, () => {
      it.each(EXAMPLES[language].blocked)(`blocks "%s"`, (prompt) => {
        expect(findBlocked(prompt)).not.toBeNull();
      });
      it.each(EXAMPLES[language].innocent)(`lets "%s" pass`, (prompt) => {
        expect(findBlocked(prompt)).toBeNull();
      });
    });
  }

  it("checks every list against prompts in any language: an English word in a Chinese prompt, a Russian one in an Arabic prompt", () => {
    expect(findBlocked("一只猫 porn")?.language).toBe("en");
    expect(findBlocked("قطة порно")?.language).toBe("ru");
    expect(findBlocked("a cute 色情 cat")?.language).toBe("zh");
  });
});

/** Every string of a catalog (nested sections and plural forms included). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return value && typeof value === "object" ? Object.values(value).flatMap(stringsOf) : [];
}

describe("prompt rules: everyday text in every language passes (false positives)", () => {
  it("lets every text of the product's 14 catalogs pass, but the report reasons, which name unsafe content on purpose", () => {
    const dir = path.join(import.meta.dirname, "../../common/i18n/locales");
    const texts = readdirSync(dir).flatMap((file) => {
      const catalog = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
      // The Report dialog's reasons ("sexual content", …) are meant to say what the rules refuse.
      delete catalog.report.reason;
      return stringsOf(catalog);
    });
    expect(texts.length).toBeGreaterThan(5_000);
    expect(texts.filter((text) => findBlocked(text) !== null)).toEqual([]);
  });

  it("lets every word of the generator's hand tables pass (Arabic, Indonesian, English, Chinese and Japanese, moods)", () => {
    const words = [AR_WORDS, ID_WORDS, EN_SUBJECTS, HAN_WORDS, MOOD_WORDS].flatMap((table) => Object.keys(table));
    expect(words.length).toBeGreaterThan(700);
    expect(words.filter((word) => findBlocked(word) !== null)).toEqual([]);
  });

  it("lets every emoji name and keyword pass, in the 13 languages emojibase has (Indonesian through Malay)", () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve("emojibase-data/package.json"));
    const texts = new Set<string>();
    for (const locale of ["en", "bn", "de", "es", "fr", "hi", "ja", "ko", "pt", "ru", "zh", "zh-hant", "ms"]) {
      const emoji = JSON.parse(readFileSync(path.join(root, locale, "data.json"), "utf8")) as {
        label: string;
        tags?: string[];
      }[];
      for (const { label, tags } of emoji) for (const text of [label, ...(tags ?? [])]) texts.add(text);
    }
    expect(texts.size).toBeGreaterThan(50_000);
    expect([...texts].filter((text) => findBlocked(text) !== null)).toEqual([]);
  });
});

describe("prompt rules: spelling tricks meet the list", () => {
  it.each([
    ["capitals", "PORN"],
    ["full-width letters (NFKC)", "ｐｏｒｎ"],
    ["digits for letters", "p0rn"],
    ["digits and signs for letters", "r@p3"],
    ["dots between the letters", "p.o.r.n"],
    ["spaces between the letters", "s e x"],
    ["a Cyrillic о in a Latin word", "pоrn"],
    ["a word of Cyrillic look-alikes only", "ѕех"],
    ["a Latin o in a Russian word", "пoрно"],
    ["a zero-width space inside the word", "se\u200Bx"],
    ["a soft hyphen inside the word", "nu\u00ADde"],
    ["a zero-width joiner inside the word", "na\u200Dzi"],
    ["a letter said three times", "sexxx"],
    ["accents added", "pòrn"],
    ["accents left out", "pedofilo"],
    ["Arabic short vowels and stretching", "إِبَـــاحِي"],
    ["a space inside a Chinese word", "色 情"],
    ["the Arabic article and a conjunction before the word", "والاغتصاب"],
  ])("%s: %s", (_, prompt) => {
    expect(findBlocked(prompt)).not.toBeNull();
  });

  it("keeps Indic vowel signs: a different word that differs only in its vowel sign is not the listed one", () => {
    // नग्न (naked) is listed; नगर (city) shares its consonants' start, and बल (strength) starts बलात्कार.
    expect(findBlocked("नगर")).toBeNull();
    expect(findBlocked("बलवान")).toBeNull();
    expect(findBlocked("नग्न महिला")).not.toBeNull();
  });
});

describe("prompt rules through the API (both engines): refused before any point is spent", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createGalleryTestApp(0, { TEXT_GENERATION_COST: "1" });
  });
  afterAll(async () => {
    await closeTestApp(t);
  });

  it.each(LANGUAGES.map((language) => [language, EXAMPLES[language].blocked[0] ?? ""] as const))(
    "%s: %s → PROMPT_BLOCKED with the message in that language, no point spent, no task written",
    async (language, prompt) => {
      const user = await userWithPoints(t, `rules-${language}@example.com`, 3);
      const before = await balanceOf(t, user.userId);
      const { http, body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
        body: { prompt },
        session: user,
        language,
      });
      expect(http).toBe(400);
      expect(body.status).toBe("PROMPT_BLOCKED");
      expect(body.msgKey).toBe("errors.promptBlocked");
      expect((body as { msg?: string }).msg).toBe(translate(language, "errors.promptBlocked"));
      expect(await balanceOf(t, user.userId)).toBe(before);
      expect(await t.app.database.db.select().from(tasks).where(eq(tasks.userId, user.userId))).toEqual([]);
    },
  );

  it("an innocent prompt with a Scunthorpe word is accepted and charged", async () => {
    const user = await userWithPoints(t, "rules-innocent@example.com", 3);
    const before = await balanceOf(t, user.userId);
    const { body } = await callApi(t, "POST", "/api/aitask/submitGenerateText", {
      body: { prompt: "a therapist eating grapes in Essex" },
      session: user,
    });
    expect(body.status).toBe(200);
    expect(await balanceOf(t, user.userId)).toBe(before - 1);
  });

  it("a pack made in one go with a blocked prompt is refused the same way", async () => {
    const user = await userWithPoints(t, "rules-pack@example.com", 10);
    const before = await balanceOf(t, user.userId);
    const { body } = await callApi(t, "POST", "/api/pack/makeFromPrompt", {
      body: { prompt: "nackt", moods: ["happy", "sad"] },
      session: user,
      language: "de",
    });
    expect(body.status).toBe("PROMPT_BLOCKED");
    expect((body as { msg?: string }).msg).toBe(translate("de", "errors.promptBlocked"));
    expect(await balanceOf(t, user.userId)).toBe(before);
  });
});
