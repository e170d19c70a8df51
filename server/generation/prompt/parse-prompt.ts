/**
 * Prompt → sticker plan: which emoji to draw, where the second subject goes, which moods decorate it
 * and whether a caption is written. Works on every language the site speaks: spaced languages by
 * word n-grams (with a stem fallback for inflections), CJK and Korean by longest known substrings.
 */

import type { KeywordIndex } from "../lexicon/keyword-index.ts";
import { keywordIndex } from "../lexicon/keyword-index.ts";
import { HAN, normalizeText, UNSPACED, wordsOf } from "../lexicon/normalize.ts";
import type { Decoration } from "./moods.ts";
import { isMood, MOOD_DECORATIONS, WEARABLES } from "./moods.ts";
import type { Relation } from "./relations.ts";
import { FILLER_WORDS, POSTFIX_RELATIONS, RELATION_WORDS, UNSPACED_FILLERS, UNSPACED_RELATIONS } from "./relations.ts";

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

const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** Arabic and Indonesian go through hand tables into English words; Arabic prefixes are peeled. */
function translateTokens(tokens: string[], index: KeywordIndex): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let done = false;
    for (let n = Math.min(3, tokens.length - i); n >= 1 && !done; n--) {
      const phrase = tokens.slice(i, i + n).join(" ");
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
  /** A postfix verb marks the mention before it. */
  markLast(relation: Relation): void;
}

function scanUnspaced(token: string, index: KeywordIndex, locale: string | undefined, sink: MentionSink) {
  const chars = [...token];
  let relation: Relation | null = null;
  for (let pos = 0; pos < chars.length; ) {
    let step = 0;
    for (let len = Math.min(4, chars.length - pos); len >= 1 && !step; len--) {
      const word = chars.slice(pos, pos + len).join("");
      const postfix = POSTFIX_RELATIONS.get(word);
      if (postfix) sink.markLast(postfix);
      const rel = postfix ? null : UNSPACED_RELATIONS.get(word);
      if (rel) relation = rel;
      if (postfix || rel || UNSPACED_FILLERS.has(word)) step = len;
    }
    for (let len = Math.min(index.maxUnspacedLength, chars.length - pos); len >= 1 && !step; len--) {
      const sub = chars.slice(pos, pos + len).join("");
      if (len === 1 && !HAN.test(sub)) continue;
      const hit = index.best(sub, locale) ?? index.best(toKatakana(sub), locale);
      // A lone Han character is a word only when it names an emoji (猫), not when it is a tag (的, 一).
      if (!hit || (len === 1 && !hit.isLabel)) continue;
      sink.push({ slug: hit.slug, words: sub, relation });
      relation = null;
      step = len;
    }
    pos += step || 1;
  }
}

function findMentions(words: string[], locale: string | undefined): { mentions: Mention[]; leftovers: string[] } {
  const index = keywordIndex();
  const tokens = translateTokens(words, index);
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
      const hit = index.best(phrase, locale);
      if (hit) {
        push({ slug: hit.slug, words: phrase, relation: null });
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
      scanUnspaced(token, index, locale, { push, markLast });
      if (mentions.length === before) leftovers.push(token);
      continue;
    }
    const stem = pluralsOf(token).find((w) => index.has(w)) ?? index.stemMatch(token);
    const hit = stem ? index.best(stem, locale) : null;
    if (hit) push({ slug: hit.slug, words: token, relation: null });
    else leftovers.push(token);
  }
  return { mentions, leftovers };
}

/** Cheap singulars for the spaced languages ("pandas", "Katzen", "gatos"). */
function pluralsOf(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  if (word.endsWith("en")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("n")) out.push(word.slice(0, -1));
  return out.filter((w) => w.length >= 3);
}

function isShort(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return UNSPACED.test(text) ? [...text].length <= 8 : words.length <= 3;
}

export function parsePrompt(prompt: string, locale?: string): StickerPlan {
  const text = prompt.trim().replace(/\s+/g, " ");
  const quoted = QUOTED.exec(text);
  const rest = quoted ? text.replace(quoted[0], " ") : text;
  const { mentions, leftovers } = findMentions(wordsOf(rest), locale);
  const matched = mentions.map((m) => ({ words: m.words, slug: m.slug }));

  const unique: Mention[] = [];
  for (const m of mentions) if (!unique.some((u) => u.slug === m.slug)) unique.push(m);
  if (unique.length === 0) {
    return { subjects: [], decorations: [], caption: (quoted?.[1] ?? text).slice(0, 60), matched };
  }

  // A heart that is held or given stays a thing; otherwise love is a mood.
  const moodLike = (m: Mention) => isMood(m.slug) && !(m.slug === "red-heart" && m.relation === "held");
  const things = unique.filter((m) => !moodLike(m));
  const bodies = things.filter((m) => !WEARABLES.has(m.slug));
  // A greeting with a thing ("hello kitty") draws the thing waving, not the wave holding it.
  // The main subject is the one no relation word attaches to ("coffee" in "cat drinking coffee").
  const free = bodies.filter((m) => !m.relation || m.relation === "side");
  const main = free.find((m) => !GREETINGS.has(m.slug)) ?? free[0] ?? bodies[0] ?? things[0] ?? (unique[0] as Mention);
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
