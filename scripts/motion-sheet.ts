/**
 * Writes docs/motion-sheet.png: the first, middle and last frame of every motion preset on three
 * stickers (a text sticker with a caption layer, one without, a photo sticker), on a checkerboard so
 * transparency shows, to look at the presets side by side. Run: npm run motion-sheet
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { OverlayOptions } from "sharp";
import sharp from "sharp";
import { MOTION_PRESETS } from "#common/motion.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import type { StickerLayers } from "#server/motion/index.ts";
import { prepareSticker } from "#server/motion/prepare-sticker.ts";
import { renderFrames } from "#server/motion/render-frames.ts";

const TILE = 150;
const GAP = 6;
const LABEL_W = 96;
const HEAD_H = 44;
const FPS = 20;

const provider = createOfflineProvider();
// The generator keeps a captioned sticker's subject and caption apart (decision 0041).
const cat = await provider.textToSticker({ prompt: 'a happy cat saying "hello friend"', style: "cartoon", locale: "en" });
if (!cat.layers) throw new Error("the generator kept no layers for a captioned sticker");
const dog = await provider.textToSticker({ prompt: "dog with sunglasses", style: "cartoon", locale: "en" });
const photo = await provider.imageToSticker({
  image: readFileSync(join(import.meta.dirname, "..", "docs", "photos", "cat.jpg")),
  style: "cartoon",
});
const stickers: { name: string; layers: StickerLayers }[] = [
  { name: "text with caption", layers: { whole: cat.png, subject: cat.layers.subject, caption: cat.layers.caption } },
  { name: "text, no caption", layers: { whole: dog.png } },
  { name: "photo", layers: { whole: photo.png } },
];
const prepared = await Promise.all(stickers.map((s) => prepareSticker(s.layers, 512)));

const checker = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}"><defs><pattern id="c" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="#fff"/><rect width="8" height="8" fill="#dde2ea"/><rect x="8" y="8" width="8" height="8" fill="#dde2ea"/></pattern></defs><rect width="100%" height="100%" fill="url(#c)"/></svg>`,
  ),
)
  .png()
  .toBuffer();

const cols = stickers.length * 3;
const width = LABEL_W + cols * (TILE + GAP) + GAP * 2;
const height = HEAD_H + MOTION_PRESETS.length * (TILE + GAP) + GAP;
const tiles: OverlayOptions[] = [];
const labels: string[] = [];
for (const [s, sticker] of stickers.entries()) {
  const x = LABEL_W + s * 3 * (TILE + GAP) + (s * GAP) / 1;
  labels.push(`<text x="${x + 4}" y="20" font-size="17">${sticker.name}</text>`);
  for (const [f, which] of ["first", "middle", "last"].entries()) {
    labels.push(`<text x="${x + f * (TILE + GAP) + 4}" y="38" font-size="13" fill="#667">${which}</text>`);
  }
}
for (const [row, preset] of MOTION_PRESETS.entries()) {
  const top = HEAD_H + row * (TILE + GAP);
  labels.push(`<text x="8" y="${top + TILE / 2 + 6}" font-size="17">${preset}</text>`);
  for (const [s, sticker] of prepared.entries()) {
    const left0 = LABEL_W + s * 3 * (TILE + GAP) + s * GAP;
    if (preset === "type" && !sticker.caption) {
      labels.push(`<text x="${left0 + 8}" y="${top + TILE / 2 + 6}" font-size="14" fill="#889">needs a caption layer</text>`);
      continue;
    }
    const { frames } = renderFrames(sticker, preset, FPS);
    const picks = [0, Math.floor(frames.length / 2), frames.length - 1];
    for (const [f, index] of picks.entries()) {
      const left = left0 + f * (TILE + GAP);
      const tile = await sharp(frames[index]!, { raw: { width: 512, height: 512, channels: 4 } })
        .resize(TILE, TILE)
        .png()
        .toBuffer();
      tiles.push({ input: checker, left, top }, { input: tile, left, top });
    }
  }
}
const background = new Resvg(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f3f5f8"/><g font-family="Nunito" fill="#333">${labels.join("")}</g></svg>`,
  {
    font: {
      loadSystemFonts: false,
      fontFiles: [join(import.meta.dirname, "..", "node_modules", "@expo-google-fonts", "nunito/900Black/Nunito_900Black.ttf")],
    },
  },
)
  .render()
  .asPng();
const out = join(import.meta.dirname, "..", "docs", "motion-sheet.png");
const info = await sharp(background).composite(tiles).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
console.log(`${out}: ${width}×${height}, ${(info.size / 1000).toFixed(0)} kB`);
