/**
 * Indonesian prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

// Indonesian puts prefixes before the word ("diperkosa", "memperkosa"), so some entries allow them.
// "seksi" (a section, or "sexy") and "mata telanjang" (the naked eye) pass.
export const id: WordList = {
  language: "id",
  matching: "words",
  sexual: [
    "porn*",
    "bokep",
    "bugil",
    "seks",
    "wanita telanjang",
    "perempuan telanjang",
    "pria telanjang",
    "cewek telanjang",
    "foto telanjang",
    "tubuh telanjang",
    "*perkosa*",
    "pemerkosa*",
    "memerkosa*",
    "ngentot*",
  ],
  minors: ["pedofil*", "pornografi anak"],
  violence: ["penggal kepala", "dipenggal", "pemenggalan", "mutilasi"],
  hate: ["nazi", "swastika nazi", "heil hitler"],
  selfHarm: ["cara bunuh diri", "cara untuk bunuh diri"],
};
