import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import { catalogFor } from "./catalogs.server.ts";
import { createTranslator } from "./i18n.tsx";

const catalog = {
  list: { count_one: "{{count}} sticker", count_other: "{{count}} stickers", page: "Page {{page}}" },
  ru: {
    count_one: "{{count}} стикер",
    count_few: "{{count}} стикера",
    count_many: "{{count}} стикеров",
    count_other: "{{count}} стикера",
  },
  plain: "Hello",
};

describe("translations", () => {
  it("looks up dotted keys and interpolates", () => {
    const { t } = createTranslator("en", catalog);
    expect(t("plain")).toBe("Hello");
    expect(t("list.page", { page: 3 })).toBe("Page 3");
  });

  it("picks the plural form by the language's rules", () => {
    expect(createTranslator("en", catalog).t("list.count", { count: 1 })).toBe("1 sticker");
    expect(createTranslator("en", catalog).t("list.count", { count: 2 })).toBe("2 stickers");
    const ru = createTranslator("ru", catalog);
    expect(ru.t("ru.count", { count: 1 })).toBe("1 стикер");
    expect(ru.t("ru.count", { count: 3 })).toBe("3 стикера");
    expect(ru.t("ru.count", { count: 5 })).toBe("5 стикеров");
  });

  it("falls back to _other when a language has no form for the category, and shows a missing key as is", () => {
    const ja = createTranslator("ja", catalog);
    expect(ja.t("list.count", { count: 1 })).toBe("1 stickers");
    expect(ja.t("no.such.key")).toBe("no.such.key");
  });

  it("knows which languages are right to left", () => {
    expect(createTranslator("ar", catalog).dir()).toBe("rtl");
    expect(createTranslator("fr", catalog).dir()).toBe("ltr");
  });

  it.each(LANGUAGES.filter((language) => language !== "en"))(
    "%s pages read their own catalog: their texts are not the English ones",
    (language) => {
      const english = createTranslator("en", catalogFor("en"));
      const page = createTranslator(language, catalogFor(language));
      for (const key of ["errors.apiNotFound", "catchMessage.IllegaRequest", "list.empty", "footer.pricing"]) {
        expect(page.t(key), `${language}:${key}`).not.toBe(key);
        expect(page.t(key), `${language}:${key}`).not.toBe(english.t(key));
      }
      expect(page.t("list.count", { count: 5 })).not.toBe(english.t("list.count", { count: 5 }));
    },
  );

  it("an Arabic page says its plurals in Arabic with Arabic's categories (two, few, many)", () => {
    const ar = createTranslator("ar", catalogFor("ar"));
    const forms = [1, 2, 3, 11].map((count) => ar.t("list.count", { count }));
    for (const text of forms) expect(text).toMatch(/\p{Script=Arabic}/u);
    // 1 → one, 2 → two, 3 → few, 11 → many: four different words.
    expect(new Set(forms.map((text) => text.replace(/\d+/, ""))).size).toBe(4);
  });
});
