/**
 * Simplified Chinese prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const zh: WordList = {
  language: "zh",
  matching: "substrings",
  sexual: ["色情", "裸体", "裸照", "黄片", "淫秽", "做爱", "强奸", "轮奸", "迷奸", "性侵"],
  minors: ["恋童", "萝莉控", "正太控", "儿童色情"],
  violence: ["斩首", "砍头", "碎尸", "肢解"],
  hate: ["纳粹", "希特勒万岁"],
  selfHarm: ["自杀方法", "如何自杀", "怎么自杀"],
  // "做爱心" (doing charity) holds "做爱"; "红色情人节" (a red Valentine's Day) and "颜色情绪" (colour
  // moods) hold "色情" across two words.
  allowed: ["做爱心", "色情人节", "色情绪"],
};
