/**
 * Mood words become decorations around another subject ("sleepy panda" → panda + zzz,
 * "cool dog" → sunglasses on the dog's eyes). Keyed by the emoji a mood word resolves to, so the
 * same rule serves every language.
 */
export type Placement = "top-right" | "top-left" | "bottom-left" | "bottom-right" | "eyes" | "head";

export interface Decoration {
  slug: string;
  at: Placement;
  /** Size relative to the main subject. */
  scale: number;
}

const d = (slug: string, at: Placement, scale = 0.3): Decoration => ({ slug, at, scale });

const SLEEPY = [d("zzz", "top-right", 0.34)];
const COOL = [d("sunglasses", "eyes", 0.66)];
const ANGRY = [d("anger-symbol", "top-right", 0.3)];
const SAD = [d("droplet", "top-left", 0.22)];
const LOVE = [d("red-heart", "top-right", 0.26), d("sparkling-heart", "top-left", 0.2)];
const HAPPY = [d("sparkles", "top-right", 0.3), d("sparkles", "bottom-left", 0.2)];
const PARTY = [d("party-popper", "bottom-left", 0.32), d("confetti-ball", "top-right", 0.3)];
const LAUGH = [d("face-with-tears-of-joy", "top-right", 0.26)];
const SURPRISE = [d("red-exclamation-mark", "top-right", 0.3)];
const THINK = [d("thought-balloon", "top-right", 0.32)];

export const MOOD_DECORATIONS: ReadonlyMap<string, Decoration[]> = new Map([
  ["sleeping-face", SLEEPY],
  ["sleepy-face", SLEEPY],
  ["yawning-face", SLEEPY],
  ["zzz", SLEEPY],
  ["smiling-face-with-sunglasses", COOL],
  ["enraged-face", ANGRY],
  ["angry-face", ANGRY],
  ["face-with-symbols-on-mouth", ANGRY],
  ["crying-face", SAD],
  ["loudly-crying-face", SAD],
  ["pensive-face", SAD],
  ["disappointed-face", SAD],
  ["sad-but-relieved-face", SAD],
  ["red-heart", LOVE],
  ["smiling-face-with-heart-eyes", LOVE],
  ["smiling-face-with-hearts", LOVE],
  ["face-blowing-a-kiss", LOVE],
  ["grinning-face", HAPPY],
  ["grinning-face-with-smiling-eyes", HAPPY],
  ["grinning-face-with-big-eyes", HAPPY],
  ["beaming-face-with-smiling-eyes", HAPPY],
  ["smiling-face-with-smiling-eyes", HAPPY],
  ["star-struck", HAPPY],
  ["sparkles", HAPPY],
  ["partying-face", PARTY],
  ["party-popper", PARTY],
  ["confetti-ball", PARTY],
  ["face-with-tears-of-joy", LAUGH],
  ["rolling-on-the-floor-laughing", LAUGH],
  ["astonished-face", SURPRISE],
  ["face-screaming-in-fear", SURPRISE],
  ["thinking-face", THINK],
  ["hot-face", [d("fire", "bottom-left", 0.3)]],
  ["cold-face", [d("snowflake", "top-right", 0.28)]],
  ["face-savoring-food", [d("fork-and-knife", "bottom-left", 0.3)]],
]);

/** Things that sit on a subject rather than beside it. */
export const WEARABLES: ReadonlyMap<string, Placement> = new Map([
  ["sunglasses", "eyes"],
  ["glasses", "eyes"],
  ["goggles", "eyes"],
  ["top-hat", "head"],
  ["billed-cap", "head"],
  ["crown", "head"],
  ["womans-hat", "head"],
  ["graduation-cap", "head"],
  ["rescue-workers-helmet", "head"],
  ["military-helmet", "head"],
  ["ribbon", "head"],
  ["headphone", "head"],
]);

/** Smileys draw their own mood; with a subject beside them they decorate it instead. */
export function isMood(slug: string): boolean {
  return MOOD_DECORATIONS.has(slug);
}
