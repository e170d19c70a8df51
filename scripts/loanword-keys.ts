/**
 * The loanword key table (docs/decisions/0053-loanwords-and-han-heads.md): the phonetic readings of
 * every English word the generator can draw — the kinds table's breeds, species and dishes, the
 * English hand words, the English emoji names of animals, food, travel, activities and objects — by
 * consonant key. A prompt word in kana, Hangul, Cyrillic, Devanagari or Bengali script that the index
 * does not know is romanized and read the same way at run time (lexicon/loanwords.ts): ハスキー,
 * 허스키 and хаски all have the key "HSK", and their vowels are nearest to those of "husky".
 */

import type { IndexedEmoji } from "#server/generation/art/art-format.ts";
import { EN_SUBJECTS } from "#server/generation/lexicon/hand-en.ts";
import { MIN_KEY_LENGTH, phoneticForms } from "#server/generation/lexicon/phonetic-key.ts";

/** Emoji groups whose English names are things a loanword may name (not faces, people, symbols, flags). */
const LOAN_GROUPS = new Set([3, 4, 5, 6, 7]);

/** key → [English word, slug] for every English word with a reading of that key. */
export type LoanKeys = Record<string, [string, string][]>;

export function buildLoanKeys(emoji: readonly IndexedEmoji[], kinds: Readonly<Record<string, string>>): LoanKeys {
  const bySlug = new Map(emoji.map((e) => [e.slug, e]));
  const words = new Map<string, string>();
  for (const e of emoji) {
    const label = e.words.en?.[0];
    if (label && LOAN_GROUPS.has(e.group)) words.set(label, e.slug);
  }
  for (const [word, slug] of Object.entries(EN_SUBJECTS)) {
    const e = bySlug.get(slug);
    if (e && LOAN_GROUPS.has(e.group)) words.set(word.replace(/_/g, " "), slug);
  }
  for (const [word, slug] of Object.entries(kinds)) if (!words.has(word)) words.set(word, slug);

  const table = new Map<string, Map<string, string>>();
  for (const [word, slug] of words) {
    for (const key of new Set(phoneticForms(word, "english").map((f) => f.key))) {
      if (key.length < MIN_KEY_LENGTH) continue;
      const readings = table.get(key) ?? new Map<string, string>();
      readings.set(word, slug);
      table.set(key, readings);
    }
  }
  const out: LoanKeys = {};
  for (const key of [...table.keys()].sort()) out[key] = [...(table.get(key) ?? [])];
  return out;
}
