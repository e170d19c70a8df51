const PROBE_ORIGIN = "http://same-site.invalid";

/** Longest path we accept from input; a longer one is refused rather than cut. */
const SAME_SITE_PATH_MAX = 1024;

/**
 * `value` when it is a path on this site, else `fallback`: every redirect target that comes from
 * input (a query, a cookie, a sealed link, a request path) goes through here (decision 0013).
 *
 * Accepted: one leading "/", then no "/" or "\" (browsers read "//host" and "/\host" as another
 * site), no backslash, whitespace or control character anywhere (browsers drop tabs and newlines,
 * turning "/\t/host" into "//host"); after one percent-decoding it must still start as one path,
 * so a page that decodes it once cannot turn it into another site either. It must resolve to this origin, to a path
 * that does not itself start with "//" (dot segments: "/.//host").
 */
export function sameSitePath(value: string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > SAME_SITE_PATH_MAX) return fallback;
  if (!isPlainPath(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!startsAsOnePath(decoded)) return fallback;
  try {
    const url = new URL(value, PROBE_ORIGIN);
    // "/.//host" resolves to the path "//host": same origin, but a later redirect to it is not.
    if (url.origin !== PROBE_ORIGIN || !isPlainPath(url.pathname)) return fallback;
  } catch {
    return fallback;
  }
  return value;
}

/** True when `value` is a same-site path by `sameSitePath`'s rules (for checks that need a yes/no). */
export function isSameSitePath(value: string | null | undefined): value is string {
  return typeof value === "string" && sameSitePath(value, "") === value && value !== "";
}

function startsAsOnePath(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  return value.startsWith("/") && !/^\/[\s\u0000-\u001f\u007f]*[/\\]/.test(value);
}

function isPlainPath(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  return value.startsWith("/") && !/^\/[/\\]/.test(value) && !/[\\\s\u0000-\u001f\u007f]/.test(value);
}
