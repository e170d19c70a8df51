import { describe, expect, it } from "vitest";
import { languageOfPath } from "./language-of-path.ts";

describe("the language of a path", () => {
  it("is the prefix's language, English at the root and for anything else", () => {
    expect(languageOfPath("/")).toBe("en");
    expect(languageOfPath("/fr/stickers/latest")).toBe("fr");
    expect(languageOfPath("/zh-TW")).toBe("zh-TW");
    expect(languageOfPath("/stickers/latest")).toBe("en");
    expect(languageOfPath("/en/stickers")).toBe("en");
  });

  it("is the home page's language when the page asks for its data (/ar.data after signing out or deleting the account on /ar)", () => {
    expect(languageOfPath("/ar.data")).toBe("ar");
    expect(languageOfPath("/ar/stickers.data")).toBe("ar");
    expect(languageOfPath("/_root.data")).toBe("en");
  });
});
