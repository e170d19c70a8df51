import { packSlug } from "#common/packs.ts";

/**
 * A pack's page: /pack/{packId}/{slug of its name}, without the slug when the name gives none. The slug
 * keeps every script's letters, so it is percent-encoded: a Location header carries only ASCII.
 */
export function packPath(pack: { packId: string; name: string }) {
  const slug = packSlug(pack.name);
  return `/pack/${pack.packId}${slug ? `/${encodeURIComponent(slug)}` : ""}`;
}

/** A pack id as packs are given (random base64url); anything else is no pack at all. */
export const PACK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A new place for the item at `from`, one step toward the start (-1) or the end (+1); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * Which way an arrow key moves a sticker in the pack's reading order: Right/Down toward the end in a
 * left-to-right page, and Left toward the end in a right-to-left one (Arabic); Home/End to the ends.
 */
export function stepOfKey(key: string, dir: "ltr" | "rtl"): -1 | 1 | "start" | "end" | null {
  if (key === "ArrowDown") return 1;
  if (key === "ArrowUp") return -1;
  if (key === "ArrowRight") return dir === "rtl" ? -1 : 1;
  if (key === "ArrowLeft") return dir === "rtl" ? 1 : -1;
  if (key === "Home") return "start";
  if (key === "End") return "end";
  return null;
}

/** The emoji in what someone typed or pasted: each grapheme that draws as an emoji, in order, each once. */
export function emojiOf(text: string): string[] {
  const found: string[] = [];
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)) {
    if (/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(segment) && !found.includes(segment)) found.push(segment);
  }
  return found;
}
