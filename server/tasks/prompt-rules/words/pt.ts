/**
 * Portuguese prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const pt: WordList = {
  language: "pt",
  matching: "words",
  sexual: [
    "porn*",
    "nudez",
    "mulher nua",
    "mulheres nuas",
    "homem nu",
    "menina nua",
    "menino nu",
    "corpo nu",
    "fotos nuas",
    "sexo explícito",
    "sexo oral",
    "sexo anal",
    "fazendo sexo",
    "estupr*",
  ],
  minors: ["pedofil*", "pornografia infantil"],
  violence: ["decapita*", "esquartej*"],
  hate: ["nazista*", "suástica nazista", "heil hitler"],
  selfHarm: ["como me matar", "como cometer suicídio", "métodos de suicídio"],
};
