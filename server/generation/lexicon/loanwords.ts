/**
 * Loanwords (decision 0053): breed, species and dish names that other scripts write as they sound —
 * ハスキー, 허스키, хаски, जर्मन शेफर्ड, গিনিপিগ — read as the English word they transliterate. The
 * word is romanized (`wanakana` for kana, `transliteration` for Hangul, Cyrillic, Devanagari and
 * Bengali; both MIT, no network) and matched by phonetic key against the English words of drawable
 * things, keyed at prestart (scripts/loanword-keys.ts). Only a word the index does not know in its
 * own language comes here (the parser asks last), and only an exact key of three or more consonant
 * classes whose vowels are clearly nearest to one thing's counts.
 */

import { transliterate } from "transliteration";
import { toRomaji } from "wanakana";
import { artStore } from "../art/art-store.ts";
import type { Spelling } from "./phonetic-key.ts";
import { MIN_KEY_LENGTH, phoneticForms, spellingDistance, vowelDistance } from "./phonetic-key.ts";

/** Scripts whose words may be loanwords: katakana (Japanese writes loans in it), Hangul, Cyrillic, Devanagari, Bengali. */
const KATAKANA = /^[\p{Script=Katakana}ー・]+$/u;
const TRANSLITERATED = /^[\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Devanagari}\p{Script=Bengali}\p{M}\s-]+$/u;

/**
 * How far a loanword may be from the English word: its vowels gap by gap (vowelDistance), its letters
 * as a share of the longer spelling (spellingDistance), and how much nearer than any other thing it
 * must be. Measured on the eval lists: true loans score ≤ 0.29 in letters, native verbs that share a
 * key with some kind ("висит" and feist) 0.3 and more.
 */
const MAX_VOWELS = 0.75;
const MAX_SPELLING = 0.3;
const MARGIN = 0.25;
/** A three-consonant key is shared by many words: its vowels and letters together must be this near (хаски 0.63, "летит" and ratite 0.75). */
const MAX_SHORT_KEY = 0.7;
/** Devanagari and Bengali leave their inherent vowel unwritten, so a short key says too little. */
const UNWRITTEN_VOWELS = /[\p{Script=Devanagari}\p{Script=Bengali}]/u;

function romanize(word: string): { text: string; spelling: Spelling } | null {
  if (KATAKANA.test(word)) return { text: toRomaji(word), spelling: "kana" };
  if (TRANSLITERATED.test(word)) return { text: transliterate(word), spelling: "romanized" };
  return null;
}

const memo = new Map<string, string | null>();

/** The slug a loanword names ("ハスキー" → dog-face), or null when it reads as no one thing. */
export function loanwordSlug(word: string): string | null {
  const known = memo.get(word);
  if (known !== undefined) return known;
  let found: string | null = null;
  const latin = romanize(word);
  if (latin) {
    const table = artStore().loanKeys;
    // slug → its nearest reading
    const nearest = new Map<string, number>();
    const minKey = UNWRITTEN_VOWELS.test(word) ? MIN_KEY_LENGTH + 1 : MIN_KEY_LENGTH;
    for (const form of phoneticForms(latin.text, latin.spelling)) {
      if (form.key.length < minKey) continue;
      for (const [english, slug] of table[form.key] ?? []) {
        for (const reading of phoneticForms(english, "english")) {
          if (reading.key !== form.key) continue;
          const vowels = vowelDistance(form.vowels, reading.vowels);
          const spelling = spellingDistance(latin.text, english);
          // Every reading counts against the margin; only a close one can win.
          const close =
            vowels <= MAX_VOWELS &&
            spelling < MAX_SPELLING &&
            (form.key.length > MIN_KEY_LENGTH || vowels + spelling <= MAX_SHORT_KEY);
          const d = close ? vowels + spelling : 10 + vowels + spelling;
          nearest.set(slug, Math.min(d, nearest.get(slug) ?? Number.POSITIVE_INFINITY));
        }
      }
    }
    const [best, second] = [...nearest].sort((a, b) => a[1] - b[1]);
    if (best && best[1] < 10 && (!second || second[1] - best[1] >= MARGIN)) found = best[0];
  }
  if (memo.size > 2000) memo.clear();
  memo.set(word, found);
  return found;
}

/**
 * A loanword among a spaced prompt's tokens from `at`: the longest run of up to three tokens the
 * index does not know ("जर्मन शेफर्ड" is german shepherd). Returns its slug and how many tokens it takes.
 */
export function loanPhrase(
  tokens: readonly string[],
  at: number,
  known: (word: string) => boolean,
): { slug: string; length: number } | null {
  let n = 0;
  while (n < 3 && at + n < tokens.length && (n === 0 || !known(tokens[at + n] as string))) n++;
  for (; n >= 1; n--) {
    const slug = loanwordSlug(tokens.slice(at, at + n).join(" "));
    if (slug) return { slug, length: n };
  }
  return null;
}

const KATAKANA_CHAR = /[\p{Script=Katakana}ー]/u;

/**
 * A loanword in a run of katakana starting at `pos` that the index does not know whole: the run
 * itself (トイプードル) or its longest unknown ending (シャイン|マスカット: the head of a Japanese
 * compound is its last part). Returns the slug and the run's length.
 */
export function katakanaLoan(
  chars: readonly string[],
  pos: number,
  known: (word: string) => boolean,
): { slug: string; length: number } | null {
  if (!KATAKANA_CHAR.test(chars[pos] ?? "") || (pos > 0 && KATAKANA_CHAR.test(chars[pos - 1] ?? ""))) return null;
  let end = pos;
  while (end < chars.length && KATAKANA_CHAR.test(chars[end] as string)) end++;
  if (end - pos < 3 || known(chars.slice(pos, end).join(""))) return null;
  for (let start = pos; end - start >= 3; start++) {
    const part = chars.slice(start, end).join("");
    if (start > pos && known(part)) return null;
    const slug = loanwordSlug(part);
    if (slug) return { slug, length: end - pos };
  }
  return null;
}
