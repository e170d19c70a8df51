/**
 * A quick drawn layered sticker for the motion engine's tests: shapes only, no fonts, so it is the same
 * on every machine. The product's own layers come from the generator (decision 0041).
 */
import sharp from "sharp";
import { STICKER_SIZE, type StickerLayers } from "./layers.ts";

const S = STICKER_SIZE;

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
