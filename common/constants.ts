/** Business constants of spec §9 that both the page and the server use. */
export const TIMEOUTS_MS = {
  default: 10_000,
  emailVerify: 30_000,
  upload: 10_000,
  secondary: 900_000,
} as const;

export const LIST_PAGE_SIZE = 24;
export const LANGUAGE_COOKIE_DAYS = 365;
export const THEME_PRIMARY = "#947C62";
