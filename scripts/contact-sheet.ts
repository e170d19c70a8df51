/**
 * Writes docs/generator-contact-sheet.png: a few prompts (several languages) × every style, so a
 * reviewer sees what the offline generator makes. Run: node scripts/contact-sheet.ts
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { OverlayOptions } from "sharp";
import sharp from "sharp";
import { DISPLAY_FONTS } from "#server/generation/render/fonts.ts";
import { STYLES } from "#server/generation/styles.ts";
import { createTextSticker } from "#server/generation/text-sticker.ts";

const PROMPTS: { prompt: string; locale?: string }[] = [
  { prompt: "a happy cat drinking coffee" },
  { prompt: "rocket to the moon" },
  { prompt: "cool dog with sunglasses" },
  { prompt: "sleepy panda" },
  { prompt: "pizza party" },
  { prompt: "I love you" },
  { prompt: "喝咖啡的猫", locale: "zh" },
  { prompt: "قطة سعيدة", locale: "ar" },
  { prompt: '"Привет!" собака', locale: "ru" },
  { prompt: "quantum flux capacitor" },
];

const TILE = 200;
const LABEL = 36;
const SIDE = 250;

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const width = SIDE + STYLES.length * TILE;
const height = LABEL + PROMPTS.length * TILE;
const labels = [
  ...STYLES.map((s, i) => `<text x="${SIDE + i * TILE + TILE / 2}" y="26" text-anchor="middle">${s.name}</text>`),
  ...PROMPTS.map((p, i) => `<text x="12" y="${LABEL + i * TILE + TILE / 2 + 6}" font-size="16">${escapeXml(p.prompt)}</text>`),
].join("");
const background = new Resvg(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e9ecf2"/>
<g font-family="Fredoka, Noto Sans SC, Noto Sans Arabic, Nunito" font-size="20" fill="#333">${labels}</g></svg>`,
  {
    font: {
      loadSystemFonts: false,
      fontFiles: [
        DISPLAY_FONTS.fredoka.path,
        ...[
          "noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
          "noto-sans-arabic/800ExtraBold/NotoSansArabic_800ExtraBold.ttf",
          "nunito/900Black/Nunito_900Black.ttf",
        ].map((f) => join(import.meta.dirname, "..", "node_modules", "@expo-google-fonts", f)),
      ],
    },
  },
)
  .render()
  .asPng();

const tiles: OverlayOptions[] = [];
for (const [row, p] of PROMPTS.entries()) {
  for (const [col, style] of STYLES.entries()) {
    const sticker = await createTextSticker({ prompt: p.prompt, style: style.key, locale: p.locale });
    const input = await sharp(sticker.png)
      .resize(TILE - 8, TILE - 8)
      .png()
      .toBuffer();
    tiles.push({ input, left: SIDE + col * TILE + 4, top: LABEL + row * TILE + 4 });
  }
}
const out = join(import.meta.dirname, "..", "docs", "generator-contact-sheet.png");
mkdirSync(join(import.meta.dirname, "..", "docs"), { recursive: true });
await sharp(background).composite(tiles).png({ compressionLevel: 9 }).toFile(out);
console.log(`wrote ${out} (${PROMPTS.length} prompts × ${STYLES.length} styles)`);
