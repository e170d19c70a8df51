/**
 * Redirect targets an attacker would try (decision 0013): other origins spelled every way a browser
 * or a URL parser accepts. Used by the unit test of `sameSitePath`, the API table test over the
 * server's redirecting routes and the browser table test over the page routes.
 */
export const HOSTILE_REDIRECT_TARGETS = [
  "https://evil.example/",
  "http://evil.example",
  "//evil.example",
  "//evil.example/path",
  "///evil.example",
  "////evil.example",
  "/.//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "\\/evil.example",
  "https:evil.example",
  "https:/evil.example",
  "http:\\\\evil.example",
  "//evil.example%2F..",
  "/%2F%2Fevil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "%2F%2Fevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "/ /evil.example",
  "//evil.example@site.invalid",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil。example",
  "//%65vil.example",
] as const;

/**
 * Whether a Location header stays on `origin`: absent, or a path starting with a single "/" (not
 * "//" or "/\") that resolves against the origin to the same origin; an absolute URL must be on it.
 */
export function locationStaysOn(location: string | null, origin: string): boolean {
  if (location === null) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(location)) return false;
  if (location.startsWith("/")) {
    if (/^\/[/\\]/.test(location)) return false;
  } else if (!location.startsWith(`${origin}/`) && location !== origin) {
    return false;
  }
  try {
    return new URL(location, origin).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
