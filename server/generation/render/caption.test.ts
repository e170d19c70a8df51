import { describe, expect, it } from "vitest";
import { renderCaption, shapeCaption } from "./caption.ts";
import type { Raster } from "./pixels.ts";

/** Horizontal extent of the glyphs' ink and where the topmost ink sits (0 = left edge, 1 = right). */
function inkSpan(glyphs: Raster): { width: number; top: number } {
  let min = glyphs.width;
  let max = -1;
  let topY = glyphs.height;
  let topX = -1;
  for (let y = 0; y < glyphs.height; y++) {
    for (let x = 0; x < glyphs.width; x++) {
      if ((glyphs.data[y * glyphs.width + x] as number) <= 100) continue;
      min = Math.min(min, x);
      max = Math.max(max, x);
      if (y < topY) {
        topY = y;
        topX = x;
      }
    }
  }
  const width = max - min + 1;
  return { width, top: (topX - min) / width };
}

const widthOf = async (text: string) => inkSpan(await shapeCaption(text, "fredoka")).width;

describe("captions", () => {
  // Two short words per script: short enough to stay on one line.
  it.each([
    ["latin", "Hi", "you"],
    ["cyrillic", "да", "нет"],
    ["cjk", "你好", "世界"],
    ["kana", "ねこ", "いぬ"],
    ["hangul", "안녕", "친구"],
    ["arabic", "يوم", "سعيد"],
    ["devanagari", "शुभ", "दिन"],
    ["bengali", "শুভ", "দিন"],
  ])("draws %s with ink and keeps the word space", async (_script, a, b) => {
    const caption = await renderCaption(
      `${a} ${b}`,
      "fredoka",
      { fill: "#ffcf33", ink: "#2b2233" },
      { x: 0, y: 0, w: 400, h: 120 },
    );
    expect(caption).not.toBeNull();
    let opaque = 0;
    for (let p = 3; p < (caption?.data.length ?? 0); p += 4) if ((caption?.data[p] as number) > 200) opaque++;
    expect(opaque).toBeGreaterThan(2000);
    // A space is at least ~0.15 em (64 px glyphs): "A B" must be visibly wider than "AB".
    expect((await widthOf(`${a} ${b}`)) - (await widthOf(`${a}${b}`))).toBeGreaterThan(8);
  });

  it.each([
    ["devanagari", "क्ष", "क"],
    ["bengali", "ক্ষ", "ক"],
  ])("shapes %s conjuncts into one glyph, not three", async (_script, conjunct, base) => {
    // Unshaped (or missing-glyph boxes) would be three glyphs wide.
    expect(await widthOf(conjunct)).toBeLessThan((await widthOf(base)) * 1.5);
  });

  it.each([
    ["devanagari", "दिन", "दन"],
    ["bengali", "জন্মদিন", "জন্মদন"],
  ])("gives the %s pre-base vowel sign its own room", async (_script, word, without) => {
    // The sign ি / ि is drawn before its consonant; when it lands on top of a letter the word shrinks.
    expect((await widthOf(word)) - (await widthOf(without))).toBeGreaterThan(10);
  });

  it("joins Arabic letters and lays them out right to left", async () => {
    // Three joined behs are far narrower than three isolated ones.
    expect(await widthOf("ببب")).toBeLessThan((await widthOf("ب")) * 2.2);
    // The alif (the tallest letter) comes first in reading order, so it is drawn at the right end.
    expect(inkSpan(await shapeCaption("اببب", "fredoka")).top).toBeGreaterThan(0.75);
    expect(inkSpan(await shapeCaption("بببا", "fredoka")).top).toBeLessThan(0.25);
  });

  it("uses the style's display font for Latin", async () => {
    // Press Start 2P is a wide pixel font; if the bundled fonts were not found both would be a system sans.
    const pixel = inkSpan(await shapeCaption("Hello", "pixel")).width;
    expect(pixel).toBeGreaterThan((await widthOf("Hello")) * 1.5);
  });

  it("escapes markup characters instead of failing", async () => {
    expect(
      await renderCaption("<b>Tom & Jerry</b>", "bangers", { fill: "#fff", ink: "#000" }, { x: 0, y: 0, w: 300, h: 100 }),
    ).not.toBeNull();
  });
});
