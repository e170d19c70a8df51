import { describe, expect, it } from "vitest";
import { ERRORS } from "#common/errors.ts";
import { LANGUAGES } from "#common/languages.ts";
import { type Catalog, catalogs } from "../../server/i18n.ts";

function flatten(catalog: Catalog, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const english = flatten(catalogs.en);
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();

describe("catalogs: every UI string in all 14 languages", () => {
  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s has every English key, no more, none empty, same placeholders",
    (language) => {
      const catalog = flatten(catalogs[language]);
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(catalog)) {
        expect(text.trim(), `${language}:${key}`).not.toBe("");
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(english[key] ?? ""));
      }
    },
  );

  it("is translated, not copied: most strings differ from English in every language", () => {
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      const catalog = flatten(catalogs[language]);
      const same = Object.entries(catalog).filter(([key, text]) => text === english[key] && !/Sticker Studio/.test(text));
      expect(same.length / Object.keys(english).length, language).toBeLessThan(0.15);
    }
  });

  it("has a message for every error code", () => {
    for (const { key } of Object.values(ERRORS)) expect(english[key], key).toBeTruthy();
  });
});
