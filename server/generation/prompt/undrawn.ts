/**
 * The words of a prompt nothing could be drawn for, when they are its subject (decision 0052): "a sad
 * axolotl" plans a crying face for "sad" and nothing for "axolotl". A pack of moods then writes
 * "axolotl" beside each mood's name as the caption rather than eight bare faces, and the create panel
 * says so before the user pays. Reads only the plan the parser returns and, word by word, whether the
 * parser knows a word; it never changes how a prompt is parsed.
 */
import { normalizeText, UNSPACED, wordsOf } from "../lexicon/normalize.ts";
import { isMood } from "./moods.ts";
import { parsePrompt, type StickerPlan } from "./parse-prompt.ts";
import { FILLER_WORDS, POSTFIX_RELATIONS, RELATION_WORDS, UNSPACED_FILLERS } from "./relations.ts";

/** The quotation marks a prompt's own caption sits between (the parser's rule). */
const QUOTED = /["“”„«»「」『』]([^"“”„«»「」『』]{1,60})["“”„«»「」『』]/u;
/** Undrawn words are cut here: they share the caption with the mood's name. */
export const UNDRAWN_MAX_CHARACTERS = 40;
const EDGE_PUNCTUATION = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;
/** Particles left at the edge of an unknown word once a known one is taken out (幸せ|な|ウーパールーパー). */
const EDGE_PARTICLES = ["な", "に", "で", "と"];

/** The caption a prompt gives in quotation marks, or null. */
export function quotedCaption(prompt: string): string | null {
  return QUOTED.exec(prompt)?.[1] ?? null;
}

/** A smiley subject: a face that only shows a feeling, which a mood's face replaces. */
export function isSmiley(slug: string): boolean {
  return isMood(slug) || (/(^|-)face($|-)/.test(slug) && /smil|grin|neutral|face-with|beaming/.test(slug));
}

/** A word that places or joins subjects, or says nothing of them ("a", "very", "with", "and"). */
function isSmallWord(word: string): boolean {
  return FILLER_WORDS.has(word) || RELATION_WORDS.has(word) || POSTFIX_RELATIONS.has(word);
}

/** The parser finds something in this word alone (a subject, a mood, a tag). */
function isKnown(word: string, locale: string | undefined): boolean {
  return parsePrompt(word, locale).matched.length > 0;
}

/** An unspaced run ("一只开心的柯基") without its known words and the particles at their edges. */
function unknownInUnspaced(token: string, locale: string | undefined): string[] {
  const found = parsePrompt(token, locale).matched.map((m) => m.words);
  let parts = [token];
  for (const words of found) parts = parts.flatMap((part) => part.split(words));
  const fillers = [...UNSPACED_FILLERS, ...EDGE_PARTICLES].sort((a, b) => b.length - a.length);
  return parts
    .map((part) => {
      let rest = part;
      for (let changed = true; changed && rest; ) {
        changed = false;
        for (const filler of fillers) {
          if (rest.startsWith(filler)) rest = rest.slice(filler.length);
          else if (rest.endsWith(filler)) rest = rest.slice(0, -filler.length);
          else continue;
          changed = true;
        }
      }
      return rest;
    })
    .filter((part) => [...part].length >= 2);
}

/**
 * The prompt's words that name no drawable thing, as the user wrote them (quoted caption left out), when
 * its plan has no drawable main subject: nothing at all, or only a face standing for a mood word.
 * Null when a thing is drawn, or when every word was understood ("happy" alone is a smiley, as asked).
 */
export function undrawnWords(prompt: string, plan: StickerPlan, locale: string | undefined): string | null {
  const main = plan.subjects[0];
  if (main && !isSmiley(main.slug)) return null;
  const quoted = QUOTED.exec(prompt);
  const rest = (quoted ? prompt.replace(quoted[0], " ") : prompt).normalize("NFC");
  const kept: string[] = [];
  for (const raw of rest.split(/\s+/)) {
    const token = raw.replace(EDGE_PUNCTUATION, "");
    if (!token) continue;
    if (UNSPACED.test(token)) {
      kept.push(...unknownInUnspaced(normalizeText(token), locale));
      continue;
    }
    const words = wordsOf(token).filter((word) => !isSmallWord(word));
    if (words.length === 0 || words.some((word) => isKnown(word, locale))) continue;
    kept.push(token);
  }
  const words = kept.join(" ");
  if (!words) return null;
  const characters = [...words];
  return characters.length > UNDRAWN_MAX_CHARACTERS ? `${characters.slice(0, UNDRAWN_MAX_CHARACTERS - 1).join("")}…` : words;
}
