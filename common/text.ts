/**
 * Cutting and checking people's text by whole characters: a cut never leaves half a surrogate pair
 * (which `encodeURIComponent` throws on), half an emoji or a letter without its marks.
 */

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** A control character (C0, DEL, C1): no part of a name or a description. */
export const CONTROL_CHARACTER = /\p{Cc}/u;

const INVISIBLE = /^[\p{Z}\p{Cf}\p{M}\s]*$/u;

/** Whether `text` shows nothing: only spaces, separators, format characters (zero-width ones) and lone marks. */
export function showsNothing(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * The longest start of `text` of whole grapheme clusters that fits in `maxUnits` UTF-16 units: never
 * half a surrogate pair, never half an emoji or a letter with its marks.
 */
export function cutToWholeCharacters(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > maxUnits) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** `text` as it is when it has at most `max` grapheme clusters, else its first `max - 1` and "…". */
export function shortenToCharacters(text: string, max: number): string {
  // A grapheme cluster is at least one UTF-16 unit: a text of at most `max` units is short enough.
  if (text.length <= max) return text;
  const parts = [...graphemes.segment(text)];
  if (parts.length <= max) return text;
  return `${parts
    .slice(0, max - 1)
    .map((part) => part.segment)
    .join("")}…`;
}
