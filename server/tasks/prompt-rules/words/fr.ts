/**
 * French prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const fr: WordList = {
  language: "fr",
  matching: "words",
  sexual: [
    "porn*",
    "nudité",
    "femme nue",
    "femmes nues",
    "homme nu",
    "fille nue",
    "garçon nu",
    "corps nu",
    "sexe explicite",
    "viol",
    "viols",
    "violée",
    "violées",
    "violeur*",
  ],
  minors: ["pédophil*", "pédopornograph*"],
  violence: ["décapité*", "décapitation*", "démembré*"],
  hate: ["nazi", "nazis", "croix gammée", "bougnoule*"],
  selfHarm: ["comment me suicider", "comment se suicider", "méthodes de suicide"],
};
