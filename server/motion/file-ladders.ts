/**
 * Each motion file's byte limit and its ladder of settings, best first, for the size-fitting search
 * (fit-size.ts). The limits are the platforms' (WhatsApp's animated sticker ≤ 500 kB, Telegram's video
 * sticker ≤ 256 kB) or our own targets for the rest; weights are measured relative sizes.
 */
import type { ApngSettings } from "./encode-apng.ts";
import type { GifSettings } from "./encode-gif.ts";
import type { WebmSettings } from "./encode-webm.ts";
import type { WebpSettings } from "./encode-webp.ts";
import type { FitCandidate } from "./fit-size.ts";

export const FILE_LIMITS = {
  webp: 500_000,
  webm: 256_000,
  gif: 2_000_000,
  apng: 500_000,
  thumb: 120_000,
  small: 60_000,
} as const;

export type MotionFileKind = keyof typeof FILE_LIMITS;

/** The side of each file. */
export const FILE_SIZES: Record<MotionFileKind, number> = { webp: 512, webm: 512, gif: 512, apng: 512, thumb: 256, small: 160 };

/** Quality first, then frame rate: for each rate, each quality step down. */
function ladder<S>(rates: number[], steps: { settings: S; quality: number | string; weight: number }[]): FitCandidate<S>[] {
  return rates.flatMap((fps) => steps.map((step) => ({ fps, ...step })));
}

const WEBP = {
  q80: { settings: { quality: 80, alphaQuality: 70, effort: 2 }, quality: "q80/a70", weight: 1.25 },
  q65: { settings: { quality: 65, alphaQuality: 50, effort: 2 }, quality: "q65/a50", weight: 1 },
  q50: { settings: { quality: 50, alphaQuality: 40, effort: 2 }, quality: "q50/a40", weight: 0.88 },
  q35: { settings: { quality: 35, alphaQuality: 30, effort: 2 }, quality: "q35/a30", weight: 0.77 },
};

/**
 * Two quality steps per frame rate: a smooth 15 fps at good quality looks better than a blotchy
 * 20 fps, so the rate drops before the quality sinks to its floor.
 */
function webpSteps(rates: number[]): FitCandidate<WebpSettings>[] {
  const [first, ...rest] = rates;
  return [
    { fps: first!, ...WEBP.q80 },
    { fps: first!, ...WEBP.q65 },
    ...rest.flatMap((fps, i) =>
      i < rest.length - 1
        ? [
            { fps, ...WEBP.q65 },
            { fps, ...WEBP.q50 },
          ]
        : [
            { fps, ...WEBP.q50 },
            { fps, ...WEBP.q35 },
          ],
    ),
  ];
}

export function webpLadder(): FitCandidate<WebpSettings>[] {
  return webpSteps([20, 15, 12, 10, 8]);
}

export function thumbLadder(): FitCandidate<WebpSettings>[] {
  return webpSteps([15, 12, 10, 8]);
}

export function webmLadder(): FitCandidate<WebmSettings>[] {
  const step = (crf: number, alphaCrf: number) => ({
    settings: { crf, alphaCrf },
    quality: `crf${crf}/a${alphaCrf}`,
    weight: Math.exp(-0.052 * (crf - 40)),
  });
  return ladder([20, 15, 12, 10, 8], [step(40, 30), step(46, 36), step(52, 44), step(58, 50)]);
}

export function gifLadder(): FitCandidate<GifSettings>[] {
  const step = (colours: number, weight: number) => ({
    settings: { colours, dither: 0.5 },
    quality: `${colours} colours`,
    weight,
  });
  return ladder([12.5, 10, 8], [step(256, 1), step(32, 0.75), step(16, 0.4)]);
}

export function apngLadder(): FitCandidate<ApngSettings>[] {
  const step = (colours: number, weight: number) => ({
    settings: { colours },
    quality: colours ? `${colours} colours` : "full colour",
    weight,
  });
  // Full colour APNG of a moving sticker is megabytes: start from a shared palette at a low rate.
  return ladder([8, 6.25, 5], [step(128, 0.8), step(48, 0.6)]);
}
