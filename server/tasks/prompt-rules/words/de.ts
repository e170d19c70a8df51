/**
 * German prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

// German joins words ("Kinderporno"), so some entries allow letters before them. "Nacktschnecke" (slug)
// and "Nacktmull" (naked mole rat) pass: only the whole words are listed.
export const de: WordList = {
  language: "de",
  matching: "words",
  sexual: [
    "*porno*",
    "*pornografie",
    "nackt",
    "nacktbild*",
    "nacktfoto*",
    "nacktheit",
    "nackte frau",
    "nackte frauen",
    "nackter mann",
    "nacktes mädchen",
    "vergewaltig*",
    "sexbild*",
  ],
  minors: ["pädophil*", "kinderporn*", "kinderschänder*"],
  violence: ["enthaupt*", "zerstückelt*", "leichenteile"],
  hate: ["nazi", "nazis", "hakenkreuz*", "sieg heil", "heil hitler", "judensau"],
  selfHarm: ["wie bringe ich mich um", "selbstmord anleitung", "suizid anleitung"],
};
