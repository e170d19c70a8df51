/**
 * Prompt → sticker plan: which emoji to draw, where the second subject goes, which moods decorate it
 * and whether a caption is written. Works on every language the site speaks: spaced languages by
 * word n-grams (with a stem fallback for inflections), CJK and Korean by longest known substrings.
 */

import { artEmojiBySlug } from "../art/art-store.ts";
import type { KeywordIndex } from "../lexicon/keyword-index.ts";
import { keywordIndex } from "../lexicon/keyword-index.ts";
import { katakanaLoan, loanPhrase, loanwordSlug } from "../lexicon/loanwords.ts";
import { HAN, normalizeText, UNSPACED, wordsOf } from "../lexicon/normalize.ts";
import { SENSES } from "../lexicon/senses.ts";
import {
  counterAt,
  endearmentAt,
  hanCompound,
  hangulEndearment,
  POSSESSIVES,
  possessiveAt,
  reduplicated,
  youngAnimal,
} from "./cjk-heads.ts";
import { languageOfPrompt, readInLanguage } from "./language-of-prompt.ts";
import type { Decoration } from "./moods.ts";
import { isMood, MOOD_DECORATIONS, WEARABLES } from "./moods.ts";
import type { Relation } from "./relations.ts";
import { FILLER_WORDS, POSTFIX_RELATIONS, RELATION_WORDS, UNSPACED_FILLERS, UNSPACED_RELATIONS } from "./relations.ts";
import { formWords, headFirst, youngOfAnimals } from "./word-formation.ts";

export interface PlannedSubject {
  slug: string;
  relation: Relation | "main";
}

export interface StickerPlan {
  subjects: PlannedSubject[];
  decorations: Decoration[];
  caption: string | null;
  /** What the prompt's words resolved to, for logs and tests. */
  matched: { words: string; slug: string }[];
}

interface Mention {
  slug: string;
  words: string;
  relation: Relation | null;
  /** Found only as some emoji's tag ("hanging" → 🪂), not as a name: dropped beside a named subject. */
  weak?: boolean;
  /** Token span in a spaced prompt, to tell adjacent words ("apple pie") from separate ones. */
  at?: number;
  end?: number;
}

const QUOTED = /["“”„«»「」『』]([^"“”„«»「」『』]{1,60})["“”„«»「」『』]/u;
const ARABIC_PREFIXES = ["وال", "بال", "فال", "لل", "ال", "و", "ب", "ل", "ك", "ف"];
/** Subjects whose short prompts are greetings worth writing out ("thank you", "happy birthday"). */
const GREETINGS = new Set([
  "waving-hand",
  "folded-hands",
  "red-heart",
  "birthday-cake",
  "sun-with-face",
  "crescent-moon",
  "thumbs-up",
  "ok-hand",
  "sunrise",
  "two-hearts",
  "face-blowing-a-kiss",
]);
const MAX_SUBJECTS = 3;
/** The emoji group of food and drink (emojibase's group 4). */
const FOOD_GROUP = 4;
/** Containers that give way to what they contain. */
const CONTAINERS = new Set(["fork-and-knife-with-plate"]);
/** Scripts of languages whose noun phrases end in their head (zh, ja, ko, hi, bn). */
const HEAD_FINAL =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Devanagari}\p{Script=Bengali}]/u;

const DIGITS = /^\d+$/;
const HIRAGANA = /^\p{Script=Hiragana}+$/u;
const VERB_ENDINGS = new Set(["っ", "る", "た", "て", "ん", "ま", "れ"]);
const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** Arabic and Indonesian go through hand tables into English words; Arabic prefixes are peeled. */
function translateTokens(tokens: string[], index: KeywordIndex, language: string): string[] {
  // Only an Arabic or Indonesian prompt is translated: a Spanish "mi" is not Indonesian noodles.
  if (language !== "ar" && language !== "id") return tokens;
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let done = false;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !done; n--) {
      const phrase = tokens.slice(i, i + n).join(" ");
      // A phrase the index knows as a whole ("bunga matahari", "عباد الشمس") is not translated word by word.
      if (n >= 2 && index.has(phrase)) {
        out.push(...tokens.slice(i, i + n));
        i += n;
        done = true;
        continue;
      }
      const en = index.translate(phrase);
      if (en) {
        out.push(...en.split(" "));
        i += n;
        done = true;
      }
    }
    if (done) continue;
    const token = tokens[i] as string;
    i++;
    if (/\p{Script=Arabic}/u.test(token)) {
      const peeled = ARABIC_PREFIXES.map((p) => (token.startsWith(p) ? token.slice(p.length) : null)).find(
        (rest) => rest !== null && rest.length >= 2 && index.translate(rest),
      );
      if (peeled) {
        if (token.startsWith("و")) out.push("and");
        out.push(...(index.translate(peeled) ?? "").split(" "));
        continue;
      }
    }
    out.push(token);
  }
  return out;
}

interface MentionSink {
  push(m: Mention): void;
  /** A relation word places the next mention, possibly in the next token ("여우와 토끼"). */
  relate(relation: Relation): void;
  /** A postfix verb marks the mention before it. */
  markLast(relation: Relation): void;
  /** A possessive (の, 의) after the last mention: it says whose the next thing is and gives way to it. */
  possess(): void;
}

/** Korean particles after a noun: "달로" (to the moon), "상자에" (in the box). */
const HANGUL_PARTICLES = ["으로", "에서", "로", "에", "를", "을", "와", "과", "이", "가", "은", "는", "의", "도"];

function scanUnspaced(token: string, index: KeywordIndex, locale: string | undefined, sink: MentionSink) {
  const particle = HANGUL_PARTICLES.find((p) => token.length > p.length && token.endsWith(p));
  const stem = particle ? token.slice(0, -particle.length) : null;
  const stemHit = stem ? index.best(stem, locale) : null;
  if (stem && stemHit?.named && ([...stem].length >= 2 || stemHit.fromHand)) {
    sink.push({ slug: stemHit.slug, words: stem, relation: null });
    if (POSSESSIVES.has(particle ?? "")) sink.possess();
    const rel = UNSPACED_RELATIONS.get(particle ?? "");
    if (rel) sink.relate(rel);
    return;
  }
  // A Hangul word nothing knows may be a loanword (허스키 is husky, decision 0053).
  const loan = /\p{Script=Hangul}/u.test(token) && !index.has(token) ? (stem && loanwordSlug(stem)) || loanwordSlug(token) : null;
  if (loan) {
    sink.push({ slug: loan, words: token, relation: null });
    return;
  }
  // Word formation of the unspaced scripts (cjk-heads.ts): pet names, counters, Han heads.
  const pet = /\p{Script=Hangul}/u.test(token) ? hangulEndearment(token, index) : null;
  const petHit = pet ? index.best(pet, locale) : null;
  if (petHit) {
    sink.push({ slug: petHit.slug, words: token, relation: null });
    return;
  }
  const chars = [...token];
  const stops = (at: number) =>
    !!counterAt(chars, at, locale) ||
    endearmentAt(chars, at) > 0 ||
    [1, 2, 3].some((n) => {
      const w = chars.slice(at, at + n).join("");
      return UNSPACED_RELATIONS.has(w) || POSTFIX_RELATIONS.has(w) || UNSPACED_FILLERS.has(w);
    });
  let readTo = -1;
  const read = (m: Mention, end: number) => {
    sink.push(m);
    readTo = end;
  };
  for (let pos = 0; pos < chars.length; ) {
    let step = 0;
    const counted = counterAt(chars, pos, locale);
    if (counted?.slug) sink.push({ slug: counted.slug, words: token, relation: null, weak: true });
    if (counted) step = counted.length;
    if (!step && pos > 0 && readTo === pos) step = endearmentAt(chars, pos);
    if (step) readTo = pos + step;
    for (let len = Math.min(4, chars.length - pos); len >= 1 && !step; len--) {
      const word = chars.slice(pos, pos + len).join("");
      // A one-kana particle before more hiragana is part of a word: と|まった is "perched", not "and".
      if (len === 1 && HIRAGANA.test(word) && HIRAGANA.test(chars[pos + 1] ?? "")) continue;
      const postfix = POSTFIX_RELATIONS.get(word);
      if (postfix) sink.markLast(postfix);
      const rel = postfix ? null : UNSPACED_RELATIONS.get(word);
      if (rel) sink.relate(rel);
      if (postfix || rel || UNSPACED_FILLERS.has(word)) step = len;
      if (step && readTo === pos && possessiveAt(chars, pos)) sink.possess();
    }
    const loanword = step ? null : katakanaLoan(chars, pos, index.has);
    if (loanword) {
      read(
        { slug: loanword.slug, words: chars.slice(pos, pos + loanword.length).join(""), relation: null },
        pos + loanword.length,
      );
      step = loanword.length;
    }
    const formed = step
      ? null
      : (youngAnimal(chars, pos, index, locale) ??
        reduplicated(chars, pos, index, locale) ??
        hanCompound(chars, pos, index, locale, stops));
    if (formed?.slug) {
      read({ slug: formed.slug, words: chars.slice(pos, pos + formed.length).join(""), relation: null }, pos + formed.length);
      step = formed.length;
    }
    for (let len = Math.min(index.maxUnspacedLength, chars.length - pos); len >= 1 && !step; len--) {
      const sub = chars.slice(pos, pos + len).join("");
      if (len === 1 && !HAN.test(sub)) continue;
      // Hiragana followed by a verb ending is a verb's stem (かぶ|った "put on"), not the noun かぶ.
      if (HIRAGANA.test(sub) && VERB_ENDINGS.has(chars[pos + len] ?? "")) continue;
      const hit = index.best(sub, locale) ?? index.best(toKatakana(sub), locale);
      // A lone Han character is a word only when it names an emoji (猫), not when it is a tag (的, 一).
      if (!hit || (len === 1 && !hit.isLabel)) continue;
      // A lone character is often part of a longer word (山洞 cave, 上 on): only hand words stand alone.
      read({ slug: hit.slug, words: sub, relation: null, weak: !hit.named || (len === 1 && !hit.fromHand) }, pos + len);
      step = len;
    }
    pos += step || 1;
  }
}

function findMentions(words: string[], locale: string, index: KeywordIndex): { mentions: Mention[]; leftovers: string[] } {
  const tokens = translateTokens(formWords(words, locale, index), index, locale);
  const mentions: Mention[] = [];
  const leftovers: string[] = [];
  let relation: Relation | null = null;
  const push = (m: Mention) => {
    mentions.push({ ...m, relation: m.relation ?? relation });
    relation = null;
  };
  const markLast = (rel: Relation) => {
    const last = mentions.at(-1);
    if (last && !last.relation) last.relation = rel;
  };
  for (let i = 0; i < tokens.length; ) {
    let step = 0;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !step; n--) {
      const words = tokens.slice(i, i + n).join(" ");
      const postfix = POSTFIX_RELATIONS.get(words);
      if (postfix) markLast(postfix);
      const rel = postfix ? null : RELATION_WORDS.get(words);
      if (rel) relation = rel;
      if (postfix || rel) step = n;
    }
    for (let n = Math.min(index.maxPhraseWords, tokens.length - i); n >= 1 && !step; n--) {
      const phrase = tokens.slice(i, i + n).join(" ");
      if (n === 1 && FILLER_WORDS.has(phrase)) break;
      const hit = readInLanguage(index, phrase, locale);
      // A bare number is a subject only when it names one (100 → 💯), not as a tag (":3" → 😗).
      if (hit && DIGITS.test(phrase) && !hit.named) break;
      if (hit) {
        push({ slug: hit.slug, words: phrase, relation: null, weak: !hit.named, at: i, end: i + n });
        step = n;
      }
    }
    if (step) {
      i += step;
      continue;
    }
    const token = tokens[i] as string;
    i++;
    if (FILLER_WORDS.has(token)) continue;
    if (UNSPACED.test(token)) {
      const before = mentions.length;
      const relate = (rel: Relation) => {
        relation = rel;
      };
      const possess = () => {
        const last = mentions.at(-1);
        if (last && !last.relation) last.weak = true;
      };
      scanUnspaced(token, index, locale, { push, markLast, relate, possess });
      if (mentions.length === before) leftovers.push(token);
      continue;
    }
    const plural = pluralsOf(token).find((w) => index.has(w));
    const stem = plural ?? index.stemMatch(token);
    const hit = stem ? index.best(stem, locale) : null;
    if (hit) {
      // A stem that differs by more than one ending letter is a guess ("tomando" → tomate): it stands
      // only where nothing is named; "короне" → корона is an inflection and stands.
      const inflection =
        plural !== undefined || (stem !== null && sharedPrefix(stem, token) >= Math.max(stem.length, token.length) - 1);
      push({ slug: hit.slug, words: token, relation: null, weak: !hit.named || !inflection, at: i - 1, end: i });
      continue;
    }
    const parts = compounds(locale) ? splitCompound(token, index, locale) : null;
    const loan = parts ? null : loanPhrase(tokens, i - 1, index.has);
    if (loan) {
      push({
        slug: loan.slug,
        words: tokens.slice(i - 1, i - 1 + loan.length).join(" "),
        relation: null,
        at: i - 1,
        end: i - 1 + loan.length,
      });
      i += loan.length - 1;
    } else if (parts) {
      // The head of a compound is its last part ("Schokoladen|kuchen" is a cake); the rest holds.
      push({ slug: parts.head, words: token, relation: null });
      if (parts.modifier) mentions.push({ slug: parts.modifier, words: token, relation: "held" });
    } else leftovers.push(token);
  }
  return { mentions: headFirst(youngOfAnimals(chooseSenses(mentions, tokens, index)), locale), leftovers };
}

/** Languages that write compounds as one word (German; also Dutch and the Nordic languages). */
const COMPOUNDING = new Set(["de", "nl", "sv", "da", "nb", "no"]);
const compounds = (locale: string | undefined) => COMPOUNDING.has(locale?.split("-")[0] ?? "");
/** Linking letters between compound parts: Schokolade-n-kuchen, Geburtstag-s-torte, Hund-e-hütte. */
const LINKS = ["", "s", "n", "en", "es", "e", "er"];

function knownWord(word: string, index: KeywordIndex, locale: string | undefined): string | null {
  if (word.length < 3 || FILLER_WORDS.has(word)) return null;
  const key = index.has(word) ? word : pluralsOf(word).find((w) => index.has(w));
  const hit = key ? index.best(key, locale) : null;
  return hit?.named ? hit.slug : null;
}

/**
 * Splits an unknown compound into a known head and modifier ("katzenbaum" → cat + tree). The longest
 * known head wins; a head that is not drawable ("Pizza|stück", "Baseball|schläger") leaves the modifier.
 */
function splitCompound(
  word: string,
  index: KeywordIndex,
  locale: string | undefined,
): { head: string; modifier: string | null } | null {
  if ([...word].length < 7 || UNSPACED.test(word)) return null;
  const knownLeft = (left: string) =>
    LINKS.filter((l) => left.endsWith(l))
      .map((l) => left.slice(0, left.length - l.length))
      .map((w) => knownWord(w, index, locale) ?? knownWord(`${w}e`, index, locale))
      .find(Boolean) ?? null;
  for (let at = 3; at <= word.length - 4; at++) {
    const head = knownWord(word.slice(at), index, locale);
    if (!head) continue;
    const modifier = knownLeft(word.slice(0, at));
    return { head, modifier: modifier === head ? null : modifier };
  }
  for (let at = word.length - 3; at >= 3; at--) {
    const modifier = knownLeft(word.slice(0, at));
    if (modifier) return { head: modifier, modifier: null };
  }
  return null;
}

/** Picks each ambiguous word's sense from the prompt's other words (lexicon/senses.ts). */
function chooseSenses(mentions: Mention[], tokens: string[], index: KeywordIndex): Mention[] {
  const out: Mention[] = [];
  const absorbed = new Set<string>();
  for (const m of mentions) {
    const senses = SENSES[m.words] ?? SENSES[normalizeText(m.words)];
    if (!senses) {
      out.push(m);
      continue;
    }
    const others = tokens.filter((t) => t !== m.words);
    let cue: string | undefined;
    const cued = senses.slice(1).find((s) => {
      cue = others.find((t) => s.cues.some((c) => t.startsWith(c)));
      return cue !== undefined;
    });
    const sense = cued ?? senses[0];
    if (cued && cue && cued.absorbs?.some((a) => cue?.startsWith(a))) absorbed.add(cue);
    if (!sense?.sense) continue;
    const slug = index.slugOf(sense.sense);
    out.push(slug ? { ...m, slug, weak: false } : m);
  }
  // The cue is part of the sense's picture ("a bat and a ball" is one baseball), not a second subject.
  return out.filter((m) => !absorbed.has(m.words) || SENSES[m.words]);
}

/** Cheap singulars for the spaced languages ("pandas", "Katzen", "gatos"). */
function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Cheap base forms for the spaced languages: plurals ("pandas", "Katzen", "gatos"), Spanish and
 * Portuguese diminutives ("cerdito", "porquinho", "gatinho"), Hindi oblique forms ("गुब्बारे" →
 * गुब्बारा) and the Arabic accusative alif ("تاجا" → تاج).
 */
function pluralsOf(word: string): string[] {
  const out: string[] = [];
  const diminutive = /^(.{2,}?)(?:c?it|zinh|inh)([oa])s?$/u.exec(word);
  if (diminutive) {
    const base = (diminutive[1] ?? "").replace(/qu$/, "c");
    out.push(`${base}${diminutive[2]}`, `${base}o`, base);
  }
  if (word.endsWith("े")) out.push(`${word.slice(0, -1)}ा`);
  if (word.endsWith("ों")) out.push(`${word.slice(0, -2)}ा`, word.slice(0, -2));
  if (/\p{Script=Arabic}/u.test(word) && word.endsWith("ا")) out.push(word.slice(0, -1));
  if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  if (word.endsWith("en")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("n")) out.push(word.slice(0, -1));
  return out.filter((w) => w.length >= 3);
}

/**
 * English puts a food's flavour before it ("apple pie", "chocolate chip cookies"): of adjacent foods
 * with no word between them, the last is the dish and the first its flavour.
 */
function nounAdjunctHead(free: Mention[]): Mention | undefined {
  const isFood = (m: Mention) => artEmojiBySlug().get(m.slug)?.group === FOOD_GROUP;
  const first = free[0];
  if (!first || !isFood(first)) return undefined;
  let head = first;
  for (const m of free.slice(1)) {
    const adjacent = head.end !== undefined && m.at !== undefined && m.at - head.end <= 1 && !m.relation;
    if (!adjacent || !isFood(m)) break;
    head = m;
  }
  return head === first ? undefined : head;
}

function isShort(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return UNSPACED.test(text) ? [...text].length <= 8 : words.length <= 3;
}

export function parsePrompt(prompt: string, locale?: string): StickerPlan {
  const text = prompt.trim().replace(/\s+/g, " ");
  const quoted = QUOTED.exec(text);
  const rest = quoted ? text.replace(quoted[0], " ") : text;
  const index = keywordIndex();
  const words = wordsOf(rest);
  // The prompt is read in its own language; the page's language is only a hint (decision 0051).
  const language = languageOfPrompt(words, index, locale);
  const found = findMentions(words, language, index);
  const { leftovers } = found;
  // A word known only as a tag ("hanging" → 🪂, "cone" → 🍧) is dropped beside a named subject,
  // unless a relation word placed it ("a cat on a box").
  const named = found.mentions.some((m) => !m.weak);
  const mentions = named ? found.mentions.filter((m) => !m.weak || m.relation) : found.mentions;
  const matched = mentions.map((m) => ({ words: m.words, slug: m.slug }));

  const unique: Mention[] = [];
  for (const m of mentions) if (!unique.some((u) => u.slug === m.slug)) unique.push(m);
  if (unique.length === 0) {
    return { subjects: [], decorations: [], caption: (quoted?.[1] ?? text).slice(0, 60), matched };
  }

  // A heart that is held or given stays a thing; otherwise love is a mood.
  const moodLike = (m: Mention) => isMood(m.slug) && !(m.slug === "red-heart" && m.relation === "held");
  // A plate holds the food it is a plate of ("a plate of sushi", "Sushiteller", "सुशी की प्लेट").
  const dishes = unique.filter((m) => !moodLike(m) && !CONTAINERS.has(m.slug));
  const things = unique.filter((m) => !moodLike(m) && (!CONTAINERS.has(m.slug) || dishes.length === 0));
  const bodies = things.filter((m) => !WEARABLES.has(m.slug));
  // A greeting with a thing ("hello kitty") draws the thing waving, not the wave holding it.
  // The main subject is the one no relation word attaches to ("coffee" in "cat drinking coffee").
  const free = bodies.filter((m) => !m.relation || m.relation === "side");
  // Head-final languages put the subject last, after what describes it: 打伞的青蛙 (umbrella-holding
  // frog), 傘をさしたカエル, 우산 쓴 개구리, छाता लिए मेंढक. The head is the last unplaced mention.
  const head = HEAD_FINAL.test(rest)
    ? (bodies.findLast((m) => !m.relation && !GREETINGS.has(m.slug)) ?? bodies.findLast((m) => !m.relation))
    : undefined;
  const main =
    head ??
    (language === "en" ? nounAdjunctHead(free) : undefined) ??
    free.find((m) => !GREETINGS.has(m.slug)) ??
    free[0] ??
    bodies[0] ??
    things[0] ??
    (unique[0] as Mention);
  const subjects: PlannedSubject[] = [{ slug: main.slug, relation: "main" }];
  for (const m of things) {
    if (m === main || subjects.length >= MAX_SUBJECTS) continue;
    const relation: Relation = WEARABLES.has(m.slug) ? "worn" : m.relation && m.relation !== "worn" ? m.relation : "held";
    subjects.push({ slug: m.slug, relation });
  }
  const decorations: Decoration[] = [];
  for (const m of unique) {
    if (m === main || !moodLike(m)) continue;
    for (const dec of MOOD_DECORATIONS.get(m.slug) ?? []) {
      if (decorations.length < 3 && !decorations.some((x) => x.at === dec.at)) decorations.push(dec);
    }
  }

  const normalized = normalizeText(rest);
  let caption: string | null = quoted?.[1] ?? null;
  const greeting = unique.some((m) => GREETINGS.has(m.slug));
  if (!caption && isShort(normalized) && greeting && leftovers.length <= 1) {
    caption = text.slice(0, 60);
  }
  return { subjects, decorations, caption, matched };
}
