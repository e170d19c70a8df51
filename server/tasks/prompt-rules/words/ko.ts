/**
 * Korean prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

// Korean writes particles onto the word ("포르노를"), so most entries are stems.
export const ko: WordList = {
  language: "ko",
  matching: "words",
  sexual: ["야동*", "포르노*", "누드*", "섹스*", "강간*", "성폭행*", "알몸*", "나체*", "음란물*"],
  minors: ["로리콘*", "쇼타콘*", "소아성애*", "아동포르노*", "아동 포르노*"],
  violence: ["참수*", "시체훼손*", "토막살인*"],
  hate: ["나치", "나치즘*", "나치스*", "하켄크로이츠*"],
  selfHarm: ["자살방법*", "자살 방법*", "자살하는 방법*"],
  // Nude gimbap is a dish.
  allowed: ["누드김밥*"],
};
