/**
 * Hindi prompt rules (decision 0032). Maintaining this list: add only what is clearly unsafe in a sticker
 * prompt in any context; an everyday word that merely contains one of these, or that has an innocent
 * meaning as well, stays out (or goes in `allowed`). Entry syntax is in ../word-list.ts. Every change
 * comes with a blocked and an innocent example in ../prompt-rules.test.ts. Lists are checked against
 * prompts in every language; accents, case, look-alike letters and digits are folded by ../fold.ts,
 * so write each word once, as it is usually spelt.
 */
import type { WordList } from "../word-list.ts";

// The svastika (स्वस्तिक) is a sacred Hindu sign: it is never listed, in any language's list.
export const hi: WordList = {
  language: "hi",
  matching: "words",
  // नग्न, नंगा/नंगी/नंगे also mean bare ("नग्न पेड़" a bare tree, "नंगे पांव" barefoot): only with a person or picture.
  sexual: [
    "अश्लील",
    "पोर्न*",
    "नग्न महिला",
    "नग्न औरत",
    "नग्न लड़की",
    "नग्न पुरुष",
    "नग्न तस्वीर",
    "नग्न फोटो",
    "नग्न शरीर",
    "नंगी लड़की",
    "नंगी औरत",
    "नंगा आदमी",
    "नंगी तस्वीर",
    "बलात्कार*",
    "सेक्स",
    "ब्लू फिल्म",
  ],
  minors: ["बाल यौन शोषण", "चाइल्ड पोर्न*", "पीडोफाइल*"],
  violence: ["सिर कलम", "सर कलम", "क्षत विक्षत शव"],
  hate: ["नाज़ी", "नाजी", "हिटलर की जय"],
  selfHarm: ["आत्महत्या कैसे करें", "आत्महत्या का तरीका", "आत्महत्या के तरीके"],
};
