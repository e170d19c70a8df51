import { describe, expect, it } from "vitest";
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
});
