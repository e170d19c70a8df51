/**
 * One way an export file, or one of its texts or counts, breaks a rule of
 * server/exports/validate/rules.ts: which rule, its limit, what it has, and a sentence for the logs.
 * A check answers a list of them, empty when everything passes.
 */

export type BreachRule =
  | "format"
  | "bytes"
  | "edge"
  | "frameDuration"
  | "duration"
  | "firstFrame"
  | "animated"
  | "codec"
  | "alpha"
  | "audio"
  | "fps"
  | "length"
  | "characters"
  | "suffix"
  | "emoji"
  | "count"
  | "totalLength";

export interface Breach {
  rule: BreachRule;
  limit: number | string;
  actual: number | string;
  /** English, for logs. */
  detail: string;
}

/** The file's structural problems as format breaches (what a parser found wrong with the bytes). */
export function formatBreaches(expected: string, problems: string[]): Breach[] {
  return problems.map((problem) => ({ rule: "format", limit: expected, actual: "malformed", detail: `${expected}: ${problem}` }));
}

/** The byte-count breach, or none. */
export function bytesBreach(byteLength: number, maxBytes: number, what: string): Breach[] {
  if (byteLength <= maxBytes) return [];
  return [{ rule: "bytes", limit: maxBytes, actual: byteLength, detail: `${what} is ${byteLength} bytes, over ${maxBytes}` }];
}
