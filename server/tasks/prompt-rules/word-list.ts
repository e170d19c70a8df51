/**
 * The shape of one language's word list (words/{language}.ts, decision 0032). Every list is checked
 * against every prompt, whatever the interface language.
 *
 * Lists of languages written with spaces (`matching: "words"`) hold whole words:
 * - `sex` is that word alone ("Essex", "Sussex" and "sexte" pass);
 * - `porn*` is a stem: the word and any ending ("porno", "pornography");
 * - `*porno*` also allows letters before it (German compounds: "Kinderporno");
 * - `naked woman` is a phrase: those words one after the other (each may be a stem).
 * Lists of languages written without spaces (`matching: "substrings"`) hold strings found anywhere in
 * the prompt's letters. `allowed` names innocent words (or strings) that contain a listed one, e.g.
 * "ヌードル" (noodles) around "ヌード": they are taken out before matching.
 */
export interface WordList {
  language: string;
  matching: "words" | "substrings";
  sexual: string[];
  /** Sexual content involving minors. */
  minors: string[];
  /** Extreme violence and gore. */
  violence: string[];
  /** Hate symbols and slurs. */
  hate: string[];
  /** Instructions for self-harm (asking how), never the subject itself. */
  selfHarm: string[];
  allowed?: string[];
}

export const CATEGORIES = ["sexual", "minors", "violence", "hate", "selfHarm"] as const;
export type Category = (typeof CATEGORIES)[number];
