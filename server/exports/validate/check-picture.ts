/**
 * The shape every picture target's rule has — which formats, how many bytes, what size, still or
 * moving and for how long — and the check that holds a file to one. Each check-<target>.ts declares
 * its target's rule with these from rules.ts; the breaches name the target, so the logs say which.
 */
import { type Breach, bytesBreach, formatBreaches } from "./breach.ts";
import { type PictureFormat, readPicture } from "./read-picture.ts";

/** A size rule: the limit as the breach states it, and whether a width and height fit it. */
export interface EdgeRule {
  limit: string;
  fits: (width: number, height: number) => boolean;
}

export function exactSquare(edge: number): EdgeRule {
  return { limit: `${edge}×${edge}`, fits: (width, height) => width === edge && height === edge };
}

/** Telegram's: one side exactly `edge`, the other `edge` or less. */
export function oneSideExactly(edge: number): EdgeRule {
  return {
    limit: `one side ${edge}, the other ≤ ${edge}`,
    fits: (width, height) => Math.max(width, height) === edge && Math.min(width, height) > 0,
  };
}

export function squareAtMost(edge: number): EdgeRule {
  return { limit: `square, ≤ ${edge}×${edge}`, fits: (width, height) => width === height && width > 0 && width <= edge };
}

export function squareOneOf(edges: readonly number[]): EdgeRule {
  return {
    limit: `square, ${edges.join(", ")} px`,
    fits: (width, height) => width === height && edges.includes(width),
  };
}

export interface PictureRule {
  /** The target in the logs' words, e.g. "Signal sticker". */
  what: string;
  formats: readonly PictureFormat[];
  maxBytes: number;
  edge: EdgeRule;
  /** "still": one frame only; a number: may move, for at most that many ms a pass; null: may move, no time limit. */
  motion: "still" | number | null;
}

export function checkPicture(bytes: Uint8Array, rule: PictureRule): Breach[] {
  const picture = readPicture(bytes);
  const expected = rule.formats.join(" or ");
  const breaches = bytesBreach(picture.byteLength, rule.maxBytes, rule.what);
  if (picture.problems.length > 0) return [...formatBreaches(picture.format ?? expected, picture.problems), ...breaches];
  if (picture.format === null || !rule.formats.includes(picture.format))
    return [
      {
        rule: "format",
        limit: expected,
        actual: picture.format ?? "unknown",
        detail: `${rule.what} is a ${picture.format} file, not ${expected}`,
      },
      ...breaches,
    ];

  if (!rule.edge.fits(picture.width, picture.height))
    breaches.push({
      rule: "edge",
      limit: rule.edge.limit,
      actual: `${picture.width}×${picture.height}`,
      detail: `${rule.what} is ${picture.width}×${picture.height}, not ${rule.edge.limit}`,
    });
  if (rule.motion === "still" && picture.animated)
    breaches.push({
      rule: "animated",
      limit: "still",
      actual: "animated",
      detail: `${rule.what} is an animated ${picture.format} of ${picture.frames} frames, not a still`,
    });
  if (typeof rule.motion === "number" && picture.animated && picture.durationMs > rule.motion)
    breaches.push({
      rule: "duration",
      limit: rule.motion,
      actual: picture.durationMs,
      detail: `${rule.what} plays for ${picture.durationMs} ms, over ${rule.motion} ms`,
    });
  return breaches;
}
