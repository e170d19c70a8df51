/**
 * Business constants of spec §9 that both the page and the server use. Spec §9's 10 s upload timeout
 * is not here: a picture's upload (a sticker's or a pack's) fails after 20 s without progress or 3
 * minutes in all instead, since a slow line is not a dead one (decision 0029, upload-picture.ts).
 */
export const TIMEOUTS_MS = {
  default: 10_000,
  emailVerify: 30_000,
  secondary: 900_000,
} as const;

export const LIST_PAGE_SIZE = 24;
export const LANGUAGE_COOKIE_DAYS = 365;
export const THEME_PRIMARY = "#947C62";
