/**
 * Finds the first listed word or phrase in a prompt (decision 0032): every language's list against
 * the folded prompt, words for spaced scripts and substrings for scripts without spaces.
 */
import { compactText, foldedWords, foldText } from "./fold.ts";
import { CATEGORIES, type Category, type WordList } from "./word-list.ts";
import { WORD_LISTS } from "./words/index.ts";

interface WordPattern {
  /** Letters that must begin (or, with `anyStart`, appear in) the word. */
  text: string;
  /** A stem: any ending is allowed. */
  anyEnd: boolean;
  /** Letters may come before it too. */
  anyStart: boolean;
}

interface Rule {
  language: string;
  category: Category;
  entry: string;
  /** A phrase's words (one for a single word); empty for a substring rule. */
  words: WordPattern[];
  /** The folded string of a substring rule. */
  substring: string;
}

export interface BlockedMatch {
  language: string;
  category: Category;
  entry: string;
}

function patternOf(word: string): WordPattern {
  const anyStart = word.startsWith("*");
  const anyEnd = word.endsWith("*");
  return { text: word.replace(/^\*|\*$/g, ""), anyStart, anyEnd };
}

function wordMatches(pattern: WordPattern, word: string): boolean {
  if (pattern.anyStart) return pattern.anyEnd ? word.includes(pattern.text) : word.endsWith(pattern.text);
  return pattern.anyEnd ? word.startsWith(pattern.text) : word === pattern.text;
}

/** A list compiled once: entries folded the same way as prompts. */
interface CompiledList {
  rules: Rule[];
  allowedWords: WordPattern[];
  allowedSubstrings: string[];
}

export function compileList(list: WordList): CompiledList {
  const rules: Rule[] = [];
  for (const category of CATEGORIES) {
    for (const entry of list[category]) {
      const folded = foldText(entry).trim();
      if (list.matching === "substrings")
        rules.push({ language: list.language, category, entry, words: [], substring: compactText(folded) });
      else rules.push({ language: list.language, category, entry, words: folded.split(/\s+/).map(patternOf), substring: "" });
    }
  }
  const allowed = (list.allowed ?? []).map((entry) => foldText(entry).trim());
  return {
    rules,
    allowedWords: list.matching === "words" ? allowed.map(patternOf) : [],
    allowedSubstrings: list.matching === "substrings" ? allowed.map(compactText) : [],
  };
}

const COMPILED = WORD_LISTS.map(compileList);
const ALLOWED_WORDS = COMPILED.flatMap((list) => list.allowedWords);
/** Longest first, so an allowed word is taken out whole before a shorter one inside it. */
const ALLOWED_SUBSTRINGS = COMPILED.flatMap((list) => list.allowedSubstrings).sort((a, b) => b.length - a.length);
const RULES = COMPILED.flatMap((list) => list.rules);
/** Whole single words (most entries) are looked up; stems, phrases and substrings are scanned. */
const WHOLE_WORDS = new Map<string, Rule>();
for (const rule of RULES) {
  const [only] = rule.words;
  if (rule.words.length === 1 && only && !only.anyStart && !only.anyEnd && !WHOLE_WORDS.has(only.text))
    WHOLE_WORDS.set(only.text, rule);
}
const SCANNED = RULES.filter((rule) => !(rule.words.length === 1 && WHOLE_WORDS.get(rule.words[0]?.text ?? "") === rule));

function phraseAt(words: string[][], start: number, phrase: WordPattern[]): boolean {
  return phrase.every((pattern, offset) => words[start + offset]?.some((word) => wordMatches(pattern, word)) ?? false);
}

function matchOf(rule: Rule): BlockedMatch {
  return { language: rule.language, category: rule.category, entry: rule.entry };
}

/** The first rule a prompt breaks, or null. */
export function findBlocked(prompt: string): BlockedMatch | null {
  const folded = foldText(prompt);
  // An allowed word ("누드김밥", "ヌードル") is innocent as a whole: it leaves the prompt before matching.
  const words = foldedWords(folded)
    .map((variants) => [...variants])
    .filter((variants) => !ALLOWED_WORDS.some((pattern) => variants.some((word) => wordMatches(pattern, word))));
  for (const variants of words) {
    for (const word of variants) {
      const rule = WHOLE_WORDS.get(word);
      if (rule) return matchOf(rule);
    }
  }
  let compact = compactText(folded);
  for (const allowed of ALLOWED_SUBSTRINGS) compact = compact.split(allowed).join(" ");
  for (const rule of SCANNED) {
    const hit =
      rule.words.length === 0
        ? rule.substring !== "" && compact.includes(rule.substring)
        : words.some((_, start) => phraseAt(words, start, rule.words));
    if (hit) return matchOf(rule);
  }
  return null;
}
