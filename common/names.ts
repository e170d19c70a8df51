/**
 * Names people give and others read: a pack's name and a user's display name (decision 0036). One
 * rule for both, checked by the page as it is typed and by the server, which stores what it returns
 * (decision 0040 for what people's text may hold).
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

/** A display name: 1 to 40 characters after trimming (the length nicks always had). */
export const DISPLAY_NAME_MAX_LENGTH = 40;
/** Display name changes one user may make per hour: each drops the cached pages of their public packs. */
export const DISPLAY_NAME_CHANGES_PER_HOUR = 10;
