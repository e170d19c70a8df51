/**
 * Makes every file of a sticker that moves (decision 0041): WhatsApp's animated WebP, Telegram's WebM,
 * a GIF, an APNG and two small WebPs for grids, each fitted to its byte limit by fit-size.ts. Runs in
 * the motion pool's child processes (motion-pool.ts), never on a request's event loop.
 */
import { AppError } from "#common/errors.ts";
import { type MotionPreset, presetNeedsCaption } from "#common/motion.ts";
import { encodeApng } from "./encode-apng.ts";
import { encodeGif } from "./encode-gif.ts";
import { encodeWebm } from "./encode-webm.ts";
import { encodeWebp } from "./encode-webp.ts";
import {
  apngLadder,
  FILE_LIMITS,
  FILE_SIZES,
  gifLadder,
  type MotionFileKind,
  thumbLadder,
  webmLadder,
  webpLadder,
} from "./file-ladders.ts";
import { type FitCandidate, fitSize } from "./fit-size.ts";
import type { StickerLayers } from "./layers.ts";
import { type PreparedSticker, prepareSticker } from "./prepare-sticker.ts";
import { type MotionFrames, renderFrames } from "./render-frames.ts";

export interface MotionFiles {
  webp: Buffer; // 512×512 animated WebP: WhatsApp's animated sticker AND the general animated download (≤ 500,000 bytes, every frame ≥ 8 ms, ≤ 10 s, frame 0 full canvas)
  webm: Buffer; // Telegram video sticker: WebM, VP9 with alpha (yuva420p), 512×512, ≤ 3 s, ≤ 30 fps, ≤ 256,000 bytes, no audio
  gif: Buffer; // 512×512 animated GIF for places without WebP (binary alpha is fine; keep it ≤ 2,000,000 bytes)
  apng: Buffer; // 512×512 APNG (Signal/Discord later; ≤ 500,000 bytes target, may drop to fewer colours/frames)
  thumb: Buffer; // 256×256 animated WebP for grids (aim ≤ 120 KB)
  small: Buffer; // 160×160 animated WebP (aim ≤ 60 KB)
  /** What the size-fitting search chose per file, for logs and the bench. */
  report: Record<
    "webp" | "webm" | "gif" | "apng" | "thumb" | "small",
    { bytes: number; limit: number; fps: number; frames: number; quality: number | string; tries: number; ms: number }
  >;
}

/** The files one making is asked for: the pages' three, or some of the downloads (decision 0041). */
export type MotionFileSet<K extends MotionFileKind> = Pick<Record<MotionFileKind, Buffer>, K> & {
  report: Partial<MotionFiles["report"]>;
};

/** What the pages show: the 512 px loop and the two grid thumbnails (no watermark). */
export const SHOWN_FILES = ["webp", "thumb", "small"] as const satisfies readonly MotionFileKind[];

export interface MotionOptions {
  /** Tests shrink the limits to watch the search work harder or give up. */
  limits?: Partial<Record<MotionFileKind, number>>;
  /** Told when the messengers' files (WebP and WebM) are done, in ms from the start: the bench's figure. */
  onMessengerFiles?: (ms: number) => void;
}

/** "type" needs the caption as its own layer; without one it is not offered (MOTION_PRESET_UNAVAILABLE). */
export function checkPresetFits(layers: StickerLayers, preset: MotionPreset) {
  if (presetNeedsCaption(preset) && (!layers.caption || !layers.subject)) throw new AppError("MOTION_PRESET_UNAVAILABLE");
}

/** A sticker's frames at one size, rendered once per frame rate. */
export function framesCache(sticker: PreparedSticker, preset: MotionPreset): (fps: number) => MotionFrames {
  const byRate = new Map<number, MotionFrames>();
  return (fps) => {
    let frames = byRate.get(fps);
    if (!frames) {
      frames = renderFrames(sticker, preset, fps);
      byRate.set(fps, frames);
    }
    return frames;
  };
}

/** Every file of a moving sticker, or only those in `only` (each fitted to its limit). */
export async function makeMotionFiles(layers: StickerLayers, preset: MotionPreset, options?: MotionOptions): Promise<MotionFiles>;
export async function makeMotionFiles<K extends MotionFileKind>(
  layers: StickerLayers,
  preset: MotionPreset,
  options: MotionOptions & { only: readonly K[] },
): Promise<MotionFileSet<K>>;
export async function makeMotionFiles(
  layers: StickerLayers,
  preset: MotionPreset,
  options: MotionOptions & { only?: readonly MotionFileKind[] } = {},
): Promise<MotionFileSet<MotionFileKind>> {
  const started = performance.now();
  const limits = options.limits ?? {};
  const wanted = new Set<MotionFileKind>(options.only ?? (Object.keys(FILE_SIZES) as MotionFileKind[]));
  checkPresetFits(layers, preset);
  const [big, mid, little] = await Promise.all([
    prepareSticker(layers, FILE_SIZES.webp),
    wanted.has("thumb") ? prepareSticker(layers, FILE_SIZES.thumb) : null,
    wanted.has("small") ? prepareSticker(layers, FILE_SIZES.small) : null,
  ]);
  const bigFrames = framesCache(big, preset);
  const fitFile = <S>(
    kind: MotionFileKind,
    framesAt: (fps: number) => MotionFrames,
    candidates: FitCandidate<S>[],
    encode: (frames: MotionFrames, settings: S) => Promise<Buffer>,
    soft = false,
  ) =>
    wanted.has(kind)
      ? fitSize({ limit: limits[kind] ?? FILE_LIMITS[kind], candidates, framesAt, encode, soft })
      : Promise.resolve(null);
  // Telegram's and WhatsApp's files first: they are what a person is waiting for.
  const [webm, webp] = await Promise.all([
    fitFile("webm", bigFrames, webmLadder(), encodeWebm),
    fitFile("webp", bigFrames, webpLadder(), encodeWebp),
  ]);
  options.onMessengerFiles?.(performance.now() - started);
  const [gif, apng, thumb, small] = await Promise.all([
    fitFile("gif", bigFrames, gifLadder(), encodeGif),
    fitFile("apng", bigFrames, apngLadder(), encodeApng, true),
    mid ? fitFile("thumb", framesCache(mid, preset), thumbLadder(), encodeWebp, true) : null,
    little ? fitFile("small", framesCache(little, preset), thumbLadder(), encodeWebp, true) : null,
  ]);
  const made = { webp, webm, gif, apng, thumb, small };
  const files = { report: {} } as MotionFileSet<MotionFileKind>;
  for (const kind of Object.keys(made) as MotionFileKind[]) {
    const fitted = made[kind];
    if (!fitted) continue;
    files[kind] = fitted.file;
    files.report[kind] = fitted.report;
  }
  return files;
}
