/** Text normalisation shared by the keyword index and prompt parsing, so both sides compare alike. */

const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
/** Devanagari and Bengali nuktas: people type कॉफी for CLDR's कॉफ़ी. */
const NUKTAS = /[\u093C\u09BC]/g;

export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(ARABIC_MARKS, "")
    .replace(NUKTAS, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/[’‘`´]/g, "'")
    .trim();
}

/** Word characters of every script the site speaks, plus combining marks (Devanagari, Bengali vowels). */
const NON_WORD = /[^\p{L}\p{M}\p{N}'_-]+/gu;

export function wordsOf(text: string): string[] {
  return normalizeText(text)
    .replace(NON_WORD, " ")
    .split(" ")
    .map((w) => w.replace(/^['_-]+|['_-]+$/g, ""))
    .filter(Boolean);
}

/** Scripts written without spaces between words: a token of them is scanned for known substrings. */
export const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export const HAN = /\p{Script=Han}/u;
