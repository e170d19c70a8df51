/**
 * Traditional Chinese prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const zhTW: WordList = {
  language: "zh-TW",
  matching: "substrings",
  sexual: ["色情", "裸體", "裸照", "淫穢", "做愛", "強姦", "強暴", "輪姦", "迷姦", "性侵"],
  minors: ["戀童", "蘿莉控", "正太控", "兒童色情"],
  violence: ["斬首", "砍頭", "碎屍", "肢解"],
  hate: ["納粹", "希特勒萬歲"],
  selfHarm: ["自殺方法", "如何自殺", "怎麼自殺"],
  // "做愛心" (doing charity) holds "做愛"; "紅色情人節" (a red Valentine's Day) and "顏色情緒" (colour
  // moods) hold "色情" across two words.
  allowed: ["做愛心", "色情人節", "色情緒"],
};
