/**
 * What the offline generator understood of a prompt, in words a person reads (decision 0052): the
 * things it will draw, each with its emoji and its name in the asker's language, and the subject's
 * words it cannot draw. The create panel shows it as the user types, before anything is paid; it runs
 * in the planner's child process (prompt-planner.ts), never in the web process, since it needs the
 * lexicon.
 */
import { artEmojiBySlug } from "../art/art-store.ts";
import { parsePrompt } from "./parse-prompt.ts";
import type { Relation } from "./relations.ts";
import { quotedCaption, undrawnWords } from "./undrawn.ts";

export interface ReadSubject {
  emoji: string;
  /** The thing's name in the asked language (English where the art has none in it). */
  name: string;
  relation: Relation | "main";
}

export interface PromptReading {
  /** What will be drawn, the main subject first; empty when only words will be written. */
  subjects: ReadSubject[];
  /** The subject's words nothing can be drawn for (prompt/undrawn.ts), or null. */
  undrawn: string | null;
  /** Whether those words are written on the sticker as its caption. */
  captioned: boolean;
}

export interface ReadPromptRequest {
  prompt: string;
  locale: string;
  /** A pack of moods (decision 0026): each sticker draws the subject with a mood's face or emblem. */
  pack: boolean;
}

/**
 * An emoji's name in `locale` (the art index's CLDR label; English where it has none): an animal's
 * face is named as the animal ("cat face" is a cat).
 */
export function subjectName(slug: string, locale: string): string {
  const emoji = artEmojiBySlug();
  const base = slug.endsWith("-face") ? emoji.get(slug.slice(0, -"-face".length)) : undefined;
  const named = base ?? emoji.get(slug);
  const name = named?.words[locale]?.[0] ?? named?.words.en?.[0] ?? slug.replace(/-/g, " ");
  // The index keeps words in lower case; German writes its nouns with a capital.
  return locale === "de" ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

function readSubject(slug: string, relation: Relation | "main", locale: string): ReadSubject {
  return { emoji: artEmojiBySlug().get(slug)?.emoji ?? "", name: subjectName(slug, locale), relation };
}

/** The prompt as the offline generator will draw it: one sticker, or each sticker of a pack of moods. */
export function readPrompt({ prompt, locale, pack }: ReadPromptRequest): PromptReading {
  const plan = parsePrompt(prompt, locale);
  const undrawn = undrawnWords(prompt, plan, locale);
  const quoted = quotedCaption(prompt) !== null;
  if (undrawn && pack && !quoted) {
    // Each mood's sticker is its face with the words as the caption (mood-art.ts, planWithMood).
    return { subjects: [], undrawn, captioned: true };
  }
  const subjects = plan.subjects.map((s) => readSubject(s.slug, s.relation, locale));
  // A prompt with nothing drawn is written whole, as one sticker's caption or under each mood's face.
  return { subjects, undrawn, captioned: undrawn !== null && subjects.length === 0 && !quoted };
}
