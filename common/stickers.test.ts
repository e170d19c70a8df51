import { describe, expect, it } from "vitest";
import { SLUG_MAX_UNITS, stickerSlug } from "./stickers.ts";
import { cutToWholeCharacters } from "./text.ts";

/** What made pages fail: a character outside the Basic Multilingual Plane across the 60-unit cut. */
const SUPPLEMENTARY = "𠀀"; // U+20000, two UTF-16 units

describe("stickerSlug cuts at 60 UTF-16 units by whole characters", () => {
  it.each([
    ["59 letters and a supplementary-plane character", `${"a".repeat(59)}${SUPPLEMENTARY}`, "a".repeat(59)],
    ["58 letters and a supplementary-plane character", `${"a".repeat(58)}${SUPPLEMENTARY}`, `${"a".repeat(58)}${SUPPLEMENTARY}`],
    ["30 supplementary-plane characters and one more", SUPPLEMENTARY.repeat(31), SUPPLEMENTARY.repeat(30)],
    ["a letter with a combining mark across the cut", `${"a".repeat(59)}q\u0301`, "a".repeat(59)],
    ["a letter with a combining mark before the cut", `${"a".repeat(58)}q\u0301`, `${"a".repeat(58)}q\u0301`],
  ])("%s", (_case, name, slug) => {
    const made = stickerSlug(name);
    expect(made).toBe(slug);
    expect(made.length).toBeLessThanOrEqual(SLUG_MAX_UNITS);
    expect(() => encodeURIComponent(made)).not.toThrow();
  });

  it("keeps a word's vowel signs with its letters", () => {
    expect(stickerSlug("नमस्ते दुनिया")).toBe("नमस्ते-दुनिया");
  });

  it("keeps no hyphen at the end when the cut falls after a separator", () => {
    expect(stickerSlug(`${"a".repeat(59)} bcd`)).toBe("a".repeat(59));
  });

  it("turns a lone surrogate in the name into a separator, never into the URL", () => {
    const made = stickerSlug(`cat\uD800dog\uDC00`);
    expect(made).toBe("cat-dog");
    expect(() => encodeURIComponent(made)).not.toThrow();
  });

  it("never leaves half of any character at any cut, whatever the name's script", () => {
    const names = [
      SUPPLEMENTARY.repeat(40),
      "👩‍👩‍👧‍👦".repeat(10),
      "🇯🇵".repeat(40),
      "नमस्ते दुनिया ".repeat(8),
      "مرحبا بالعالم ".repeat(8),
      "こんにちは世界".repeat(12),
    ];
    for (const name of names) {
      for (let cut = 0; cut <= name.length; cut += 1) {
        const part = cutToWholeCharacters(name, cut);
        expect(part.length).toBeLessThanOrEqual(cut);
        expect(name.startsWith(part)).toBe(true);
        expect(() => encodeURIComponent(part)).not.toThrow();
      }
      expect(() => encodeURIComponent(stickerSlug(name))).not.toThrow();
    }
  });

  it("cuts an emoji sequence or a flag whole, never half of it", () => {
    const family = "👩‍👩‍👧‍👦"; // 11 UTF-16 units, one grapheme
    expect(cutToWholeCharacters(`ab${family}`, 12)).toBe("ab");
    expect(cutToWholeCharacters(`ab${family}`, 13)).toBe(`ab${family}`);
    expect(cutToWholeCharacters("🇯🇵🇫🇷", 6)).toBe("🇯🇵");
  });
});
