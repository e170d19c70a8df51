/**
 * The subject concepts stickers are tagged with, and their words in the 14 languages (decision 0030).
 * Read once per process, on first use, from the art index the generator already keeps
 * (`node_modules/.cache/sticker-art/index.json`, ~2 MB: emojibase labels and keywords per language) and
 * the Arabic hand table — never the generator's lexicon. Only the processes that tag stickers (the
 * worker, the first-start seed, the backfill) load it; search itself reads the `tag_terms` table.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LANGUAGES } from "#common/languages.ts";
import { AR_WORDS, ART_CACHE_DIR, type ArtIndex, type IndexedEmoji } from "../generation/index.ts";

export interface SubjectConcept {
  /** The tag's URL slug: the emoji slug, with "cat-face" folded into "cat". */
  slug: string;
  /** Display name per language (the emoji's label; English where a language has none). */
  names: Record<string, string>;
  /** Every word that finds it, with 2 for a name and 1 for a keyword. */
  terms: Map<string, number>;
}

export interface SubjectVocabulary {
  concept(slugOrEmojiSlug: string): SubjectConcept | null;
  /** Concept slugs whose names appear in the text, in order of appearance, at most `max`. */
  subjectsOfText(text: string, max?: number): string[];
}

/** Subjects per sticker: the main thing drawn and what stands beside it, not every word. */
export const MAX_SUBJECTS_PER_STICKER = 4;

const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const NON_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
/** Longest name, in words or unspaced characters, looked for in a prompt. */
const MAX_PHRASE = 4;

/** The same folding the database's search_fold does, near enough for matching names in a prompt. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .trim();
}

let loaded: SubjectVocabulary | null = null;

export function subjectVocabulary(): SubjectVocabulary {
  loaded ??= buildVocabulary(readArtIndex());
  return loaded;
}

function readArtIndex(): IndexedEmoji[] {
  const file = fileURLToPath(new URL(`../../${ART_CACHE_DIR}/index.json`, import.meta.url));
  // Without the art cache (never built on this machine) nothing is tagged; the backfill catches up later.
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as ArtIndex).emoji;
}

/** Animal faces read as the animal: "cat-face" is the concept "cat" when the emoji "cat" exists. */
function conceptSlugOf(slug: string, known: ReadonlySet<string>): string {
  const base = slug.endsWith("-face") ? slug.slice(0, -"-face".length) : slug;
  return base !== slug && known.has(base) ? base : slug;
}

export function buildVocabulary(emoji: readonly IndexedEmoji[]): SubjectVocabulary {
  const known = new Set(emoji.map((e) => e.slug));
  const concepts = new Map<string, SubjectConcept>();
  /** Folded name → concept slugs, for finding subjects in a prompt. */
  const byName = new Map<string, string[]>();
  const addName = (name: string, slug: string) => {
    const key = foldText(name);
    if (!key) return;
    const list = byName.get(key);
    if (!list) byName.set(key, [slug]);
    else if (!list.includes(slug)) list.push(slug);
  };
  // The plain emoji first, so a folded concept ("cat") takes its names from "cat", not "cat face".
  const ordered = [...emoji].sort((a, b) => Number(a.slug.endsWith("-face")) - Number(b.slug.endsWith("-face")));
  for (const e of ordered) {
    const slug = conceptSlugOf(e.slug, known);
    let concept = concepts.get(slug);
    if (!concept) {
      concept = { slug, names: {}, terms: new Map() };
      concepts.set(slug, concept);
    }
    for (const [locale, words] of Object.entries(e.words)) {
      words.forEach((word, i) => {
        const term = foldText(word);
        if (!term) return;
        const quality = i === 0 ? 2 : 1;
        if ((concept.terms.get(term) ?? 0) < quality) concept.terms.set(term, quality);
        if (i === 0) {
          concept.names[locale] ??= word;
          addName(word, slug);
        }
      });
    }
    if (e.slug !== slug) concepts.set(e.slug, concept);
  }
  // Arabic: the hand table maps everyday words to English names.
  for (const [arabic, english] of Object.entries(AR_WORDS)) {
    for (const slug of byName.get(foldText(english)) ?? []) {
      const concept = concepts.get(slug);
      if (!concept) continue;
      concept.names.ar ??= arabic;
      concept.terms.set(foldText(arabic), 2);
      addName(arabic, slug);
    }
  }
  for (const concept of new Set(concepts.values())) {
    for (const language of LANGUAGES) concept.names[language] ??= concept.names.en ?? concept.slug.replace(/-/g, " ");
  }

  function subjectsOfText(text: string, max = MAX_SUBJECTS_PER_STICKER): string[] {
    const found: string[] = [];
    const take = (key: string) => {
      for (const slug of byName.get(key) ?? []) if (!found.includes(slug)) found.push(slug);
    };
    const folded = foldText(text);
    // Spaced scripts: single words and phrases of up to MAX_PHRASE words, longest first.
    const words = folded.replace(UNSPACED_RUN, " ").replace(NON_WORD, " ").split(" ").filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      for (let n = Math.min(MAX_PHRASE, words.length - i); n >= 1; n--) {
        const phrase = words.slice(i, i + n).join(" ");
        // A plural of a name ("cats", "foxes"): the generator's lexicon knows more, this covers the common case.
        const key = byName.has(phrase)
          ? phrase
          : [phrase.replace(/e?s$/, ""), phrase.replace(/s$/, "")].find((k) => byName.has(k));
        if (key) {
          take(key);
          i += n - 1;
          break;
        }
      }
    }
    // Unspaced scripts: the longest known name at each position.
    for (const run of folded.match(UNSPACED_RUN) ?? []) {
      const chars = [...run];
      for (let i = 0; i < chars.length; i++) {
        for (let n = Math.min(MAX_PHRASE, chars.length - i); n >= 1; n--) {
          const key = chars.slice(i, i + n).join("");
          if (byName.has(key)) {
            take(key);
            i += n - 1;
            break;
          }
        }
      }
    }
    return found.slice(0, max);
  }

  return {
    concept: (slug) => concepts.get(slug) ?? concepts.get(conceptSlugOf(slug, known)) ?? null,
    subjectsOfText,
  };
}
