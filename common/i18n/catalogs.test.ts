import { describe, expect, it } from "vitest";
import { ERRORS } from "../errors.ts";
import { LANGUAGES } from "../languages.ts";
import { type Catalog, catalogs } from "./catalogs.ts";

function flatten(catalog: Catalog, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** A plural key stands for its base: each language has its own plural categories (CLDR). */
const baseOf = (key: string) => key.replace(PLURAL, "");
const english = flatten(catalogs.en);
const englishBases = new Set(Object.keys(english).map(baseOf));
const placeholders = (text: string) => [...new Set(text.match(/\{\{\s*\w+\s*\}\}/g) ?? [])].sort();
/** Values that are the same in every language: brand names, pure placeholders and a number with its % sign. */
const SAME_IN_EVERY_LANGUAGE = new Set(["Sticker Studio", "{{count}}/{{max}}", "{{value}}%", "{{value}} %"]);

describe("catalogs: every UI string in all 14 languages", () => {
  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s has every English string, no more, none empty, same placeholders",
    (language) => {
      const catalog = flatten(catalogs[language]);
      const bases = new Set(Object.keys(catalog).map(baseOf));
      expect([...bases].sort()).toEqual([...englishBases].sort());
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), `${language}:${key}`).not.toBe("");
        const source = english[key] ?? english[`${baseOf(key)}_other`] ?? "";
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(source));
      }
      for (const key of Object.keys(english).filter((k) => PLURAL.test(k))) {
        expect(catalog[`${baseOf(key)}_other`], `${language}:${baseOf(key)}_other`).toBeTruthy();
      }
    },
  );

  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s is translated: no value equals English outside the brand allow-list",
    (language) => {
      const catalog = flatten(catalogs[language]);
      const same = Object.entries(catalog).filter(([key, text]) => text === english[key] && !SAME_IN_EVERY_LANGUAGE.has(text));
      expect(same.map(([key]) => key)).toEqual([]);
    },
  );

  /** Languages written in their own script: a copy of English, or English left in place, cannot pass. */
  const SCRIPTS: Partial<Record<(typeof LANGUAGES)[number], RegExp>> = {
    zh: /\p{Script=Han}/u,
    "zh-TW": /\p{Script=Han}/u,
    ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
    ko: /\p{Script=Hangul}/u,
    hi: /\p{Script=Devanagari}/u,
    ar: /\p{Script=Arabic}/u,
    ru: /\p{Script=Cyrillic}/u,
    bn: /\p{Script=Bengali}/u,
  };
  /** What a text says in words: without placeholders, the brand and e-mail addresses. */
  const wordsOf = (text: string) =>
    text
      .replace(/\{\{\s*\w+\s*\}\}/g, "")
      .replace(/Sticker Studio/g, "")
      .replace(/\S+@\S+/g, "");
  it.each(Object.entries(SCRIPTS))("%s: every text with words is written in its own script", (language, script) => {
    const catalog = flatten(catalogs[language as keyof typeof SCRIPTS]);
    const foreign = Object.entries(catalog).filter(([, text]) => /\p{L}/u.test(wordsOf(text)) && !script.test(text));
    expect(foreign.map(([key]) => key)).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s has its own message for every error code, not the English one",
    (language) => {
      const catalog = flatten(catalogs[language]);
      for (const { key } of Object.values(ERRORS)) {
        expect(catalog[key], `${language}:${key}`).toBeTruthy();
        expect(catalog[key], `${language}:${key}`).not.toBe(english[key]);
      }
    },
  );

  it("has a message for every error code", () => {
    for (const { key } of Object.values(ERRORS)) expect(english[key], key).toBeTruthy();
  });
});
