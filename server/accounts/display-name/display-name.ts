import { AppError } from "#common/errors.ts";
import { DISPLAY_NAME_MAX_LENGTH, shownName } from "#common/names.ts";
import { cutToWholeCharacters } from "#common/text.ts";
import { generatedDisplayName } from "./generated-name.ts";

/** A display name as stored: a pack name's rule (`shownName`) at DISPLAY_NAME_MAX_LENGTH, else DISPLAY_NAME_INVALID. */
export function displayName(raw: string): string {
  const name = shownName(raw, DISPLAY_NAME_MAX_LENGTH);
  if (name === null) throw new AppError("DISPLAY_NAME_INVALID", undefined, { vars: { limit: DISPLAY_NAME_MAX_LENGTH } });
  return name;
}

/** The part of an address before its "@", lower-cased: what nicks were made of before (migration 0013). */
function localPartOf(email: string): string {
  return (email.split("@")[0] ?? "").toLowerCase();
}

/**
 * A new account's display name (decision 0036): the Google profile name when there is one that passes
 * the rule (cut to the length first) and does not spell the address, else a generated one. Never the
 * address's local part, which others would read on the account's pack pages and exports.
 */
export function firstDisplayName(o: { email: string; googleName?: string | null }): string {
  // A longer profile name is cut to the length rather than dropped, by whole characters (decision 0040).
  const cut = cutToWholeCharacters((o.googleName ?? "").normalize("NFC").trim(), DISPLAY_NAME_MAX_LENGTH);
  const given = shownName(cut, DISPLAY_NAME_MAX_LENGTH);
  const email = o.email.trim().toLowerCase();
  if (given !== null) {
    const lower = given.toLowerCase();
    if (lower !== email && lower !== localPartOf(email)) return given;
  }
  return generatedDisplayName();
}
