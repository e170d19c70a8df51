/**
 * Bengali prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

// নগ্ন also means bare (a bare tree): only with a person or picture.
export const bn: WordList = {
  language: "bn",
  matching: "words",
  sexual: [
    "অশ্লীল",
    "পর্ন*",
    "পর্নোগ্রাফি*",
    "নগ্ন নারী",
    "নগ্ন মহিলা",
    "নগ্ন মেয়ে",
    "নগ্ন পুরুষ",
    "নগ্ন ছবি",
    "নগ্ন শরীর",
    "ধর্ষণ*",
    "ধর্ষক*",
    "ধর্ষিত*",
    "সেক্স",
  ],
  minors: ["শিশু পর্নোগ্রাফি*", "শিশু যৌন নির্যাতন"],
  violence: ["শিরচ্ছেদ*", "মাথা কেটে ফেলা", "লাশ টুকরো"],
  hate: ["নাৎসি*", "নাজি"],
  selfHarm: ["আত্মহত্যার উপায়", "কীভাবে আত্মহত্যা", "আত্মহত্যা করার উপায়"],
};
