/**
 * Caption fonts: OFL fonts shipped as TTF inside @expo-google-fonts packages. Captions are shaped by
 * Pango + HarfBuzz inside sharp (see caption.ts), which reads each file once per process when a
 * caption first needs it, so the 10 MB CJK font is only loaded by processes that draw CJK.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type Script = "latin" | "cyrillic" | "cjk" | "hangul" | "arabic" | "devanagari" | "bengali";

interface FontFile {
  family: string;
  weight: number;
  path: string;
}

const require = createRequire(import.meta.url);

function fontFile(pkg: string, weightFolder: string, file: string, family: string, weight: number): FontFile {
  const dir = dirname(require.resolve(`@expo-google-fonts/${pkg}`));
  return { family, weight, path: join(dir, weightFolder, file) };
}

/** Display fonts styles pick for Latin captions. */
export const DISPLAY_FONTS = {
  fredoka: fontFile("fredoka", "700Bold", "Fredoka_700Bold.ttf", "Fredoka", 700),
  bangers: fontFile("bangers", "400Regular", "Bangers_400Regular.ttf", "Bangers", 400),
  pixel: fontFile("press-start-2p", "400Regular", "PressStart2P_400Regular.ttf", "Press Start 2P", 400),
} as const;

export type DisplayFont = keyof typeof DISPLAY_FONTS;

/** One font per script the site speaks. Noto Sans SC also covers Traditional Chinese and Japanese kana. */
const SCRIPT_FONTS: Record<Exclude<Script, "latin">, FontFile> = {
  cyrillic: fontFile("nunito", "900Black", "Nunito_900Black.ttf", "Nunito", 900),
  cjk: fontFile("noto-sans-sc", "700Bold", "NotoSansSC_700Bold.ttf", "Noto Sans SC", 700),
  hangul: fontFile("jua", "400Regular", "Jua_400Regular.ttf", "Jua", 400),
  arabic: fontFile("noto-sans-arabic", "800ExtraBold", "NotoSansArabic_800ExtraBold.ttf", "Noto Sans Arabic", 800),
  devanagari: fontFile(
    "noto-sans-devanagari",
    "800ExtraBold",
    "NotoSansDevanagari_800ExtraBold.ttf",
    "Noto Sans Devanagari",
    800,
  ),
  bengali: fontFile("noto-sans-bengali", "800ExtraBold", "NotoSansBengali_800ExtraBold.ttf", "Noto Sans Bengali", 800),
};

const SCRIPT_TESTS: [Exclude<Script, "latin">, RegExp][] = [
  ["cyrillic", /\p{Script=Cyrillic}/u],
  ["cjk", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u],
  ["hangul", /\p{Script=Hangul}/u],
  ["arabic", /\p{Script=Arabic}/u],
  ["devanagari", /\p{Script=Devanagari}/u],
  ["bengali", /\p{Script=Bengali}/u],
];

function scriptsOf(text: string): Script[] {
  const found: Script[] = SCRIPT_TESTS.filter(([, re]) => re.test(text)).map(([s]) => s);
  if (/[A-Za-z0-9\u00C0-\u024F]/.test(text) || found.length === 0) found.unshift("latin");
  return found;
}

export interface CaptionFonts {
  files: string[];
  /** Font families in fallback order: the style's display font first, then one per script in the text. */
  families: string[];
  weight: number;
}

export function fontsForCaption(text: string, display: DisplayFont): CaptionFonts {
  const primary = DISPLAY_FONTS[display];
  const scripts = scriptsOf(text).filter((s): s is Exclude<Script, "latin"> => s !== "latin");
  const extra = scripts.map((s) => SCRIPT_FONTS[s]);
  // Press Start 2P has its own Cyrillic, which keeps the pixel look.
  const needed = display === "pixel" ? extra.filter((f) => f !== SCRIPT_FONTS.cyrillic) : extra;
  // With no Latin letters the script font goes first, so spaces and punctuation match the script's
  // letters and the weight asked for is the script font's own.
  const all = scriptsOf(text).includes("latin") ? [primary, ...needed] : [...needed, primary];
  return {
    files: all.map((f) => f.path),
    families: all.map((f) => f.family),
    weight: all[0]?.weight ?? primary.weight,
  };
}
