/**
 * English prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const en: WordList = {
  language: "en",
  matching: "words",
  sexual: [
    "porn*",
    "nsfw",
    "hentai",
    "sex",
    "nude",
    "nudes",
    "nudity",
    "genitals",
    "genitalia",
    "penis*",
    "vagina*",
    "boobs",
    "erotic",
    "erotica",
    "blowjob*",
    "handjob*",
    "cumshot*",
    "dildo*",
    "orgy",
    "orgies",
    "gangbang*",
    "bukkake",
    "masturbat*",
    "topless",
    "striptease",
    "rape",
    "rapes",
    "raped",
    "raping",
    "rapist*",
    "naked person",
    "naked people",
    "naked woman",
    "naked women",
    "naked man",
    "naked men",
    "naked girl*",
    "naked boy*",
    "naked body",
    "naked lady",
    "naked ladies",
  ],
  minors: ["loli", "lolis", "lolicon", "shota", "shotacon", "pedo", "pedos", "pedophil*", "paedophil*", "jailbait", "csam"],
  violence: ["beheading*", "beheaded", "decapitat*", "dismember*", "disembowel*", "snuff film*", "guro", "blood and gore"],
  hate: ["nazi", "nazis", "heil hitler", "sieg heil", "nigger*", "faggot*", "kike", "kikes", "wetback*", "white power"],
  selfHarm: ["kill myself", "killing myself", "suicide method*", "how to commit suicide", "how to self harm", "cutting myself"],
};
