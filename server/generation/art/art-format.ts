/** The shape of the compact art cache shared by scripts/extract-art.ts (writer) and art-store.ts (reader). */

/** Bump when the cache layout changes, so an old cache is rebuilt. */
export const ART_FORMAT_VERSION = 3;

/** Relative to the repository root; under node_modules because it is derived from installed packages. */
export const ART_CACHE_DIR = "node_modules/.cache/sticker-art";

/** The icon sets styles draw from. All are MIT or Apache-2.0 (no attribution-only or share-alike art). */
export const ART_SETS = {
  flat: { package: "@iconify-json/fluent-emoji-flat", license: "MIT" },
  noto: { package: "@iconify-json/noto", license: "Apache-2.0" },
  "high-contrast": { package: "@iconify-json/fluent-emoji-high-contrast", license: "MIT" },
  "3d": { package: "@iconify-json/fluent-emoji", license: "MIT" },
} as const;

export type ArtSetKey = keyof typeof ART_SETS;

/**
 * Index locale → emojibase-data folder. `id` borrows Malay (`ms`), which shares most everyday words;
 * Arabic has no emojibase data and is covered by a hand table (lexicon/hand-ar.ts).
 */
export const INDEX_LOCALES: Record<string, string> = {
  en: "en",
  bn: "bn",
  de: "de",
  es: "es",
  fr: "fr",
  hi: "hi",
  ja: "ja",
  ko: "ko",
  pt: "pt",
  ru: "ru",
  zh: "zh",
  "zh-TW": "zh-hant",
  id: "ms",
};

export interface IndexedEmoji {
  /** Slugified CLDR name, shared by every set: "cat-face". */
  slug: string;
  emoji: string;
  group: number;
  subgroup: number;
  sets: ArtSetKey[];
  /** Label first, then tags, per index locale. */
  words: Record<string, string[]>;
}

export interface ArtIndex {
  version: number;
  emoji: IndexedEmoji[];
  /**
   * English words of breeds, species, varieties and kinds → the slug of the nearest drawable thing
   * ("beagle" → dog-face), from WordNet's hypernyms (scripts/kinds-table.ts, decision 0048).
   */
  kinds: Record<string, string>;
  /**
   * Phonetic keys of the English words of drawable things → [word, slug] ("HSK": husky → dog-face,
   * hedgehog → hedgehog…), for
   * loanwords written in other scripts (scripts/loanword-keys.ts, decision 0053).
   */
  loanKeys: Record<string, [string, string][]>;
}

export interface SetManifest {
  key: ArtSetKey;
  width: number;
  height: number;
  /** slug → [offset, length, width, height] in <set>.bin (each body deflated on its own). */
  icons: Record<string, [number, number, number, number]>;
}

export function slugOfLabel(label: string): string {
  return label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’']/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
