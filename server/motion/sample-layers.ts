/**
 * Sample layered stickers for the motion tests, bench and contact sheet, until the generator hands
 * over its own subject and caption layers: a subject picture shrunk to the top of the canvas with a
 * caption in the generator's look (gold letters, dark outline, white border) under it, and a quick
 * drawn one (shapes only, no fonts) for the tests.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { STICKER_SIZE, type StickerLayers } from "./layers.ts";

const S = STICKER_SIZE;
const require = createRequire(import.meta.url);

function fontPath(pkg: string, folder: string, file: string): string {
  return join(dirname(require.resolve(`@expo-google-fonts/${pkg}`)), folder, file);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A caption layer: `lines` centred at the bottom of the canvas, as a 512×512 RGBA PNG. */
export function drawCaption(lines: string[], direction: "ltr" | "rtl" = "ltr"): Buffer {
  const size = lines.length > 1 ? 54 : 64;
  const family = direction === "rtl" ? "Noto Sans Arabic" : "Fredoka";
  const top = S - 24 - size * 1.05 * lines.length;
  const text = (stroke: string, width: number, fill: string) =>
    lines
      .map(
        (line, i) =>
          `<text x="${S / 2}" y="${top + size * (i + 0.85) * 1.05}" text-anchor="middle" direction="${direction}" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round" fill="${fill}">${escapeXml(line)}</text>`,
      )
      .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><g font-family="${family}" font-size="${size}" font-weight="700">${text("#ffffff", 22, "#ffffff")}${text("#2b2118", 8, "#2b2118")}${text("none", 0, "#ffc83d")}</g></svg>`;
  return new Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: [
        fontPath("fredoka", "700Bold", "Fredoka_700Bold.ttf"),
        fontPath("noto-sans-arabic", "700Bold", "NotoSansArabic_700Bold.ttf"),
      ],
    },
  })
    .render()
    .asPng();
}

/** A layered sticker from a finished sticker without caption and a caption's lines. */
export async function layersWithCaption(
  subjectSticker: Buffer,
  lines: string[],
  direction: "ltr" | "rtl" = "ltr",
): Promise<StickerLayers> {
  const room = lines.length > 1 ? 340 : 380;
  const shrunk = await sharp(subjectSticker).resize(room, room).png().toBuffer();
  const subject = await sharp({ create: { width: S, height: S, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: shrunk, left: Math.round((S - room) / 2), top: 6 }])
    .png()
    .toBuffer();
  const caption = drawCaption(lines, direction);
  const whole = await sharp(subject)
    .composite([{ input: caption }])
    .png()
    .toBuffer();
  return { whole, subject, caption, captionDirection: direction };
}

/** A quick drawn sticker for the tests: a round face, and a caption of blocky "letters" under it. */
export async function drawnLayers(options: { caption: boolean; direction?: "ltr" | "rtl" }): Promise<StickerLayers> {
  const face = `<circle cx="256" cy="200" r="150" fill="#ffb020" stroke="#ffffff" stroke-width="16"/><circle cx="200" cy="170" r="22" fill="#222"/><circle cx="312" cy="170" r="22" fill="#222"/><path d="M180 250 Q256 320 332 250" stroke="#222" stroke-width="14" fill="none"/>`;
  const letters = [0, 1, 2, 3, 4, 5]
    .map(
      (i) => `<rect x="${96 + i * 56}" y="400" width="44" height="70" rx="8" fill="#3050ff" stroke="#ffffff" stroke-width="8"/>`,
    )
    .join("");
  const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}">${body}</svg>`);
  const png = (body: string) => sharp(svg(body)).png().toBuffer();
  if (!options.caption) return { whole: await png(face) };
  const [whole, subject, caption] = await Promise.all([png(face + letters), png(face), png(letters)]);
  return { whole, subject, caption, captionDirection: options.direction ?? "ltr" };
}
