/**
 * Phonetic keys for loanwords (decision 0053): a consonant skeleton that an English word and its
 * transliteration into another script share. ハスキー (hasukii), 허스키 (heoseuki) and хаски (haski)
 * all give "HSK", like "husky"; コーギー (koogii) and 코기 (kogi) give "KK", like "corgi" read without
 * its r, and корги (korgi) "KLK", like "corgi" read with it.
 *
 * Vowels are dropped, because every script inserts its own (ス-u, 스-eu, Hindi's unwritten a), and
 * consonants fall into the classes that transliteration keeps apart: P (p b f v), T (t d), K (k g q),
 * S (every sibilant and affricate: s z sh ch j ts), L (l r, one sound in Japanese and Korean), M, N, H.
 * English spelling is read with a few rules (soft c and g, ph, th, ck, x, silent r after a vowel as
 * non-rhotic borrowings drop it); a romanization (wanakana, transliteration) is read letter by letter.
 *
 * Pure and dependency-free: the build (scripts/extract-art.ts) keys the English words, the parser
 * keys a prompt's word with the same function.
 */

/** English spelling, a kana romanization (wanakana), or another romanization (transliteration). */
export type Spelling = "english" | "kana" | "romanized";

/** Keys with fewer classes than this name too many things to be trusted (pug "PK", guppy "KP"). */
export const MIN_KEY_LENGTH = 3;

/** More spellings than this of one word are not worth keeping (each ambiguous letter doubles them). */
const MAX_VARIANTS = 16;

const VOWELS = new Set(["a", "e", "i", "o", "u", "y", "w"]);
const FRONT = new Set(["e", "i", "y"]);

type Step = { classes: string[]; length: number };

/** The sounds a letter group at `at` can stand for, and how many letters it takes. */
function stepAt(s: string, at: number, spelling: Spelling): Step {
  const c = s[at] as string;
  const next = s[at + 1] ?? "";
  const prev = s[at - 1] ?? "";
  const three = s.slice(at, at + 3);
  const two = s.slice(at, at + 2);
  const one = (k: string, length = 1): Step => ({ classes: [k], length });
  if (VOWELS.has(c)) return one("");
  if (three === "tch" || three === "sch") return one("S", 3);
  if (three === "tth" || three === "ddh") return one("T", 3);
  switch (two) {
    case "sh":
    case "ch":
    case "zh":
    case "jh":
    case "ts":
    case "tz":
    case "dz":
    case "dg":
      return one("S", 2);
    case "th":
    case "dh":
      return one("T", 2);
    case "ph":
    case "bh":
      return one("P", 2);
    case "kh":
    case "gh":
      return one("K", 2);
    case "ck":
    case "qu":
      return one("K", 2);
    case "ng":
      return one("N", 2);
    case "ny":
      return one("N", 2);
  }
  if (spelling === "english" && at === 0 && (two === "kn" || two === "gn")) return one("N", 2);
  if (spelling === "english" && at === 0 && two === "wr") return one("L", 2);
  switch (c) {
    case "p":
    case "b":
    case "f":
    case "v":
      return one("P");
    case "t":
    case "d":
      return one("T");
    case "k":
    case "q":
      return one("K");
    case "x":
      return { classes: ["KS"], length: 1 };
    case "s":
    case "z":
    case "j":
      return one("S");
    case "c":
      // A romanization's c is ts (Russian ц) or ch (Hindi च); English c is soft before e, i, y.
      return one(spelling !== "english" || FRONT.has(next) ? "S" : "K");
    case "g":
      // English g before e, i, y is either (german, giraffe; corgi, gift).
      return spelling === "english" && FRONT.has(next) ? { classes: ["K", "S"], length: 1 } : one("K");
    case "l":
      return one("L");
    case "r":
      // "corgi" is コーギー and 코기 but корги: an English r after a vowel and before no vowel may be silent.
      return spelling === "english" && VOWELS.has(prev) && !VOWELS.has(next) ? { classes: ["L", ""], length: 1 } : one("L");
    case "m":
      return one("M");
    case "n":
      return one("N");
    case "h":
      // h sounds only before a vowel (husky); after one it is silent (cheetah, hookah).
      return one(VOWELS.has(next) && !VOWELS.has(prev) ? "H" : "");
  }
  return one("");
}

/** One reading of a word: its consonant key and the vowels written in each gap around the consonants. */
export interface PhoneticForm {
  key: string;
  /** key.length + 1 gaps: before the first consonant, between each two, after the last. */
  vowels: string[];
}

/**
 * The phonetic readings of a word or phrase: usually one, several where English spelling is
 * ambiguous. Adjacent equal classes merge (the "tt" of マスカット, "ss"); a vowel between keeps them
 * apart ("teddy" is TT).
 */
export function phoneticForms(text: string, spelling: Spelling): PhoneticForm[] {
  let s = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z ]/g, "");
  // English's silent final e ("poodle", "space"); Korean's eu is the vowel Hangul adds to a bare consonant.
  if (spelling === "english")
    s = s
      .replace(/([^aeiouy ])e\b/g, "$1")
      .replace(/oo/g, "u")
      .replace(/ee/g, "i");
  else if (spelling === "kana") s = s.replace(/([^aeiouyn])u(?=[^aeiouy]|$)/g, "$1").replace(/([td])o(?=[^aeiouy]|$)/g, "$1");
  else s = s.replace(/eu/g, "");
  s = s.replace(/ /g, "");
  type Variant = { key: string; last: string; vowels: string[] };
  let variants: Variant[] = [{ key: "", last: "", vowels: [""] }];
  for (let at = 0; at < s.length; ) {
    const step = stepAt(s, at, spelling);
    const letter = s[at] as string;
    at += step.length;
    const out: Variant[] = [];
    for (const v of variants) {
      for (const cls of step.classes) {
        if (cls === "") {
          if (!VOWELS.has(letter)) {
            out.push(v);
            continue;
          }
          // A vowel separates two equal consonants; a silent letter does not.
          const vowels = [...v.vowels];
          vowels[vowels.length - 1] += letter === "y" ? "i" : letter === "w" ? "u" : letter;
          out.push({ key: v.key, last: "", vowels });
          continue;
        }
        let { key, last } = v;
        const vowels = [...v.vowels];
        for (const ch of cls) {
          if (ch !== last) {
            key += ch;
            vowels.push("");
          }
          last = ch;
        }
        out.push({ key, last, vowels });
      }
    }
    variants = out.slice(0, MAX_VARIANTS);
  }
  const seen = new Set<string>();
  return variants
    .map((v) => ({ key: v.key, vowels: v.vowels }))
    .filter((f) => {
      const id = `${f.key}/${f.vowels.join("|")}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}

/** The phonetic keys of a word or phrase (phoneticForms without the vowels). */
export function phoneticKeys(text: string, spelling: Spelling): string[] {
  return [...new Set(phoneticForms(text, spelling).map((f) => f.key))];
}

/** Vowels by their first letter: a; e and i; o; u. */
const vowelClass = (v: string) => (v === "" ? "" : v[0] === "e" ? "i" : (v[0] as string));

/**
 * How far apart two readings of one key are, gap by gap: 0 for the same kind of vowel, 0.5 for
 * another vowel, 0.25 where only one side writes a vowel (Japanese adds u and o after a consonant,
 * Hindi leaves its a unwritten, English writes a silent one). Tells husky (hasukii, haski) from
 * hedgehog and horsecar, which share its key.
 */
export function vowelDistance(a: readonly string[], b: readonly string[]): number {
  let d = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = vowelClass(a[i] ?? "");
    const y = vowelClass(b[i] ?? "");
    if (x === y) continue;
    d += x === "" || y === "" ? 0.25 : 0.5;
  }
  return d;
}

/** Letters of one class: p b f v; t d; k g q c; s z j x; l r; m; n; h. */
const LETTER_CLASS: Record<string, string> = {
  b: "p",
  f: "p",
  v: "p",
  d: "t",
  g: "k",
  q: "k",
  c: "k",
  z: "s",
  j: "s",
  x: "s",
  r: "l",
};

/**
 * How far two spellings are, letter by letter, as a share of the longer (0 alike, 1 nothing shared):
 * a vowel for another vowel or a letter for one of its class (d for t, r for l) costs half, y and w
 * are vowels, doubled letters count once. A last check that a loanword reads as the English word
 * rather than merely sharing its consonants ("висит" is no blossom).
 */
export function spellingDistance(a: string, b: string): number {
  const clean = (t: string) =>
    t
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z]/g, "")
      .replace(/y/g, "i")
      .replace(/w/g, "u")
      .replace(/h/g, "")
      .replace(/(.)\1+/g, "$1");
  const x = clean(a);
  const y = clean(b);
  const vowel = (c: string) => "aeiou".includes(c);
  const sub = (p: string, q: string) =>
    p === q ? 0 : (vowel(p) && vowel(q)) || (LETTER_CLASS[p] ?? p) === (LETTER_CLASS[q] ?? q) ? 0.5 : 1;
  const gap = (c: string) => (vowel(c) ? 0.5 : 1);
  let prev: number[] = [0];
  for (let j = 1; j <= y.length; j++) prev[j] = (prev[j - 1] as number) + gap(y[j - 1] as string);
  for (let i = 1; i <= x.length; i++) {
    const xi = x[i - 1] as string;
    const row: number[] = [(prev[0] as number) + gap(xi)];
    for (let j = 1; j <= y.length; j++) {
      const yj = y[j - 1] as string;
      row[j] = Math.min((prev[j - 1] as number) + sub(xi, yj), (prev[j] as number) + gap(xi), (row[j - 1] as number) + gap(yj));
    }
    prev = row;
  }
  return (prev[y.length] as number) / Math.max(x.length, y.length, 1);
}
