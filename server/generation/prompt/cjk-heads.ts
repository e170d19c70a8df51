/**
 * Word formation in the unspaced scripts (decision 0053): Han head characters (锦鲤 is a kind of 鲤,
 * a fish), endearment suffixes (企鹅宝宝, ワンちゃん), reduplication (鴨鴨), counters (一朵, 一輪,
 * 한 송이) and the possessives の and 의. Rules over characters, not lists of compounds: the parser's
 * scan of an unspaced token asks these at each position (parse-prompt.ts, scanUnspaced).
 */

import { artEmojiBySlug } from "../art/art-store.ts";
import type { KeywordIndex } from "../lexicon/keyword-index.ts";
import { HAN } from "../lexicon/normalize.ts";

/**
 * Han characters that name a drawable kind when they end a word, and the emoji of that kind. Chinese
 * and Japanese name kinds by their last character: 柯基犬 and 柴犬 are dogs, 锦鲤 a carp, 巴西龜 a
 * turtle, 牛肉麵 noodles, 滷肉飯 rice, 雛菊 a flower, 货车 a vehicle. A character that also ends common
 * words of another sense is left out (面 of 里面, 粉 of 奶粉).
 */
export const HAN_HEADS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    "dog-face": "犬狗",
    "cat-face": "猫貓",
    "tropical-fish": "鱼魚鲤鯉鲨鯊",
    bird: "鸟鳥雀",
    parrot: "鹉鵡",
    duck: "鸭鴨",
    chicken: "鸡雞",
    turtle: "龟龜亀",
    bug: "虫蟲",
    "mouse-face": "鼠",
    "rabbit-face": "兔",
    bear: "熊",
    "horse-face": "马馬",
    snake: "蛇",
    frog: "蛙",
    shrimp: "虾蝦",
    crab: "蟹",
    "cherry-blossom": "花",
    blossom: "菊",
    "deciduous-tree": "树樹",
    // Not 面 and 粉: they also end 里面 (inside), 桌面 (table top), 奶粉 (milk powder), 花粉 (pollen).
    "steaming-bowl": "麵麺",
    "cooked-rice": "饭飯",
    "birthday-cake": "糕",
    automobile: "车車",
    ship: "船",
  }).flatMap(([slug, chars]) => [...chars].map((c): [string, string] => [c, slug])),
);

/** The emoji groups of drawable kinds: animals and nature (3), food and drink (4), travel (5). */
const KIND_GROUPS = new Set([3, 4, 5]);
/** Smileys and people (0, 1): a word of these groups before a kind describes it and is drawn. */
const DESCRIBING_GROUPS = new Set([0, 1]);
const MAX_COMPOUND = 4;

export interface CjkRead {
  /** Characters of the token read, from the position asked. */
  length: number;
  /** The kind drawn, or null when the characters are read as nothing (a bare counter). */
  slug: string | null;
  /** Read only from a counter (一朵 → a flower): gives way to the counted noun when it is known. */
  weak?: boolean;
}

const isKind = (slug: string) => KIND_GROUPS.has(artEmojiBySlug().get(slug)?.group ?? -1);

/** A known word that names a drawable kind (the head of a compound must be one). */
function kindOf(word: string, index: KeywordIndex, locale: string | undefined): string | null {
  if ([...word].length === 1) return HAN_HEADS.get(word) ?? null;
  const hit = index.best(word, locale);
  return hit?.named && isKind(hit.slug) ? hit.slug : null;
}

/**
 * An unknown Han compound starting at `pos` (up to four characters, not crossing a word the scanner
 * stops at) read by its longest known suffix: 锦鲤 → 鲤, 牛肉麵 → 麵, 虎皮鹦鹉 → 鹦鹉. The modifier
 * before the head is part of the kind's name and not drawn. A compound the index knows as a whole is
 * left to it, and so is one whose modifier is itself a head character (猫狗 is a cat and a dog).
 */
export function hanCompound(
  chars: string[],
  pos: number,
  index: KeywordIndex,
  locale: string | undefined,
  stops: (at: number) => boolean,
): CjkRead | null {
  let end = pos;
  while (end < chars.length && end - pos < MAX_COMPOUND && HAN.test(chars[end] ?? "") && (end === pos || !stops(end))) end++;
  for (let to = end; to - pos >= 2; to--) {
    const word = chars.slice(pos, to).join("");
    if (index.has(word)) return null;
    if (HAN_HEADS.has(chars[pos] ?? "") && to - pos === 2) continue;
    for (let from = pos + 1; from < to; from++) {
      // A modifier that is a mood or a person (开心狗 is a happy dog) is drawn, not part of a name.
      const modifier = index.best(chars.slice(pos, from).join(""), locale);
      if (modifier?.named && DESCRIBING_GROUPS.has(artEmojiBySlug().get(modifier.slug)?.group ?? -1)) break;
      const slug = kindOf(chars.slice(from, to).join(""), index, locale);
      if (slug) return { length: to - pos, slug };
    }
  }
  return null;
}

/** A doubled Han character is a pet name for the thing the one character names: 鴨鴨, 猫猫, 柴柴. */
export function reduplicated(chars: string[], pos: number, index: KeywordIndex, locale: string | undefined): CjkRead | null {
  const c = chars[pos] ?? "";
  if (!HAN.test(c) || chars[pos + 1] !== c || index.has(c + c)) return null;
  const hit = index.best(c, locale);
  const slug = HAN_HEADS.get(c) ?? (hit?.named ? hit.slug : null);
  return slug ? { length: 2, slug } : null;
}

/** Endearment suffixes after a noun: 企鹅宝宝, 北極熊寶寶, 豬仔, ねこちゃん, うさぎさん, 강아지짱. */
const ENDEARMENTS = ["宝宝", "寶寶", "宝贝", "寶貝", "仔", "ちゃん", "くん", "さん", "たん"];

/** The length of an endearment suffix at `pos`, read only right after a known noun. */
export function endearmentAt(chars: string[], pos: number): number {
  const rest = chars.slice(pos, pos + 3).join("");
  const hit = ENDEARMENTS.find((e) => rest.startsWith(e));
  return hit ? [...hit].length : 0;
}

/** Korean endearment and vocative endings, peeled only when the rest is a known word (이 ends 고양이). */
const HANGUL_ENDEARMENTS = ["짱", "이", "야", "아"];

export function hangulEndearment(token: string, index: KeywordIndex): string | null {
  for (const e of HANGUL_ENDEARMENTS) {
    const rest = token.slice(0, -e.length);
    if (token.endsWith(e) && [...rest].length >= 2 && !index.has(token) && index.best(rest)?.named) return rest;
  }
  return null;
}

const ZH_NUMERALS = "一二两兩三四五六七八九十几幾半这這那每";
const JA_NUMERALS = "一二三四五六七八九十何";
/**
 * Measure words and counters, and the kind a counter names when the counted noun is unknown: 一束康乃馨
 * is a bunch of some flower, 一杯拿铁 a cup of some drink. A counter with no kind (一只, 一匹, 두 개)
 * is just skipped, so the counted noun is the subject.
 */
const ZH_COUNTERS: Record<string, string | null> = {
  只: null,
  隻: null,
  条: null,
  條: null,
  个: null,
  個: null,
  头: null,
  頭: null,
  匹: null,
  位: null,
  张: null,
  張: null,
  块: null,
  塊: null,
  朵: "blossom",
  束: "bouquet",
  杯: "hot-beverage",
  碗: "steaming-bowl",
  盘: "fork-and-knife-with-plate",
  盤: "fork-and-knife-with-plate",
  棵: "deciduous-tree",
  株: "seedling",
  盆: "potted-plant",
  辆: "automobile",
  輛: "automobile",
  艘: "ship",
  本: "closed-book",
};
const JA_COUNTERS: Record<string, string | null> = {
  匹: null,
  頭: null,
  個: null,
  つ: null,
  枚: null,
  輪: "blossom",
  羽: "bird",
  杯: "hot-beverage",
  台: "automobile",
  冊: "closed-book",
};
const KO_NUMERALS = ["한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉", "열", "몇"];
const KO_COUNTERS: Record<string, string | null> = {
  마리: null,
  개: null,
  명: null,
  송이: "blossom",
  다발: "bouquet",
  잔: "hot-beverage",
  그릇: "steaming-bowl",
  대: "automobile",
  권: "closed-book",
};

/** A numeral and a counter at `pos` (一朵, 两只, 3匹, 한마리), or a Korean counter standing as its own word. */
export function counterAt(chars: string[], pos: number, locale: string | undefined): CjkRead | null {
  const lang = locale?.split("-")[0];
  let n = pos;
  while (/\d/.test(chars[n] ?? "")) n++;
  const rest = chars.slice(pos).join("");
  const ko = KO_NUMERALS.find((k) => rest.startsWith(k));
  if (n === pos && ko) n = pos + [...ko].length;
  else if (n === pos && (lang === "ja" ? JA_NUMERALS : ZH_NUMERALS).includes(chars[pos] ?? "")) n = pos + 1;
  const standalone = n === pos && pos === 0 && /\p{Script=Hangul}/u.test(chars[0] ?? "");
  if (n === pos && !standalone) return null;
  const table = /\p{Script=Hangul}/u.test(chars[n] ?? "") ? KO_COUNTERS : lang === "ja" ? JA_COUNTERS : ZH_COUNTERS;
  const after = chars.slice(n).join("");
  const counter = Object.keys(table)
    .filter((c) => after.startsWith(c))
    .sort((a, b) => b.length - a.length)[0];
  if (!counter) return null;
  const length = n - pos + [...counter].length;
  const slug = table[counter] ?? null;
  // A Korean counter is its own word after a spaced numeral ("수국 한 다발"): alone it must be the
  // whole token, name a kind and not be a one-syllable noun too (개 is a dog, 대 is big).
  if (standalone && (length !== chars.length || !slug || counter.length < 2)) return null;
  return { length, slug, weak: true };
}

/** Japanese 子 + an animal is its young (子ぎつね, 子ねこ), the second word voiced by rendaku. */
const UNVOICED: Record<string, string> = Object.fromEntries(
  [..."がぎぐげござじずぜぞだぢづでどばびぶべぼぱぴぷぺぽ"].map((c, i) => [
    c,
    "かきくけこさしすせそたちつてとはひふへほはひふへほ"[i] ?? c,
  ]),
);

const toKatakana = (s: string) => s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

export function youngAnimal(chars: string[], pos: number, index: KeywordIndex, locale: string | undefined): CjkRead | null {
  if (chars[pos] !== "子" || locale?.split("-")[0] !== "ja") return null;
  for (let to = chars.length; to - pos >= 3; to--) {
    const word = chars.slice(pos + 1, to);
    const first = word[0] ?? "";
    const plain = [UNVOICED[first] ?? first, ...word.slice(1)].join("");
    const hit = [word.join(""), plain, toKatakana(plain)].map((w) => index.best(w, locale)).find((h) => h?.named);
    if (hit?.named && artEmojiBySlug().get(hit.slug)?.group === 3) return { length: to - pos, slug: hit.slug };
  }
  return null;
}

/** Possessive particles: in "AのB" and "A의 B" the thing is B, A only says whose it is. */
export const POSSESSIVES = new Set(["の", "의"]);
/** Place nouns after の: 箱の中 is the inside of the box, where the box is still drawn. */
const PLACES = new Set([..."中上下前後横隣外内側裏奥辺"]);

/** A possessive at `pos` that is not followed by a place noun (猫の家, not 箱の中の). */
export function possessiveAt(chars: string[], pos: number): boolean {
  return POSSESSIVES.has(chars[pos] ?? "") && !PLACES.has(chars[pos + 1] ?? "") && !/^そば/.test(chars.slice(pos + 1).join(""));
}
