/**
 * The art the sticker editor starts from (decision 0047) is the finished sticker's art before its
 * outline: the style's treatment applied once. Finishing it again without a treatment gives back the
 * generator's own picture, so an edit with the original's settings starts where the sticker was made.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOfflineProvider } from "./offline-provider.ts";
import { STYLES } from "./provider.ts";
import { finishSticker } from "./render/finish.ts";
import type { Raster } from "./render/pixels.ts";

const provider = createOfflineProvider();

async function rasterOf(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function pixels(png: Buffer): Promise<Buffer> {
  return (await rasterOf(png)).data;
}

/** Styles drawn at 512 px whose treatment changes the art (pixel art is drawn small and scaled). */
const TREATED = STYLES.filter((style) => style.treat && style.resolution === 512);

describe("the editable art", () => {
  it.each(TREATED.map((style) => style.key))(
    "%s: a captioned text sticker's art, finished again untreated, is its subject layer pixel for pixel",
    async (key) => {
      const style = STYLES.find((s) => s.key === key)!;
      const sticker = await provider.textToSticker({ prompt: 'a happy cat saying "hi"', style: key });
      expect(sticker.editable?.captionText).toBe("hi");
      const again = await finishSticker(await rasterOf(sticker.editable!.art), style, { treat: false });
      expect((await pixels(again)).equals(await pixels(sticker.layers!.subject))).toBe(true);
    },
  );

  it("a photo sticker's art, finished again untreated, is the sticker pixel for pixel (pop-art)", async () => {
    const style = STYLES.find((s) => s.key === "pop-art")!;
    const photo = readFileSync(join(import.meta.dirname, "..", "..", "docs", "photos", "cat.jpg"));
    const sticker = await provider.imageToSticker({ image: photo, style: "pop-art" });
    const again = await finishSticker(await rasterOf(sticker.editable!.art), style, { treat: false });
    expect((await pixels(again)).equals(await pixels(sticker.png))).toBe(true);
  }, 60_000);
});
