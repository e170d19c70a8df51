/**
 * The size-fitting search: a file's candidate settings in order, best first (quality, then frame rate,
 * then colours, then fewer frames), encoded one after another until one fits its byte limit. After a
 * miss, a candidate whose expected size (the miss scaled by the candidates' weights) is still well over
 * the limit is skipped without encoding, so a big sticker does not pay for every step of the ladder.
 */
import { AppError } from "#common/errors.ts";
import type { MotionFrames } from "./render-frames.ts";

export interface FitCandidate<S> {
  fps: number;
  settings: S;
  /** What the report shows as the quality: a number, or e.g. "q65/a50", "64 colours". */
  quality: number | string;
  /** Relative expected bytes at the same frame count (higher quality, higher weight). */
  weight: number;
}

export interface FitReport {
  bytes: number;
  limit: number;
  fps: number;
  frames: number;
  quality: number | string;
  tries: number;
  ms: number;
}

export interface FitOptions<S> {
  limit: number;
  candidates: FitCandidate<S>[];
  /** The frames at a frame rate (the caller caches them). */
  framesAt: (fps: number) => MotionFrames;
  encode: (frames: MotionFrames, settings: S) => Promise<Buffer>;
  /** When nothing fits: the smallest try is kept (a target, not a rule) instead of MOTION_TOO_LARGE. */
  soft?: boolean;
}

/** A miss this far over the limit after scaling by weights is not worth encoding. */
const SLACK = 1.12;

function expectedWeight(candidate: FitCandidate<unknown>, frames: number): number {
  // Frames cost less than their count: the encoders diff each against the one before.
  return candidate.weight * frames ** 0.85;
}

export async function fitSize<S>(options: FitOptions<S>): Promise<{ file: Buffer; report: FitReport }> {
  const started = performance.now();
  let tries = 0;
  let best: { file: Buffer; candidate: FitCandidate<S>; frames: number } | null = null;
  let lastMiss: { bytes: number; weight: number } | null = null;
  const { candidates, limit } = options;
  for (const [index, candidate] of candidates.entries()) {
    const motion = options.framesAt(candidate.fps);
    const frames = motion.frames.length;
    const weight = expectedWeight(candidate, frames);
    const isLast = index === candidates.length - 1;
    if (lastMiss && !isLast && (lastMiss.bytes * weight) / lastMiss.weight > limit * SLACK) continue;
    tries += 1;
    const file = await options.encode(motion, candidate.settings);
    if (!best || file.length < best.file.length) best = { file, candidate, frames };
    if (file.length <= limit) {
      return { file, report: reportOf(file, limit, candidate, frames, tries, started) };
    }
    lastMiss = { bytes: file.length, weight };
  }
  if (options.soft && best) {
    return { file: best.file, report: reportOf(best.file, limit, best.candidate, best.frames, tries, started) };
  }
  throw new AppError("MOTION_TOO_LARGE", `no settings fit ${limit} bytes (smallest ${best?.file.length ?? 0})`);
}

function reportOf(
  file: Buffer,
  limit: number,
  candidate: FitCandidate<unknown>,
  frames: number,
  tries: number,
  started: number,
): FitReport {
  return {
    bytes: file.length,
    limit,
    fps: candidate.fps,
    frames,
    quality: candidate.quality,
    tries,
    ms: Math.round(performance.now() - started),
  };
}
