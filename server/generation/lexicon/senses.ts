/**
 * Words with more than one drawable sense (decision 0028): the first sense is the default, another is
 * taken when one of its cue words appears elsewhere in the prompt ("a bat hanging in a cave" → the
 * animal, "a bat and a ball" → the club). Senses are English hand words of hand-en.ts or emoji slugs;
 * cues are compared by prefix, so "baseballs" and "cricket's" still count.
 */
export interface Sense {
  sense: string;
  cues: string[];
  /** Cues that are part of this sense's picture ("a bat and a ball" is one baseball), not a second subject. */
  absorbs?: string[];
}

export const SENSES: Record<string, Sense[]> = {
  bat: [
    { sense: "bat", cues: [] },
    {
      sense: "baseball",
      cues: ["baseball", "ball", "swing", "hit", "homerun", "pitch", "softball"],
      absorbs: ["ball", "baseball"],
    },
    { sense: "cricket-game", cues: ["cricket", "wicket", "batsman", "batter"], absorbs: ["cricket"] },
  ],
  mouse: [
    { sense: "mouse", cues: [] },
    { sense: "computer-mouse", cues: ["computer", "laptop", "click", "keyboard", "pc", "desk"] },
  ],
  seal: [
    { sense: "seal", cues: [] },
    { sense: "envelope", cues: ["letter", "wax", "stamp", "envelope"] },
  ],
  crane: [
    { sense: "crane", cues: [] },
    { sense: "building-construction", cues: ["construction", "building", "site", "lift"] },
  ],
  orange: [
    { sense: "tangerine", cues: [] },
    { sense: "", cues: ["cat", "car", "shirt", "hat", "dress", "sky", "ball"] },
  ],
  taco: [
    { sense: "taco", cues: [] },
    { sense: "baseball", cues: ["beisebol", "baseball", "basebol"] },
    { sense: "billiards", cues: ["bilhar", "sinuca", "billar"] },
  ],
  schläger: [
    { sense: "", cues: [] },
    { sense: "baseball", cues: ["baseball"] },
    { sense: "tennis", cues: ["tennis"] },
  ],
  лук: [
    { sense: "onion", cues: [] },
    { sense: "bow-and-arrow", cues: ["стрел", "лучник", "охот"] },
  ],
  苹果: [
    { sense: "red-apple", cues: [] },
    { sense: "mobile-phone", cues: ["手机", "电脑", "手機", "電腦"] },
  ],
  배: [
    { sense: "pear", cues: [] },
    { sense: "ship", cues: ["바다", "항구", "타는", "강", "선장"] },
  ],
  glace: [
    { sense: "ice cream", cues: [] },
    { sense: "ice", cues: ["glaçon", "glaçons", "froid", "patin", "hockey"] },
  ],
  // French "lit" is a bed, and also "reads" after "qui": "hibou qui lit un livre".
  lit: [
    { sense: "bed", cues: [] },
    { sense: "", cues: ["qui", "livre", "journal", "lettre"] },
  ],
  // A bow is a ribbon, part of a gift's picture, or the archer's weapon.
  bow: [
    { sense: "ribbon", cues: [] },
    { sense: "", cues: ["gift", "present", "box"] },
    { sense: "bow-and-arrow", cues: ["arrow", "archer", "hunt"] },
  ],
  kiwi: [
    { sense: "kiwi-fruit", cues: [] },
    { sense: "bird", cues: ["bird", "oiseau", "vogel", "pájaro", "pássaro", "птица", "burung", "zealand"] },
  ],
};
