/** One subject drawn per mood (decision 0026): a set of clearly different stickers in one style. */
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MOODS } from "#common/packs.ts";
import { decodePng, firstOpaqueRun } from "#tests/support/generation.ts";
import { createImageSticker } from "./image-sticker.ts";
import { MOOD_ART, moodName } from "./mood-art.ts";
import { parsePrompt } from "./prompt/parse-prompt.ts";
import { UNDRAWN_MAX_CHARACTERS, undrawnWords } from "./prompt/undrawn.ts";
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

/** decision 0052: a subject nothing can be drawn for is written, never dropped for bare faces. */
describe("a pack of moods whose subject cannot be drawn", () => {
  const captionOf = async (prompt: string, locale: string, mood: (typeof EIGHT)[number]) => {
    const sticker = await createTextSticker({ prompt, style: "cartoon", locale, mood });
    return { caption: sticker.detail?.caption, subjects: (sticker.detail?.subjects ?? []) as { slug: string }[] };
  };

  it("writes the unknown word beside each mood's name, under that mood's face", async () => {
    const drawn = await Promise.all(EIGHT.map((mood) => captionOf("a sad blorfwomp", "en", mood)));
    expect(drawn.map((d) => d.caption)).toEqual(EIGHT.map((mood) => `blorfwomp — ${moodName(mood, "en")}`));
    expect(drawn.map((d) => d.subjects[0]?.slug)).toEqual(EIGHT.map((mood) => MOOD_ART[mood].emblem));
  });

  it.each([
    ["blorfwomp", "en", "blorfwomp"],
    ["un Blorfwomp triste", "fr", "Blorfwomp"],
    ["开心的咘咯咈", "zh", "咘咯咈"],
    ["بلورفومب حزين", "ar", "بلورفومب"],
  ] as const)("'%s' (%s) keeps the words %s as typed, with the mood's name in that language", async (prompt, locale, words) => {
    const { caption } = await captionOf(prompt, locale, "happy");
    expect(caption).toBe(`${words} — ${moodName("happy", locale)}`);
  });

  it("leaves a known subject as it was: drawn, with the mood's name alone as the caption", async () => {
    const plan = parsePrompt("a happy dog", "en");
    expect(undrawnWords("a happy dog", plan, "en")).toBeNull();
    const { caption, subjects } = await captionOf("a happy dog", "en", "sad");
    expect(caption).toBe(moodName("sad", "en"));
    expect(subjects[0]?.slug).toBe(plan.subjects[0]?.slug);
  });

  it("leaves a prompt's own quoted caption, and a lone mood word, as they were", async () => {
    expect((await captionOf('blorfwomp saying "hi"', "en", "sad")).caption).toBe("hi");
    const happy = await captionOf("happy", "en", "sad");
    expect(happy.caption).toBe(moodName("sad", "en"));
    expect(happy.subjects[0]?.slug).toBe(MOOD_ART.sad.emblem);
  });

  it("cuts long unknown words so the mood's name still fits", () => {
    const long = "blorfwomp ".repeat(10).trim();
    const words = undrawnWords(long, parsePrompt(long, "en"), "en") ?? "";
    expect([...words]).toHaveLength(UNDRAWN_MAX_CHARACTERS);
    expect(words.endsWith("…")).toBe(true);
  });
});
