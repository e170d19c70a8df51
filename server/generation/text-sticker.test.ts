import { describe, expect, it } from "vitest";
import { decodePng, firstOpaqueRun } from "#tests/support/generation.ts";
import { createOfflineProvider } from "./offline-provider.ts";
import { GenerationError, STYLES } from "./provider.ts";

const provider = createOfflineProvider();

describe("text → sticker", () => {
  it("offers at least 8 styles", () => {
    expect(STYLES.length).toBeGreaterThanOrEqual(8);
  });

  it.each(STYLES.map((s) => s.key))(
    "renders %s as a 512×512 PNG with transparent corners and an opaque border",
    async (style) => {
      const sticker = await provider.textToSticker({ prompt: "a happy cat drinking coffee", style });
      const img = await decodePng(sticker.png);
      expect(img.format).toBe("png");
      expect([img.width, img.height]).toEqual([512, 512]);
      for (const [x, y] of [
        [0, 0],
        [511, 0],
        [0, 511],
        [511, 511],
      ] as const)
        expect(img.alphaAt(x, y)).toBe(0);
      // Walking in from the left edge, the first opaque pixels are a band of border, not a hairline.
      expect(firstOpaqueRun(img, 256)).toBeGreaterThanOrEqual(4);
      expect(sticker.subject).toBe("cat-face");
    },
  );

  it("draws the relation words: held, worn, target and underneath", async () => {
    const coffee = await provider.textToSticker({ prompt: "cat drinking coffee", style: "cartoon" });
    expect(coffee.detail?.subjects).toEqual([
      { slug: "cat-face", relation: "main" },
      { slug: "hot-beverage", relation: "held" },
    ]);
    const cool = await provider.textToSticker({ prompt: "cool dog with sunglasses", style: "cartoon" });
    expect(cool.detail?.subjects).toContainEqual({ slug: "sunglasses", relation: "worn" });
    const rocket = await provider.textToSticker({ prompt: "rocket to the moon", style: "cartoon" });
    expect(rocket.detail?.subjects).toContainEqual({ slug: "crescent-moon", relation: "target" });
    const sleepy = await provider.textToSticker({ prompt: "sleepy panda", style: "cartoon" });
    expect(sleepy.subject).toBe("panda");
    expect(sleepy.detail?.decorations).toContain("zzz");
  });

  it("writes quoted text and greetings as a caption", async () => {
    const quoted = await provider.textToSticker({ prompt: '"Monday again" coffee', style: "kawaii" });
    expect(quoted.detail?.caption).toBe("Monday again");
    const love = await provider.textToSticker({ prompt: "I love you", style: "cartoon" });
    expect(love.subject).toBe("red-heart");
    expect(love.detail?.caption).toBe("I love you");
  });

  it("turns an unmatched prompt into a caption sticker instead of failing", async () => {
    const sticker = await provider.textToSticker({ prompt: "quantum flux capacitor", style: "pop-art" });
    expect(sticker.subject).toBe("caption");
    const img = await decodePng(sticker.png);
    expect(img.alphaAt(0, 0)).toBe(0);
    expect(firstOpaqueRun(img, 256) + firstOpaqueRun(img, 230) + firstOpaqueRun(img, 280)).toBeGreaterThan(0);
  });

  it("rejects a prompt that is empty after trimming with EMPTY_PROMPT", async () => {
    const refused = provider.textToSticker({ prompt: "  \n\t ", style: "cartoon" });
    await expect(refused).rejects.toBeInstanceOf(GenerationError);
    await expect(refused).rejects.toMatchObject({ code: "EMPTY_PROMPT" });
  });

  it("rejects an unknown style", async () => {
    // @ts-expect-error: a style the type does not allow, as an untyped caller might send
    await expect(provider.textToSticker({ prompt: "cat", style: "oil-painting" })).rejects.toMatchObject({
      code: "UNKNOWN_STYLE",
    });
  });

  it.each([
    ["Hello!", "latin"],
    ["Привет!", "cyrillic"],
    ["你好", "cjk"],
    ["こんにちは", "kana"],
    ["안녕하세요", "hangul"],
    ["مرحبا", "arabic"],
    ["नमस्ते", "devanagari"],
    ["নমস্কার", "bengali"],
  ])('captions "%s" (%s) with visible text', async (text) => {
    const sticker = await provider.textToSticker({ prompt: `"${text}"`, style: "cartoon" });
    expect(sticker.subject).toBe("caption");
    const img = await decodePng(sticker.png);
    let opaque = 0;
    for (let x = 60; x < 452; x += 2) if (img.alphaAt(x, 256) > 200) opaque++;
    expect(opaque).toBeGreaterThan(20);
  });
});
