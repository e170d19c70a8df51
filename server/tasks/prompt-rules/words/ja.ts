/**
 * Japanese prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

export const ja: WordList = {
  language: "ja",
  matching: "substrings",
  sexual: ["ポルノ", "ヌード", "レイプ", "セックス", "エロ画像", "エロ動画", "エロ漫画", "アダルト動画", "全裸", "強姦", "裸体"],
  minors: ["ロリコン", "ショタコン", "児童ポルノ"],
  violence: ["斬首", "バラバラ死体", "首切り死体"],
  hate: ["ナチス", "ハーケンクロイツ", "ハイルヒトラー"],
  selfHarm: ["自殺の方法", "自殺方法"],
  // Noodles hold "ヌード"; English place names hold "セックス".
  allowed: ["ヌードル", "ミドルセックス", "エセックス", "ウェセックス", "サセックス"],
};
