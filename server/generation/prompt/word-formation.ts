/**
 * Word formation as rules, not entries (decision 0051): a word the lexicon does not know is reduced
 * to one it knows by the rules its language builds words with — diminutives and augmentatives
 * (Häschen → Hase, ratoncito → ratón, уточка → утка), young-animal suffixes (лисёнок → лиса,
 * ছাগলছানা → ছাগল, Entenküken → Ente), hyphenated compounds (Schneemann-Party), Indonesian
 * reduplication (kucing-kucing → kucing, mobil-mobilan → mobil), English possessives ("dog's").
 * Constructions over several words follow: "baby X" and its kin draw the adult animal X, a person
 * who owns the thing ("my grandma's glasses", "der Hund meiner Oma") is not drawn, and an
 * Indonesian noun phrase's head is its first noun ("bis sekolah" is a bus).
 */

import { artEmojiBySlug } from "../art/art-store.ts";
import type { KeywordIndex } from "../lexicon/keyword-index.ts";
import { readInLanguage } from "./language-of-prompt.ts";

/** The emoji group of people (emojibase's group 1) and the animal subgroups of group 3. */
const PEOPLE_GROUP = 1;
const ANIMAL_GROUP = 3;
const ANIMAL_SUBGROUPS = new Set([34, 35, 36, 37, 38, 39]);

export function isAnimal(slug: string): boolean {
  const e = artEmojiBySlug().get(slug);
  return e !== undefined && e.group === ANIMAL_GROUP && ANIMAL_SUBGROUPS.has(e.subgroup);
}

function isPerson(slug: string): boolean {
  return artEmojiBySlug().get(slug)?.group === PEOPLE_GROUP;
}

/**
 * Words for a young animal that are their own word, not a suffix: their value is the adult, an
 * English hand word. A young animal is drawn as the animal, never as a toy or a baby's face.
 */
const YOUNG_WORDS: Record<string, Record<string, string>> = {
  en: {
    kitten: "cat",
    puppy: "dog",
    pup: "dog",
    calf: "cow",
    foal: "horse",
    colt: "horse",
    lamb: "sheep",
    piglet: "pig",
    cub: "bear",
    joey: "kangaroo",
  },
  de: { kalb: "cow", lamm: "sheep", fohlen: "horse", welpe: "dog", ferkel: "pig" },
  fr: { chiot: "dog", veau: "cow", agneau: "sheep", poulain: "horse", porcelet: "pig", caneton: "duck" },
  es: { ternero: "cow", becerro: "cow", cordero: "sheep", potro: "horse", lechón: "pig" },
  pt: { bezerro: "cow", cordeiro: "sheep", potro: "horse", leitão: "pig" },
  ru: {
    щенок: "dog",
    телёнок: "cow",
    теленок: "cow",
    ягнёнок: "sheep",
    ягненок: "sheep",
    жеребёнок: "horse",
    жеребенок: "horse",
    поросёнок: "pig",
    поросенок: "pig",
  },
  hi: { बछड़ा: "cow", बछडा: "cow", पिल्ला: "dog", मेमना: "sheep" },
  bn: { বাছুর: "cow", কুকুরছানা: "dog" },
  ar: { شبل: "lion", عجل: "cow", جرو: "dog", هريرة: "cat", حمل: "sheep", مهر: "horse" },
  ko: { 송아지: "cow", 망아지: "horse" },
};

/** Words that make the animal beside them a young one: "baby otter", "filhote de leão", 企鹅宝宝. */
const YOUNG_MARKERS = new Set([
  "baby",
  "cub",
  "bébé",
  "bebé",
  "bebê",
  "cría",
  "filhote",
  "cachorro",
  "junges",
  "детёныш",
  "детеныш",
  "малыш",
  "बच्चा",
  "बच्चे",
  "বাচ্চা",
  "ছানা",
  "anak",
  "bayi",
  "宝宝",
  "寶寶",
  "幼崽",
  "赤ちゃん",
  "아기",
  "새끼",
  "صغير",
]);

/** The word between a young marker and its animal ("filhote de leão", "बिल्ली का बच्चा"). */
const LINKERS = new Set(["de", "do", "da", "of", "का", "के", "की", "von"]);

/** German possessive determiners and the Romance "de mi" / "da minha" before an owner. */
const OWNER_DETERMINERS = new Set(
  "meiner meines meinem deiner deines seiner seines ihrer ihres unserer mi mis tu su minha meu minhas meus ma mon mes ta ton sa son моей моего моих твоей твоего".split(
    " ",
  ),
);

type Reader = (word: string) => string | null;

const replaceLast = (word: string, from: RegExp, to: string) => word.replace(from, to);
/** Removes the umlaut a German diminutive adds to its last vowel: Häschen → Hase, Kätzchen → Katze. */
function withoutUmlaut(stem: string): string {
  const at = Math.max(stem.lastIndexOf("ä"), stem.lastIndexOf("ö"), stem.lastIndexOf("ü"));
  if (at < 0) return stem;
  const plain = { ä: "a", ö: "o", ü: "u" }[stem[at] as "ä" | "ö" | "ü"];
  return `${stem.slice(0, at)}${plain}${stem.slice(at + 1)}`;
}

/** Russian consonant alternations a suffix causes: медвеж|онок ← медведь, зайч|онок ← заяц. */
function russianStems(stem: string): string[] {
  const out = [stem];
  const last = stem.at(-1) ?? "";
  const swaps: Record<string, string[]> = { ж: ["д", "г", "з"], ч: ["ц", "к", "т"], ш: ["х", "с"], щ: ["ст", "ск"] };
  for (const s of swaps[last] ?? []) out.push(stem.slice(0, -1) + s);
  // A fleeting vowel: зайц → заяц, орл → орел.
  for (const s of [...out]) {
    if (/йц$/u.test(s)) out.push(replaceLast(s, /йц$/u, "яц"));
    if (s.length >= 3) out.push(`${s.slice(0, -1)}е${s.at(-1)}`, `${s.slice(0, -1)}о${s.at(-1)}`);
  }
  return out;
}

const RU_ENDINGS = ["", "а", "ь", "я", "ка", "ок", "о"];

interface Rule {
  /** The suffix, and what stands in its place in the base word. */
  suffix: RegExp;
  endings: string[];
  /** A young-animal suffix: the base must be an animal, and it wins over a known reading. */
  young?: boolean;
  /** A pet's diminutive ("piggy", "birdie"): only an animal's word takes it. */
  animal?: boolean;
  stems?: (stem: string) => string[];
}

/** Suffix rules per language, longest first. */
const RULES: Record<string, Rule[]> = {
  ru: [
    { suffix: /(?:ёнок|онок|енок|ёнка|онка|енка|ята|ата)$/u, endings: RU_ENDINGS, young: true, stems: russianStems },
    { suffix: /(?:очек|ечек)$/u, endings: ["ок", "ек", "о"], stems: russianStems },
    { suffix: /(?:очка|ечка|ичка|чка)$/u, endings: ["ка", "а", "я", "ица"], stems: russianStems },
    { suffix: /(?:ушка|юшка|онька|енька|ышка|ишка)$/u, endings: ["а", "я", "", "ь"], stems: russianStems },
    { suffix: /(?:ище|ища|чик|ик)$/u, endings: ["", "а", "ь"], stems: russianStems },
    // -ок is also a plain noun's ending (носок is a sock, not a small nose): only a pet's word takes it.
    { suffix: /ок$/u, endings: ["", "а", "ь"], animal: true, stems: russianStems },
  ],
  de: [
    { suffix: /(?:baby|küken|junges|junge|welpe)$/u, endings: ["", "e"], young: true, stems: germanLinks },
    { suffix: /(?:chen|lein)$/u, endings: ["", "e", "en"], stems: (s) => [withoutUmlaut(s), s] },
  ],
  nl: [{ suffix: /(?:tje|je|pje)$/u, endings: ["", "e"] }],
  fr: [
    {
      suffix: /(?:eteau|ceau|eau|eton|illon|on)$/u,
      endings: ["", "e", "ard"],
      young: true,
      stems: (s) => [s, s.replace(/(.)\1$/u, "$1")],
    },
    { suffix: /(?:ounette|inette|ette)$/u, endings: ["", "e"], stems: (s) => [s, s.replace(/(.)\1$/u, "$1")] },
    { suffix: /(?:ounet)$/u, endings: ["", "e"], animal: true },
  ],
  es: [
    {
      suffix: /(?:ecito|ecita|cito|cita|ito|ita|illo|illa|ín|ote|ota|azo|aza)$/u,
      endings: ["o", "a", "", "e"],
      stems: spanishStems,
    },
  ],
  pt: [
    {
      suffix: /(?:zinho|zinha|inho|inha|zão|zona|ão|ona)$/u,
      endings: ["o", "a", "", "e"],
      stems: (s) => [s.replace(/qu$/u, "c").replace(/gu$/u, "g")],
    },
  ],
  en: [
    { suffix: /(?:let|ling)$/u, endings: [""], young: true },
    { suffix: /(?:ie|ey|y)$/u, endings: ["", "e"], animal: true, stems: (s) => [s.replace(/(.)\1$/u, "$1"), s] },
  ],
  bn: [
    { suffix: /ছানা$/u, endings: [""], young: true },
    { suffix: /(?:য়ের|এর|ের|তে|কে|রা|গুলো|টা|টি|র|ে)$/u, endings: [""] },
  ],
};

/** Linking letters of a German compound's left part: Ente-n-küken, Hund-e-baby. */
function germanLinks(left: string): string[] {
  return ["en", "n", "es", "s", "e", ""].filter((l) => left.endsWith(l)).map((l) => left.slice(0, left.length - l.length));
}

/** Spanish stems: qu → c, gu → g, c → z (pececito → pez), and the accent a suffix removes (ratoncito → ratón). */
function spanishStems(stem: string): string[] {
  const out = [stem, stem.replace(/qu$/u, "c").replace(/gu$/u, "g"), stem.replace(/c$/u, "z")];
  const accented = stem.replace(
    /([aeiou])([ns])$/u,
    (_, v: string, c: string) => `${{ a: "á", e: "é", i: "í", o: "ó", u: "ú" }[v as "a"]}${c}`,
  );
  if (accented !== stem) out.push(accented);
  return out;
}

interface Candidate {
  base: string;
  young: boolean;
  animal: boolean;
}

/** The base words a word may be formed from, most likely first. */
export function baseCandidates(word: string, language: string): Candidate[] {
  const out: Candidate[] = [];
  for (const rule of RULES[language] ?? []) {
    const m = rule.suffix.exec(word);
    if (!m) continue;
    const stem = word.slice(0, m.index);
    if ([...stem].length < 2) continue;
    for (const s of rule.stems ? rule.stems(stem) : [stem]) {
      for (const ending of rule.endings) {
        const base = `${s}${ending}`;
        const kind = { young: rule.young === true, animal: rule.animal === true };
        if (base !== word && [...base].length >= 2) out.push({ base, ...kind });
        // Russian ё is written е as often as not: ёж → еж.
        if (base.includes("ё")) out.push({ base: base.replace(/ё/gu, "е"), ...kind });
      }
    }
  }
  return out;
}

/** Languages whose compounds put the head last and write parts together or hyphenated. */
const HEAD_LAST = new Set(["de", "nl", "sv", "da", "nb", "no"]);
/** Languages whose hyphenated compounds put the head first (pão-de-ló, croque-monsieur). */
const HEAD_FIRST = new Set(["fr", "es", "pt"]);

/**
 * Rewrites a prompt's tokens into words the lexicon knows, by the language's rules of word
 * formation; a token already known (and not a young animal's word) stays as it is.
 */
export function formWords(tokens: readonly string[], language: string, index: KeywordIndex): string[] {
  const slugOf: Reader = (word) => {
    const hit = readInLanguage(index, word, language);
    return hit?.named ? hit.slug : null;
  };
  /** A base word is read in the prompt's own language only: a Spanish "bon|ita" is not an English bone. */
  const ownSlug: Reader = (word) => {
    const en = language === "id" || language === "ar" ? index.translate(word) : null;
    if (en) return index.slugOf(en);
    const hit = index.own(word, language);
    return hit?.named ? hit.slug : null;
  };
  const known = (word: string) => slugOf(word) !== null || ownSlug(word) !== null;
  const animal = (word: string) => {
    const slug = ownSlug(word);
    return slug !== null && isAnimal(slug);
  };
  /** Known whole, or (in a compounding language) by a known last part: Gänseblume → Blume. */
  const knownBase = (c: Candidate) =>
    c.animal
      ? animal(c.base)
      : ownSlug(c.base) !== null || (HEAD_LAST.has(language) && [...c.base].length >= 7 && tailKnown(c.base, ownSlug));

  const out: string[] = [];
  for (const [i, token] of tokens.entries()) {
    // A phrase the lexicon knows whole keeps its words: "osito de peluche" is a teddy bear.
    if (startsPhrase(tokens, i, language, index)) {
      out.push(token);
      continue;
    }
    const young = YOUNG_WORDS[language]?.[token];
    if (young) {
      // After its animal it only says the animal is young: "elephant calf", "lion cub".
      if (!animal(out.at(-1) ?? "")) out.push(young);
      continue;
    }
    const japanese = language === "ja" ? japaneseBase(token, animal) : null;
    if (japanese) {
      out.push(japanese);
      continue;
    }
    const formed = baseCandidates(token, language);
    // A young-animal suffix with an animal base wins even over a known reading: медвежонок is a
    // bear cub, not a teddy bear.
    const youngBase = formed.find((c) => c.young && animal(c.base));
    if (youngBase) {
      out.push(youngBase.base);
      continue;
    }
    // An English closed compound that is only some emoji's tag ("firetruck" of 🧑‍🚒) is read as the
    // phrase it closes ("fire truck" → 🚒).
    const split = language === "en" && !slugOf(token) ? closedCompound(token, index) : null;
    if (split) {
      out.push(...split);
      continue;
    }
    if (known(token) || index.has(token)) {
      out.push(token);
      continue;
    }
    if (token.includes("-")) {
      out.push(...hyphenated(token, language, known));
      continue;
    }
    if (language === "en" && /'s?$/u.test(token) && known(token.replace(/'s?$/u, ""))) {
      out.push(token.replace(/'s?$/u, ""));
      continue;
    }
    const base = formed.find((c) => !c.young && knownBase(c));
    if (base) {
      out.push(base.base);
      continue;
    }
    out.push(token);
  }
  return dropYoungMarkers(dropOwners(out, language, index), animal);
}

/** A young-animal word before or after an animal ("baby otter", "anak bebek", "बिल्ली का बच्चा") is not drawn. */
function dropYoungMarkers(tokens: string[], animal: (w: string) => boolean): string[] {
  const out = [...tokens];
  for (let i = 0; i < out.length; i++) {
    if (!YOUNG_MARKERS.has(out[i] as string)) continue;
    const after = LINKERS.has(out[i + 1] ?? "") ? 2 : 1;
    const before = LINKERS.has(out[i - 1] ?? "") ? 2 : 1;
    if (animal(out[i + after] ?? "")) out.splice(i--, after);
    else if (animal(out[i - before] ?? "")) {
      out.splice(i - before + 1, before);
      i -= before;
    }
  }
  return out;
}

/** Japanese honorific and pet suffixes: ネコちゃん, うさぎさん. */
const JA_SUFFIXES = /(?:ちゃん|さん|くん|たん)$/u;

/**
 * A Japanese young animal or pet's name: 子 before an animal makes its young, voicing the animal's
 * first sound (子ぎつね is a young きつね, 子だぬき a young たぬき); an honorific after it is affection.
 */
function japaneseBase(token: string, animal: (w: string) => boolean): string | null {
  const toKatakana = (w: string) => w.replace(/[\u3041-\u3096]/gu, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  const reads = (w: string) => (animal(w) ? w : animal(toKatakana(w)) ? toKatakana(w) : null);
  const young = /^[子仔](\p{Script=Hiragana}|\p{Script=Katakana})/u.exec(token);
  if (young) {
    const rest = token.slice(1);
    // Rendaku: the voiced first kana of the second part is its plain sound (ぎ → き).
    const plain = `${(rest[0] ?? "").normalize("NFD").replace(/[\u3099\u309A]/gu, "")}${rest.slice(1)}`;
    const base = reads(plain) ?? reads(rest);
    if (base) return base;
  }
  if (JA_SUFFIXES.test(token)) return reads(token.replace(JA_SUFFIXES, ""));
  return null;
}

function startsPhrase(tokens: readonly string[], at: number, language: string, index: KeywordIndex): boolean {
  for (let n = 2; n <= Math.min(Math.max(3, index.maxPhraseWords), tokens.length - at); n++) {
    const phrase = tokens.slice(at, at + n).join(" ");
    if (index.has(phrase) || ((language === "id" || language === "ar") && index.translate(phrase))) return true;
  }
  return false;
}

function tailKnown(word: string, slugOf: Reader): boolean {
  for (let at = 3; at <= word.length - 4; at++) if (slugOf(word.slice(at))) return true;
  return false;
}

/**
 * Hyphenated words: Indonesian reduplication (kucing-kucing → kucing, mobil-mobilan → mobil), a
 * Germanic compound read as one word (Schneemann-Party → schneemannparty, its head last), a Romance
 * one read from its known head (its first part), an English one as a phrase (ice-cream).
 */
function hyphenated(token: string, language: string, known: (w: string) => boolean): string[] {
  const parts = token.split("-").filter(Boolean);
  const [first = "", second = ""] = parts;
  if (
    language === "id" &&
    parts.length === 2 &&
    (second === first || second === `${first}an` || second === `${first}${first.at(-1)}an`)
  ) {
    return [first];
  }
  if (HEAD_LAST.has(language)) return [parts.join("")];
  if (HEAD_FIRST.has(language)) return known(first) ? parts : [token];
  return parts;
}

/** An English closed compound whose two words make a known phrase: "firetruck" is a fire truck. */
function closedCompound(token: string, index: KeywordIndex): string[] | null {
  for (let at = 3; at <= token.length - 3; at++) {
    const phrase = `${token.slice(0, at)} ${token.slice(at)}`;
    if (index.has(phrase)) return phrase.split(" ");
  }
  return null;
}

/**
 * The person who owns the thing is not drawn: "my grandma's glasses", "der Hund meiner Oma", "el gato
 * de mi abuela", "할머니의 안경", "दादी का चश्मा". An animal that owns it stays ("my dog's ball").
 */
function dropOwners(tokens: string[], language: string, index: KeywordIndex): string[] {
  // A person's word is often only a tag ("Oma" of 👵): any reading will do.
  const person = (word: string | undefined) => {
    const slug = word ? readInLanguage(index, word, language)?.slug : undefined;
    return slug !== undefined && isPerson(slug);
  };
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    if (OWNER_DETERMINERS.has(token) && person(next) && out.length > 0) {
      if (out.at(-1) === "de" || out.at(-1) === "da" || out.at(-1) === "do" || out.at(-1) === "von") out.pop();
      i++;
      continue;
    }
    if (language === "en" && /'s?$/u.test(token) && person(token.replace(/'s?$/u, "")) && next) continue;
    if (language === "ko" && token.endsWith("의") && person(token.slice(0, -1)) && next) continue;
    if (language === "hi" && (next === "का" || next === "की" || next === "के") && person(token) && tokens[i + 2]) {
      i++;
      continue;
    }
    out.push(token);
  }
  return out;
}

interface MentionLike {
  slug: string;
  words: string;
  relation: string | null;
  weak?: boolean;
  at?: number;
  end?: number;
}

/**
 * "baby otter", "bebé de gato", "anak bebek", "बिल्ली का बच्चा", 企鹅宝宝: a young-animal word beside an
 * animal is not drawn, and the animal is (an adult, never a toy or a baby's face).
 */
export function youngOfAnimals<M extends MentionLike>(mentions: M[]): M[] {
  const drop = new Set<M>();
  mentions.forEach((m, i) => {
    // Spaced prompts lose their young-animal words before (formWords); here the unspaced ones.
    if (m.at !== undefined || m.relation || !YOUNG_MARKERS.has(m.words)) return;
    const near = [mentions[i - 1], mentions[i + 1]].find(
      (n) => n && n.at === undefined && !drop.has(n) && isAnimal(n.slug) && !n.relation,
    );
    if (near) drop.add(m);
  });
  return drop.size ? mentions.filter((m) => !drop.has(m)) : mentions;
}

/**
 * Indonesian puts a noun phrase's head first ("bis sekolah" is a school bus, "kereta api" a train):
 * of a prompt's two first nouns, side by side, the first stands even where it is only some emoji's tag.
 */
export function headFirst<M extends MentionLike>(mentions: M[], language: string): M[] {
  if (language !== "id") return mentions;
  const [first, next] = mentions;
  const adjacent = first && next && first.end !== undefined && next.at === first.end && !first.relation && !next.relation;
  return adjacent && first.weak ? [{ ...first, weak: false }, ...mentions.slice(1)] : mentions;
}
