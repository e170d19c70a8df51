/**
 * Keyword → emoji lookup over every language the site speaks. Built once per process from the art
 * index (emojibase labels and tags per locale, emojilib) and the hand tables.
 */

import type { IndexedEmoji } from "../art/art-format.ts";
import { artStore } from "../art/art-store.ts";
import { AR_WORDS } from "./hand-ar.ts";
import { EN_SUBJECTS } from "./hand-en.ts";
import { ID_WORDS } from "./hand-id.ts";
import { HAN_WORDS, MOOD_WORDS } from "./hand-moods.ts";
import { HAND_WORDS } from "./hand-words.ts";
import { normalizeText, UNSPACED } from "./normalize.ts";

interface Hit {
  slug: string;
  /** How well the keyword names the emoji: label 3, tag 2, hand-picked 6. */
  quality: number;
  /** Hand words of one language (hand-words.ts) win only in that language (decision 0028). */
  handLocale?: string;
  locale: string;
  /** The keyword names the thing: a label, a tag its label contains ("панда" of "морда панды"), an animal. */
  named: boolean;
}

export interface KeywordHit {
  slug: string;
  score: number;
  /** The keyword is some emoji's name in some language, not just one of its tags. */
  isLabel: boolean;
  /**
   * The keyword names its emoji rather than describing it: "hanging" is only a tag of 🪂, and a
   * prompt's other named subjects outrank such a hit (decision 0028).
   */
  named: boolean;
  /** The best hit comes from a hand table (hand-en.ts, hand-words.ts, hand-moods.ts). */
  fromHand: boolean;
}

export interface KeywordIndex {
  /** The best emoji for a keyword, preferring hits in `locale`; null when the keyword is unknown. */
  best(keyword: string, locale?: string): KeywordHit | null;
  /**
   * The best emoji among the things the keyword means in `locale` (and the language-free mood words);
   * null when that language has no reading of it (decision 0051: "chat" is a cat only in French).
   */
  own(keyword: string, locale: string): KeywordHit | null;
  /** The languages that have a reading of the keyword (a hand word counts for its own language). */
  localesOf(keyword: string): ReadonlySet<string>;
  has(keyword: string): boolean;
  /** Known single words sharing a stem with `word` ("кошки" → "кошка"), for inflected languages. */
  stemMatch(word: string): string | null;
  /** English words that a foreign hand table gives for `word` (Arabic, Indonesian). */
  translate(word: string): string | null;
  /** The slug an English hand word or a slug names (the senses of lexicon/senses.ts); null when none. */
  slugOf(wordOrSlug: string): string | null;
  maxPhraseWords: number;
  maxUnspacedLength: number;
}

/** A sticker reads best as one iconic thing: animal faces over bodies, short names over long ones. */
function prior(e: IndexedEmoji): number {
  const words = e.slug.split("-").length;
  let p = -0.15 * (words - 1);
  if (e.group === 3 && e.slug.endsWith("-face")) p += 1.2;
  if (e.group === 8) p -= 0.5;
  return p;
}

/** The emoji group of food and drink (emojibase's group 4). */
const FOOD_GROUP = 4;

/** Hiragana-only tags are mostly verb and particle pieces (かぶ in かぶった), not nouns. */
const KANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;

function build(): KeywordIndex {
  const store = artStore();
  const hits = new Map<string, Hit[]>();
  const add = (keyword: string, hit: Hit, normalized?: string) => {
    const key = normalized ?? normalizeText(keyword);
    if (!key) return;
    const list = hits.get(key);
    if (list) list.push(hit);
    else hits.set(key, [hit]);
  };
  const translations = new Map<string, string>();
  for (const table of [AR_WORDS, ID_WORDS]) {
    for (const [word, en] of Object.entries(table)) translations.set(normalizeText(word.replace(/_/g, " ")), en);
  }
  for (const e of store.emoji) {
    for (const [locale, words] of Object.entries(e.words)) {
      let label = "";
      words.forEach((w, i) => {
        // Hindi labels are lists ("कॉफ़ी, भाप वाला गर्म पेय"): each part names the emoji.
        for (const part of w.includes(",") || w.includes("،") || w.includes("、") ? w.split(/[,،、]/) : [w]) {
          const key = normalizeText(part);
          if (i === 0) label += ` ${key}`;
          // People's tags are mostly verbs ("andando" of 🚶‍♀️): they name the person only as its label.
          // In Chinese, Japanese and Korean a tag of two or more characters is a noun (幽灵 of 👻).
          const named =
            i === 0 ||
            (locale !== "ar" && e.group === 3) ||
            (e.group !== 1 &&
              key.length >= 2 &&
              (label.includes(key.slice(0, 4)) || (UNSPACED.test(key) && !KANA_ONLY.test(key))));
          // The reviewed Arabic and Indonesian hand tables keep their words (CLDR's فنجان is a sake cup).
          if ((locale === "ar" || locale === "id") && translations.has(key)) continue;
          add(part, { slug: e.slug, quality: i === 0 ? 3 : 2, locale, named }, key);
        }
      });
    }
  }
  for (const [word, slug] of Object.entries(EN_SUBJECTS)) {
    if (store.bySlug.has(slug)) add(word.replace(/_/g, " "), { slug, quality: 6, locale: "en", named: true });
  }

  for (const [word, en] of Object.entries({ ...MOOD_WORDS, ...HAN_WORDS })) {
    const slug = EN_SUBJECTS[en];
    if (slug) add(word, { slug, quality: 6, locale: "any", named: true });
  }

  // Everyday words CLDR lacks, per language; their value is an English hand word or a slug.
  for (const [locale, table] of Object.entries(HAND_WORDS)) {
    for (const [word, value] of Object.entries(table)) {
      const slug = EN_SUBJECTS[value] ?? (store.bySlug.has(value) ? value : null);
      if (slug) add(word, { slug, quality: 6, locale, handLocale: locale, named: true });
    }
  }

  // Breeds, species, varieties and kinds (decision 0048): only words nothing above knows, as names.
  for (const [word, slug] of Object.entries(store.kinds)) {
    const key = normalizeText(word);
    // A dish whose last word already draws it ("apple pie") stays the prompt's own modifier and
    // head, so its flavour is still drawn beside it.
    const head = hits.get(key.split(" ").at(-1) ?? "");
    if (key.includes(" ") && store.bySlug.get(slug)?.group === FOOD_GROUP && head?.some((h) => h.slug === slug)) continue;
    if (key && !hits.has(key) && store.bySlug.has(slug)) add(word, { slug, quality: 3, locale: "en", named: true }, key);
  }

  const priors = new Map(store.emoji.map((e) => [e.slug, prior(e)]));

  const stems = new Map<string, string[]>();
  let maxPhraseWords = 1;
  let maxUnspacedLength = 1;
  for (const key of hits.keys()) {
    const words = key.split(" ").length;
    maxPhraseWords = Math.max(maxPhraseWords, Math.min(words, 4));
    if (words === 1) {
      maxUnspacedLength = Math.max(maxUnspacedLength, Math.min([...key].length, 8));
      if (key.length >= 4) {
        const stem = key.slice(0, 4);
        const list = stems.get(stem);
        if (list) list.push(key);
        else stems.set(stem, [key]);
      }
    }
  }
  const memo = new Map<string, KeywordHit | null>();
  const localeMemo = new Map<string, ReadonlySet<string>>();
  const none: ReadonlySet<string> = new Set();
  const rank = (list: Hit[], locale: string | undefined): KeywordHit | null => {
    let found: KeywordHit | null = null;
    const isLabel = list.some((h) => h.quality >= 3);
    // Generic words ("animal", "face") name many emoji and should not outrank a specific one.
    const generic = Math.log2(new Set(list.map((h) => h.slug)).size) * 0.3;
    for (const h of list) {
      const foreignHand = h.handLocale && locale && h.handLocale !== locale && h.handLocale !== "en" ? 3.5 : 0;
      const score = h.quality + (priors.get(h.slug) ?? 0) + (h.locale === locale ? 0.3 : 0) - generic - foreignHand;
      if (!found || score > found.score) found = { slug: h.slug, score, isLabel, named: h.named, fromHand: h.quality >= 6 };
    }
    return found;
  };

  return {
    maxPhraseWords,
    maxUnspacedLength,
    has: (keyword) => hits.has(keyword),
    translate: (word) => translations.get(word) ?? null,
    slugOf: (value) => EN_SUBJECTS[value] ?? (store.bySlug.has(value) ? value : null),
    best(keyword, locale) {
      const memoKey = `${locale ?? ""}|${keyword}`;
      const known = memo.get(memoKey);
      if (known !== undefined) return known;
      const list = hits.get(keyword);
      const found = list ? rank(list, locale) : null;
      if (memo.size > 5000) memo.clear();
      memo.set(memoKey, found);
      return found;
    },
    own(keyword, locale) {
      const memoKey = `own|${locale}|${keyword}`;
      const known = memo.get(memoKey);
      if (known !== undefined) return known;
      // The language decides what the word can mean; every language's data how well it names each.
      const all = hits.get(keyword) ?? [];
      const meanings = new Set(all.filter((h) => h.locale === locale || h.locale === "any").map((h) => h.slug));
      const found = all.some((h) => h.locale === locale)
        ? rank(
            all.filter((h) => meanings.has(h.slug)),
            locale,
          )
        : null;
      if (memo.size > 5000) memo.clear();
      memo.set(memoKey, found);
      return found;
    },
    localesOf(keyword) {
      const known = localeMemo.get(keyword);
      if (known) return known;
      const list = hits.get(keyword);
      const locales = list ? new Set(list.map((h) => h.locale)) : none;
      if (localeMemo.size > 5000) localeMemo.clear();
      localeMemo.set(keyword, locales);
      return locales;
    },
    stemMatch(word) {
      if ([...word].length < 5) return null;
      const candidates = stems.get(word.slice(0, 4));
      if (!candidates) return null;
      // The longest shared prefix wins; it must cover all but a short inflection of both words.
      let best: string | null = null;
      let bestRank = -Infinity;
      for (const c of candidates) {
        let shared = 0;
        while (shared < c.length && shared < word.length && c[shared] === word[shared]) shared++;
        const okWord = word.length - shared <= 3;
        const okKey = c.length - shared <= 3;
        // Longest shared prefix first, then the closest length ("hunde" → "hund", not "hundred").
        const rank = shared * 10 - Math.abs(c.length - word.length);
        if (okWord && okKey && shared >= Math.max(4, word.length - 3) && rank > bestRank) {
          best = c;
          bestRank = rank;
        }
      }
      return best;
    },
  };
}

let index: KeywordIndex | null = null;

export function keywordIndex(): KeywordIndex {
  index ??= build();
  return index;
}
