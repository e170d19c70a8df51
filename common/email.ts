/**
 * Spec §5: starts with a letter or digit, then word characters, hyphen or dot, an @, a domain, and a
 * top-level domain of 2–4 letters with an optional second part of 2–4 letters; at most 40 characters.
 */
const EMAIL_PATTERN = /^[A-Za-z0-9][\w.-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}(\.[A-Za-z]{2,4})?$/;
export const EMAIL_MAX_LENGTH = 40;

export function isValidEmail(email: string) {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
