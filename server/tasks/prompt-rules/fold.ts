/**
 * Folding a prompt (and every list entry, the same way) so that spelling tricks meet the list
 * (decision 0032): Unicode NFKC and lower case, invisible characters dropped, accents folded on Latin,
 * Greek and Cyrillic letters (never Indic vowel signs, which change the word), Arabic short vowels and
 * stretching dropped, and per word the look-alike and digit spellings of the list's own words.
 */

/**
 * Zero-width spaces and joiners, direction marks, word joiners, the BOM, soft hyphens, the grapheme
 * joiner and blank fillers (one alternation: some of them are combining characters).
 */
const INVISIBLE = new RegExp(
  [
    "\\u00AD",
    "\\u034F",
    "\\u061C",
    "\\u115F",
    "\\u1160",
    "\\u17B4",
    "\\u17B5",
    "[\\u180B-\\u180F]",
    "[\\u200B-\\u200F]",
    "[\\u202A-\\u202E]",
    "[\\u2060-\\u206F]",
    "\\uFEFF",
  ].join("|"),
  "g",
);

/** Scripts whose accents are folded: "pornografía" and "pornografia" are one word. */
const FOLDS_ACCENTS = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const MARK = /\p{M}/u;

/** Arabic: short vowels, the dagger alef and the stretching tatweel are optional in writing. */
const ARABIC_OPTIONAL = /[\u0640\u064B-\u065F\u0670\u06D6-\u06ED]/g;
const ARABIC_LETTERS: Record<string, string> = { أ: "ا", إ: "ا", آ: "ا", ٱ: "ا", ى: "ي", ة: "ه" };

/** The folded text: what both a prompt and a list entry are compared as. */
export function foldText(raw: string): string {
  const base = raw.normalize("NFKC").replace(INVISIBLE, "").toLowerCase().replace(/ß/g, "ss").replace(/ı/g, "i");
  let out = "";
  let foldsMarks = false;
  for (const char of base.normalize("NFD")) {
    if (MARK.test(char)) {
      if (!foldsMarks) out += char;
      continue;
    }
    foldsMarks = FOLDS_ACCENTS.test(char);
    out += char;
  }
  return out
    .normalize("NFC")
    .replace(ARABIC_OPTIONAL, "")
    .replace(/[أإآٱىة]/g, (letter) => ARABIC_LETTERS[letter] ?? letter);
}

/** Cyrillic and Greek letters that look like Latin ones ("pоrn" with a Cyrillic о), as the Latin letter. */
const AS_LATIN: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  з: "3",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
};
/** Latin letters that look like Cyrillic ones ("пoрно" with a Latin o), as the Cyrillic letter. */
const AS_CYRILLIC: Record<string, string> = {
  a: "а",
  b: "в",
  c: "с",
  e: "е",
  h: "н",
  k: "к",
  m: "м",
  o: "о",
  p: "р",
  t: "т",
  x: "х",
  y: "у",
  "0": "о",
  "3": "з",
  "4": "ч",
  "6": "б",
};
/** Digits and signs written for letters ("p0rn", "s3x", "r@pe"). */
const DIGITS_AS_LATIN: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
};

const HAS_LATIN = /[\p{Script=Latin}0-9@$]/u;
const HAS_CYRILLIC = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const HAS_ARABIC = /\p{Script=Arabic}/u;
/** "and the", "with the", "and", "with", "for": Arabic writes them onto the next word. */
const ARABIC_PREFIXES = ["وال", "بال", "فال", "كال", "لل", "ال", "و", "ف", "ب", "ل"];

function mapped(word: string, table: Record<string, string>): string {
  return [...word].map((char) => table[char] ?? char).join("");
}

/** "sexxx" → "sex", "pooorn" → "porn": a letter said three or more times counts once. */
function squeezed(word: string): string {
  return word.replace(/(.)\1{2,}/gu, "$1");
}

/** Every spelling one folded word may stand for; the word itself first. */
export function wordVariants(word: string): Set<string> {
  const variants = new Set([word.replace(/[@$]/g, "")]);
  if (HAS_LATIN.test(word) || HAS_CYRILLIC.test(word)) {
    // A Latin word written with Cyrillic or Greek look-alikes or digits ("pоrn", "ѕех", "p0rn") reads as Latin.
    const latin = mapped(word, AS_LATIN);
    variants.add(mapped(latin, DIGITS_AS_LATIN));
    // "1" stands for "l" as often as for "i".
    if (word.includes("1")) variants.add(mapped(latin, { ...DIGITS_AS_LATIN, "1": "l" }));
  }
  // A Russian word written with Latin look-alikes or digits ("пoрно") reads as Cyrillic.
  if (HAS_CYRILLIC.test(word)) variants.add(mapped(word, AS_CYRILLIC));
  if (HAS_ARABIC.test(word)) {
    for (const prefix of ARABIC_PREFIXES) {
      if (word.startsWith(prefix) && [...word].length - [...prefix].length >= 3) variants.add(word.slice(prefix.length));
    }
  }
  for (const variant of [...variants]) variants.add(squeezed(variant));
  variants.delete("");
  return variants;
}

/** Letters, marks and digits (and the signs written for letters) make words; anything else separates them. */
const WORD = /[\p{L}\p{M}\p{N}@$]+/gu;

/**
 * The folded prompt's words, each with its variants. A run of three or more one-letter words
 * ("p o r n", "p.o.r.n", "s-e-x") is also read as the word it spells.
 */
export function foldedWords(folded: string): Set<string>[] {
  const words = folded.match(WORD) ?? [];
  const out: Set<string>[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length >= 3) out.push(wordVariants(run.join("")));
    run = [];
  };
  for (const word of words) {
    out.push(wordVariants(word));
    if ([...word].length === 1) run.push(word);
    else endRun();
  }
  endRun();
  return out;
}

/** The folded prompt with everything but letters and marks removed: "色 情", "色.情" read as "色情". */
export function compactText(folded: string): string {
  return folded.replace(/[^\p{L}\p{M}]+/gu, "");
}
