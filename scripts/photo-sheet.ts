/**
 * Writes docs/photos/sheet.png: every free photo of docs/photos/ (sources and licences in its README)
 * beside the sticker the offline generator makes of it, with the path it took ("cutout",
 * "cutout-subject", "person", "framed-photo"; docs/generator.md). Stickers sit on a checkerboard so
 * their transparency shows. Exits non-zero when a photo with a clear subject was framed.
 * Run: node scripts/photo-sheet.ts [style]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import type { OverlayOptions } from "sharp";
import sharp from "sharp";
import { createImageSticker } from "#server/generation/image-sticker.ts";
import type { StyleKey } from "#server/generation/styles.ts";

/** The photos and what they show; `subject: false` marks a photo with no clear subject. */
export const PHOTOS: { file: string; shows: string; subject: boolean }[] = [
  { file: "cat.jpg", shows: "cat (animal)", subject: true },
  { file: "horse.jpg", shows: "horse (animal)", subject: true },
  { file: "coffee.jpg", shows: "coffee cup (food)", subject: true },
  { file: "flower.jpg", shows: "flower (plant)", subject: true },
  { file: "astronaut.jpg", shows: "astronaut (person)", subject: true },
  { file: "grace-hopper.jpg", shows: "Grace Hopper (person)", subject: true },
  { file: "photographer.jpg", shows: "photographer (person)", subject: true },
  { file: "rocket.jpg", shows: "rocket launch (object)", subject: true },
  { file: "clock.jpg", shows: "wall clock (object)", subject: true },
  { file: "coins.jpg", shows: "coins (objects)", subject: true },
  { file: "temple.jpg", shows: "temple (building)", subject: true },
  { file: "deep-field.jpg", shows: "deep sky (no subject)", subject: false },
];

const DIR = join(import.meta.dirname, "..", "docs", "photos");
const TILE = 240;
const LABEL = 30;
const COLS = 4;
const style = (process.argv[2] ?? "cartoon") as StyleKey;

const checker = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="${TILE}"><defs><pattern id="c" width="20" height="20" patternUnits="userSpaceOnUse"><rect width="20" height="20" fill="#fff"/><rect width="10" height="10" fill="#dde2ea"/><rect x="10" y="10" width="10" height="10" fill="#dde2ea"/></pattern></defs><rect width="100%" height="100%" fill="url(#c)"/></svg>`,
  ),
)
  .png()
  .toBuffer();

const rows = Math.ceil(PHOTOS.length / COLS);
const cellW = TILE * 2 + 16;
const cellH = TILE + LABEL + 16;
const width = COLS * cellW;
const height = rows * cellH;
const tiles: OverlayOptions[] = [];
const labels: string[] = [];
const framedWithSubject: string[] = [];
for (const [i, photo] of PHOTOS.entries()) {
  const left = (i % COLS) * cellW + 8;
  const top = Math.floor(i / COLS) * cellH + 8;
  const bytes = readFileSync(join(DIR, photo.file));
  const t0 = performance.now();
  const sticker = await createImageSticker({ image: bytes, style });
  const ms = performance.now() - t0;
  if (photo.subject && sticker.subject === "framed-photo") framedWithSubject.push(photo.file);
  console.log(`${photo.file.padEnd(18)} ${sticker.subject.padEnd(15)} ${ms.toFixed(0).padStart(5)} ms`);
  tiles.push({ input: await sharp(bytes).resize(TILE, TILE, { fit: "cover" }).png().toBuffer(), left, top });
  tiles.push({ input: checker, left: left + TILE, top });
  tiles.push({ input: await sharp(sticker.png).resize(TILE, TILE).png().toBuffer(), left: left + TILE, top });
  labels.push(`<text x="${left + 4}" y="${top + TILE + 21}">${photo.shows}: ${sticker.subject}</text>`);
}
const background = new Resvg(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f3f5f8"/><g font-family="Nunito" font-size="17" fill="#333">${labels.join("")}</g></svg>`,
  {
    font: {
      loadSystemFonts: false,
      fontFiles: [join(import.meta.dirname, "..", "node_modules", "@expo-google-fonts", "nunito/900Black/Nunito_900Black.ttf")],
    },
  },
)
  .render()
  .asPng();
const out = join(DIR, "sheet.png");
await sharp(background).composite(tiles).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
console.log(`wrote ${out} (${PHOTOS.length} photos, style ${style})`);
if (framedWithSubject.length) {
  console.error(`framed although the photo has a clear subject: ${framedWithSubject.join(", ")}`);
  process.exitCode = 1;
}
