/**
 * Names people give and others read, such as a pack's name: one rule, checked by the page as it is
 * typed and by the server, which stores what it returns (decision 0040 for what people's text may hold).
 */
import { CONTROL_CHARACTER, showsNothing } from "./text.ts";

/**
 * A name as stored: NFC, trimmed, 1..`maxLength` characters (code points, not UTF-16 units),
 * something visible, without control characters; null when the text is not one.
 */
export function shownName(raw: string, maxLength: number): string | null {
  const name = raw.normalize("NFC").trim();
  const length = [...name].length;
  if (length < 1 || length > maxLength || CONTROL_CHARACTER.test(name) || showsNothing(name)) return null;
  return name;
}
