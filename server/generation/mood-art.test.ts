/** One subject drawn per mood (decision 0026): a set of clearly different stickers in one style. */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MOODS } from "#common/packs.ts";
import { decodePng, firstOpaqueRun } from "#tests/support/generation.ts";
import { createImageSticker } from "./image-sticker.ts";
import { createTextSticker } from "./text-sticker.ts";

const EIGHT = MOODS.slice(0, 8).map((mood) => mood.id);
const pixelHash = async (png: Buffer) =>
  createHash("sha256")
    .update(await sharp(png).ensureAlpha().raw().toBuffer())
    .digest("hex");

describe("a subject drawn in 8 moods", () => {
  it.each([
    ["a cat", "cartoon", "en"],
    ["pizza", "kawaii", "fr"],
    ["a dog and a ball", "pixel", "ar"],
  ] as const)("'%s' in %s gives 8 different 512 px stickers of that one style", async (prompt, style, locale) => {
    const drawn = await Promise.all(EIGHT.map((mood) => createTextSticker({ prompt, style, locale, mood })));
    const hashes = await Promise.all(drawn.map((sticker) => pixelHash(sticker.png)));
    expect(new Set(hashes).size).toBe(8);
    expect(new Set(drawn.map((sticker) => sticker.detail?.style))).toEqual(new Set([style]));
    expect(drawn.map((sticker) => sticker.detail?.mood)).toEqual(EIGHT);
    // The same die-cut border on each: the style's look, not only its name.
    const widths = await Promise.all(drawn.map(async (sticker) => (await decodePng(sticker.png)).width));
    expect(new Set(widths)).toEqual(new Set([512]));
    // Without a mood the prompt draws as before: none of the 8 is the plain sticker.
    const plain = await pixelHash((await createTextSticker({ prompt, style, locale })).png);
    expect(hashes).not.toContain(plain);
  });

  it("captions each mood in the asker's language", async () => {
    const sticker = await createTextSticker({ prompt: "a cat", style: "cartoon", locale: "ja", mood: "sad" });
    expect(sticker.detail?.caption).toBe("かなしい");
  });

  it("keeps a cat's own face for the moods the art has (a crying cat for sad)", async () => {
    const sticker = await createTextSticker({ prompt: "a cat", style: "cartoon", locale: "en", mood: "sad" });
    const subjects = (sticker.detail?.subjects ?? []) as { slug: string }[];
    expect(subjects[0]?.slug).toBe("crying-cat");
  });

  it("gives a photo 8 different stickers with the same die-cut border", async () => {
    const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#3a7bd5" } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><circle cx="100" cy="100" r="60" fill="#f4a261"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const drawn = await Promise.all(EIGHT.map((mood) => createImageSticker({ image: photo, style: "3d", mood, locale: "en" })));
    const hashes = await Promise.all(drawn.map((sticker) => pixelHash(sticker.png)));
    expect(new Set(hashes).size).toBe(8);
    const runs = await Promise.all(drawn.map(async (sticker) => firstOpaqueRun(await decodePng(sticker.png), 256) > 0));
    expect(runs.every(Boolean)).toBe(true);
  });
});
