/**
 * Writes docs/share-cards/sheet.png: a pack's and a sticker's share card (decision 0050) with names in
 * Latin, Arabic and CJK, each card at half size, stickers drawn by the offline generator. Prints each
 * card's full-size JPEG bytes, the figure the cards are held to (docs/share-cards/README.md).
 * Run: node scripts/share-card-sheet.ts
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { OverlayOptions } from "sharp";
import sharp from "sharp";
import { createOfflineProvider } from "#server/generation/index.ts";
import { CARD_HEIGHT, CARD_WIDTH, composePackCard, composeStickerCard } from "#server/share-cards/card-art.ts";

const OUT = join(import.meta.dirname, "..", "docs", "share-cards");
const site = { name: "Sticker Studio", domain: "stickerstudio.app" };
const provider = createOfflineProvider();

const draw = async (prompt: string, style: "cartoon" | "kawaii" | "3d" | "pop-art", locale: string) =>
  (await provider.textToSticker({ prompt, style, locale })).png;

const rows = [
  {
    pack: "Café Moods",
    stickers: [
      ["a happy cat drinking coffee", "cartoon"],
      ["sleepy cat", "cartoon"],
      ["angry cat", "cartoon"],
      ["cat in love", "cartoon"],
      ["surprised cat", "cartoon"],
    ],
    sticker: { name: "Rocket to the moon", prompt: "a small rocket flying to the moon at night", style: "kawaii" },
    locale: "en",
  },
  {
    pack: "مزاج القهوة الصباحي",
    stickers: [
      ["قطة سعيدة تشرب القهوة", "kawaii"],
      ["كلب نائم", "kawaii"],
    ],
    sticker: { name: "قطة سعيدة", prompt: "قطة سعيدة تشرب القهوة في الصباح", style: "3d" },
    locale: "ar",
  },
  {
    pack: "咖啡猫的一天",
    stickers: [
      ["快乐的猫喝咖啡", "pop-art"],
      ["生气的猫", "pop-art"],
      ["睡觉的猫", "pop-art"],
    ],
    sticker: { name: "戴墨镜的酷狗", prompt: "一只戴着墨镜的酷狗在海边", style: "cartoon" },
    locale: "zh",
  },
] as const;

const HALF_W = CARD_WIDTH / 2;
const HALF_H = CARD_HEIGHT / 2;
const GAP = 12;
const tiles: OverlayOptions[] = [];
mkdirSync(OUT, { recursive: true });
for (const [row, entry] of rows.entries()) {
  const pictures = await Promise.all(entry.stickers.map(([prompt, style]) => draw(prompt, style, entry.locale)));
  const pack = await composePackCard({ name: entry.pack, pictures, site });
  const sticker = await composeStickerCard({
    name: entry.sticker.name,
    prompt: entry.sticker.prompt,
    picture: await draw(entry.sticker.prompt, entry.sticker.style, entry.locale),
    site,
  });
  console.log(`${entry.locale}: pack card ${pack.length} bytes, sticker card ${sticker.length} bytes`);
  for (const [column, card] of [pack, sticker].entries()) {
    tiles.push({
      input: await sharp(card).resize(HALF_W, HALF_H).png().toBuffer(),
      left: GAP + column * (HALF_W + GAP),
      top: GAP + row * (HALF_H + GAP),
    });
  }
}
const file = join(OUT, "sheet.png");
await sharp({
  create: { width: 2 * HALF_W + 3 * GAP, height: rows.length * (HALF_H + GAP) + GAP, channels: 3, background: "#ffffff" },
})
  .composite(tiles)
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(file);
console.log(`wrote ${file}`);
