import { AppError } from "#common/errors.ts";
import { PROMPT_MAX_LENGTH } from "#common/tasks.ts";

/**
 * Words that stop a prompt before anything is charged: sexual content, minors in sexual context,
 * and the worst slurs, in the interface languages. Matched on whole words for scripts with spaces
 * and as substrings for scripts without (Chinese, Japanese). Kept short on purpose: the hosted
 * provider applies its own policy as well.
 */
const BLOCKED_WORDS = [
  // en
  "porn",
  "porno",
  "pornography",
  "nude",
  "nudes",
  "naked",
  "nsfw",
  "sex",
  "sexual",
  "rape",
  "rapist",
  "hentai",
  "loli",
  "lolicon",
  "shota",
  "pedo",
  "pedophile",
  "paedophile",
  "genitals",
  "penis",
  "vagina",
  "boobs",
  "nazi",
  "swastika",
  "beheading",
  "gore",
  "nigger",
  "faggot",
  // es / pt / fr / de / id / ru
  "desnudo",
  "desnuda",
  "pornografía",
  "pornografia",
  "violación",
  "estupro",
  "pornographie",
  "nackt",
  "pornografie",
  "vergewaltigung",
  "telanjang",
  "bugil",
  "porno",
  "perkosa",
  "порно",
  "голый",
  "голая",
  "изнасилование",
  // ar / hi / bn / ko
  "إباحي",
  "عاري",
  "اغتصاب",
  "अश्लील",
  "नग्न",
  "बलात्कार",
  "অশ্লীল",
  "নগ্ন",
  "ধর্ষণ",
  "야동",
  "포르노",
  "누드",
  "강간",
];
const BLOCKED_FRAGMENTS = ["色情", "裸体", "裸體", "强奸", "強姦", "強奸", "ポルノ", "ヌード", "レイプ", "エロ"];

const blockedWords = new Set(BLOCKED_WORDS.map((word) => word.toLocaleLowerCase()));

/** Trims and checks a prompt (1–300 characters after trimming, not blocked); returns it normalised. */
export function checkPrompt(raw: string): string {
  const prompt = raw.normalize("NFC").replace(/\s+/g, " ").trim();
  if (prompt.length === 0) throw new AppError("PROMPT_EMPTY");
  if ([...prompt].length > PROMPT_MAX_LENGTH) throw new AppError("PROMPT_TOO_LONG");
  if (isBlocked(prompt)) throw new AppError("PROMPT_BLOCKED");
  return prompt;
}

function isBlocked(prompt: string): boolean {
  const lower = prompt.toLocaleLowerCase();
  if (BLOCKED_FRAGMENTS.some((fragment) => lower.includes(fragment))) return true;
  // Letters and marks of every script count as word characters; anything else separates words.
  return lower.split(/[^\p{L}\p{M}\p{N}]+/u).some((word) => blockedWords.has(word));
}
