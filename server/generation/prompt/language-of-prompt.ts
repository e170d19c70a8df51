/**
 * Which language a prompt is written in (decision 0051). The page's language is a hint, not the
 * answer: a French prompt typed on an English page is read as French. Script decides first (Hangul
 * is Korean, kana Japanese, Cyrillic Russian…); a Latin-script prompt goes to the language whose
 * function words and lexicon read more of its words, the page's language breaking a tie. Then a
 * word is read in that language first, and another language's reading counts only where the
 * prompt's own language has none: "chat" is a cat in a French prompt and stays chat in English.
 */

import type { KeywordHit, KeywordIndex } from "../lexicon/keyword-index.ts";

/** Scripts that name their language outright; Han alone is Chinese unless the page says Japanese. */
const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Hangul}/u, "ko"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Devanagari}/u, "hi"],
  [/\p{Script=Bengali}/u, "bn"],
  [/\p{Script=Arabic}/u, "ar"],
];
const HAN = /\p{Script=Han}/u;
const HAN_LANGUAGES = new Set(["zh", "zh-TW", "ja"]);
const TRANSLATED = new Set(["ar", "id"]);

/** The Latin-script interface languages. */
export const LATIN_LANGUAGES = ["en", "pt", "es", "fr", "de", "id"] as const;

/**
 * Words that only say which language a prompt is in: articles, prepositions, pronouns and the
 * commonest verbs. A word two languages share ("a", "de", "con") counts for both.
 */
const FUNCTION_WORDS: Record<(typeof LATIN_LANGUAGES)[number], string[]> = {
  en: "a an the with and of on in my your his her its is are at to for from under eating drinking holding wearing playing riding little cute happy".split(
    " ",
  ),
  pt: "o a os as um uma uns umas com e de do da dos das no na em meu minha seu sua comendo bebendo segurando usando fofo fofa feliz pequeno pequena".split(
    " ",
  ),
  es: "el la los las un una unos unas con y de del en al mi tu su sobre comiendo bebiendo jugando lindo linda feliz pequeño pequeña".split(
    " ",
  ),
  fr: "le la les un une des du de avec et en sur au aux mon ma mes ton ta son sa qui mange boit mignon mignonne heureux petit petite".split(
    " ",
  ),
  de: "der die das ein eine einen einem einer mit und auf im in am vom von zum zur mein meine meiner dein sein ihr isst trinkt süß süße süßer glücklich glücklicher kleiner kleine".split(
    " ",
  ),
  id: "yang di dan dengan ke dari sebuah seekor sebuah sedang makan minum lucu kecil imut senang saya aku".split(" "),
};
const FUNCTION_SETS = new Map(LATIN_LANGUAGES.map((l) => [l, new Set(FUNCTION_WORDS[l])]));

/** Letters only some Latin languages write. */
const LETTERS: [RegExp, (typeof LATIN_LANGUAGES)[number][]][] = [
  [/[ñ¿¡]/u, ["es"]],
  [/[ãõ]/u, ["pt"]],
  [/ç/u, ["pt", "fr"]],
  [/[ßäöü]/u, ["de"]],
  [/[èêëîïœùûÿ]/u, ["fr"]],
  [/[áíóú]/u, ["es", "pt"]],
  [/[âô]/u, ["pt", "fr"]],
];

/** A prompt's language from its words (as `wordsOf` gives them) and the page's language. */
export function languageOfPrompt(words: readonly string[], index: KeywordIndex, hint?: string): string {
  const text = words.join(" ");
  for (const [script, language] of SCRIPTS) if (script.test(text)) return language;
  if (HAN.test(text)) return hint && HAN_LANGUAGES.has(hint) ? hint : "zh";
  if (!/\p{Script=Latin}/u.test(text)) return hint ?? "en";
  const scores = new Map<string, number>(LATIN_LANGUAGES.map((l) => [l, 0]));
  const add = (language: string, points: number) => {
    const now = scores.get(language);
    if (now !== undefined) scores.set(language, now + points);
  };
  for (const word of words) {
    for (const [language, set] of FUNCTION_SETS) if (set.has(word)) add(language, 1);
    for (const [letters, languages] of LETTERS) if (letters.test(word)) for (const l of languages) add(l, 1.5);
    // A content word read by one language only says more than one read by many.
    const readers = [...index.localesOf(word)].filter((l) => scores.has(l));
    if (index.translate(word) && !readers.includes("id")) readers.push("id");
    for (const l of readers) add(l, 1 / readers.length);
  }
  // The page's language wins a tie: people mostly type in the language they read. A word only another
  // language reads ("gato" on an English page) outweighs it.
  const prior = hint && scores.has(hint) ? hint : "en";
  add(prior, 0.4);
  let best = prior;
  for (const [language, score] of scores) if (score > (scores.get(best) ?? 0)) best = language;
  return best;
}

/**
 * A word or phrase read in the prompt's own language first; another language's reading counts only
 * where that language has none.
 */
export function readInLanguage(index: KeywordIndex, phrase: string, language: string): KeywordHit | null {
  // Arabic and Indonesian prompts are first read through their reviewed hand tables into English
  // words (parse-prompt.ts): that is their own reading, and a translated "cat" is not Malay paint.
  if (TRANSLATED.has(language)) return index.best(phrase, language);
  return index.own(phrase, language) ?? index.best(phrase, language);
}
