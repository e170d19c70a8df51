/**
 * A share card's picture (decision 0050): 1200×630, the size Open Graph and Twitter's large card show
 * uncropped. A pack's card holds its cover large, up to PACK_CARD_STICKERS - 1 more in a row under its
 * name, and the site; a sticker's card the sticker, its name and prompt, and the site. Words are drawn
 * by Pango in the caption fonts (`captionFontFor`), so Arabic joins and reads from the right, CJK,
 * Devanagari and Bengali shape as on a caption. Pure: pictures and words in, a JPEG out.
 */
import sharp from "sharp";
import { captionDirectionOf, captionFontFor } from "../generation/index.ts";
import { type CardSite, PACK_CARD_STICKERS } from "./share-cards.ts";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The colours of the site's default card (public/og-image.png). */
const BACKGROUND = "#e9e1d8";
const INK = "#5b4a3a";
const MUTED = "#7a6450";
/** The encoder's quality: a card is about 60–120 KB (docs/share-cards/README.md). */
const JPEG_QUALITY = 84;

export interface PackCardArt {
  name: string;
  /** The stickers' 512 px PNGs, the cover first; at most PACK_CARD_STICKERS are drawn. */
  pictures: Buffer[];
  site: CardSite;
}

export interface StickerCardArt {
  name: string;
  /** Shown under the name when it says more than the name does. */
  prompt: string;
  picture: Buffer;
  site: CardSite;
}

interface Layer {
  input: Buffer;
  left: number;
  top: number;
}

interface DrawnText {
  input: Buffer;
  width: number;
  height: number;
  direction: "ltr" | "rtl";
}

interface TextBox {
  /** Font sizes in px to try, largest first: the first whose lines fit the box is used. */
  sizes: number[];
  width: number;
  height: number;
  color: string;
}

/** Pango markup is XML: only these three need escaping in text content. */
const escapeMarkup = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The first `count` characters (whole clusters, so no vowel sign or emoji is cut) and an ellipsis. */
function cut(text: string, count: number): string {
  const parts = [...graphemes.segment(text)].map((part) => part.segment);
  return parts.length <= count ? text : `${parts.slice(0, count).join("").trimEnd()}…`;
}

async function render(text: string, size: number, box: TextBox): Promise<DrawnText> {
  const font = await captionFontFor(text, "fredoka", size);
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${box.color}">${escapeMarkup(text)}</span>`,
      font,
      dpi: 72,
      width: box.width,
      // Left is the line's start: Pango turns it to the right for a right-to-left paragraph.
      align: "left",
      wrap: "word-char",
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height, direction: captionDirectionOf(text) };
}

/**
 * `text` in the largest size whose lines fit the box; at the smallest, shortened until they do. Null
 * for no text.
 */
async function drawText(raw: string, box: TextBox): Promise<DrawnText | null> {
  const text = raw.trim().replace(/\s+/g, " ");
  if (!text) return null;
  for (const size of box.sizes) {
    const drawn = await render(text, size, box);
    if (drawn.height <= box.height && drawn.width <= box.width) return drawn;
  }
  const smallest = box.sizes[box.sizes.length - 1] ?? 24;
  let count = [...graphemes.segment(text)].length;
  for (let tries = 0; tries < 8; tries += 1) {
    count = Math.max(1, Math.floor(count * 0.75));
    const drawn = await render(cut(text, count), smallest, box);
    if ((drawn.height <= box.height && drawn.width <= box.width) || count === 1) return drawn;
  }
  return null;
}

/** A sticker at `size` px with a soft shadow under it, as two layers at (left, top). */
async function placed(png: Buffer, size: number, left: number, top: number): Promise<Layer[]> {
  const sticker = await sharp(png)
    .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  const pad = 24;
  const alpha = await sharp(sticker).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  // The shadow: the sticker's shape in the ink colour at a fifth of its opacity, blurred, moved down.
  const shadow = await sharp({ create: { width: size, height: size, channels: 3, background: INK } })
    .joinChannel(Buffer.from(alpha.data.map((a) => Math.round(a * 0.22))), {
      raw: { width: size, height: size, channels: 1 },
    })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .blur(9)
    .png()
    .toBuffer();
  return [
    { input: shadow, left: left - pad, top: top - pad + Math.round(size / 40) + 4 },
    { input: sticker, left, top },
  ];
}

/** A text block's layer in a column from `left` to `left + width`: at its start, whichever side that is. */
function textLayer(drawn: DrawnText, left: number, width: number, top: number): Layer {
  return { input: drawn.input, left: drawn.direction === "rtl" ? left + width - drawn.width : left, top };
}

async function siteLine(site: CardSite, left: number, width: number, top: number): Promise<Layer | null> {
  const drawn = await drawText(`${site.name} · ${site.domain}`, { sizes: [30, 26, 22], width, height: 44, color: MUTED });
  return drawn ? { input: drawn.input, left, top: top + Math.round((44 - drawn.height) / 2) } : null;
}

async function encode(layers: (Layer | null)[]): Promise<Buffer> {
  return sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: BACKGROUND } })
    .composite(layers.filter((layer): layer is Layer => layer !== null))
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

/**
 * A pack's card: the cover (400 px) on the left; on the right the pack's name, the next stickers
 * (150 px) in a row under it, and the site at the bottom. With no other sticker the name has the
 * column to itself; with no sticker at all, the name alone.
 */
export async function composePackCard(art: PackCardArt): Promise<Buffer> {
  const [cover, ...rest] = art.pictures.slice(0, PACK_CARD_STICKERS);
  const column = cover ? { left: 500, width: 650 } : { left: 80, width: 1040 };
  const strip = rest.length > 0 ? { top: 330, size: 150, gap: 16 } : null;
  const titleBottom = strip ? strip.top - 30 : 510;
  const title = await drawText(art.name, {
    sizes: [80, 68, 58, 50, 42],
    width: column.width,
    height: titleBottom - 60,
    color: INK,
  });
  const layers: (Layer | null)[] = [];
  if (cover) layers.push(...(await placed(cover, 400, 60, 115)));
  if (title) {
    // Centred in the space above the row (or in the whole column), at the line's start across.
    const top = 60 + Math.round((titleBottom - 60 - title.height) / 2);
    layers.push(textLayer(title, column.left, column.width, top));
  }
  if (strip) {
    const rtl = title?.direction === "rtl";
    for (const [index, picture] of rest.entries()) {
      const offset = index * (strip.size + strip.gap);
      const left = rtl ? column.left + column.width - strip.size - offset : column.left + offset;
      layers.push(...(await placed(picture, strip.size, left, strip.top)));
    }
  }
  layers.push(await siteLine(art.site, column.left, column.width, 540));
  return encode(layers);
}

/** A sticker's card: the sticker (520 px) on the left; its name, its prompt and the site on the right. */
export async function composeStickerCard(art: StickerCardArt): Promise<Buffer> {
  const column = { left: 610, width: 540 };
  const name = art.name.trim();
  const prompt = art.prompt.trim();
  const showPrompt = prompt !== "" && prompt.toLocaleLowerCase() !== name.toLocaleLowerCase();
  const title = await drawText(name || prompt, { sizes: [68, 58, 50, 42, 36], width: column.width, height: 250, color: INK });
  const subtitle =
    showPrompt && name ? await drawText(prompt, { sizes: [34, 30, 26], width: column.width, height: 170, color: MUTED }) : null;
  const gap = subtitle ? 24 : 0;
  const blockHeight = (title?.height ?? 0) + gap + (subtitle?.height ?? 0);
  // The words centred in the space above the site's line.
  const top = 50 + Math.max(0, Math.round((480 - blockHeight) / 2));
  const layers: (Layer | null)[] = [...(await placed(art.picture, 520, 50, 45))];
  if (title) layers.push(textLayer(title, column.left, column.width, top));
  if (subtitle) layers.push(textLayer(subtitle, column.left, column.width, top + (title?.height ?? 0) + gap));
  layers.push(await siteLine(art.site, column.left, column.width, 540));
  return encode(layers);
}
