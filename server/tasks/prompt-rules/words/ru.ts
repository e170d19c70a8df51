/**
 * Russian prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const ru: WordList = {
  language: "ru",
  matching: "words",
  sexual: [
    "порн*",
    "секс",
    "секса",
    "сексом",
    "хентай",
    "голая девушка",
    "голая женщина",
    "голые женщины",
    "голый мужчина",
    "голые девушки",
    "обнаженн*",
    "изнасил*",
    "насильник*",
  ],
  minors: ["педофил*", "лоликон*", "детское порно"],
  violence: ["обезглавл*", "расчлен*"],
  hate: ["нацист*", "свастик*", "хайль гитлер", "зиг хайль", "жид", "жиды", "пидор*"],
  selfHarm: ["как покончить с собой", "способы суицида", "способы самоубийства"],
};
