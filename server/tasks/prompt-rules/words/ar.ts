/**
 * Arabic prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

// Arabic writes "the", "and", "with" onto the word (../fold.ts reads the word without them too), and
// endings vary, so nouns are stems. "جنس" (also gender, kind) and "جنسية" (nationality) stay out.
export const ar: WordList = {
  language: "ar",
  matching: "words",
  sexual: ["إباحي*", "بورنو*", "سكس", "عاري", "عارية", "عراة", "اغتصاب*", "مغتصب*", "جنس صريح", "صور عارية"],
  minors: ["تحرش بالأطفال", "استغلال الأطفال جنسيا", "شهوة الأطفال", "بيدوفيل*"],
  violence: ["قطع الرأس", "قطع رأس", "ذبح إنسان", "تقطيع الجثث", "جثث مقطعة"],
  hate: ["نازي*", "الصليب المعقوف", "صليب معقوف", "هاي هتلر"],
  selfHarm: ["كيف أنتحر", "طرق الانتحار", "طريقة الانتحار"],
};
