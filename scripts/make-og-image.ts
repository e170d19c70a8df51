import sharp from "sharp";
import { createOfflineProvider } from "#server/generation/index.ts";

/** Writes public/og-image.png (1200×630), the default social card: a row of generated stickers. */
const provider = createOfflineProvider();
const picks = [
  { prompt: "a happy cat drinking coffee", style: "cartoon" },
  { prompt: "rocket to the moon", style: "kawaii" },
  { prompt: "cool dog with sunglasses", style: "3d" },
  { prompt: "pizza party", style: "pop-art" },
] as const;
const stickers = await Promise.all(
  picks.map(async (pick) =>
    sharp((await provider.textToSticker(pick)).png)
      .resize(260, 260)
      .png()
      .toBuffer(),
  ),
);
const title = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="#e9e1d8"/>
  <text x="600" y="150" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="84" fill="#5b4a3a">Sticker Studio</text>
  <text x="600" y="215" text-anchor="middle" font-family="sans-serif" font-size="36" fill="#7a6450">AI stickers from a few words or a photo</text>
</svg>`;
await sharp(Buffer.from(title))
  .composite(stickers.map((input, i) => ({ input, left: 60 + i * 275, top: 290 })))
  .png({ compressionLevel: 9, palette: true })
  .toFile("public/og-image.png");
console.log("wrote public/og-image.png");
