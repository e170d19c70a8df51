/**
 * Stickers that move (decision 0041): the motion presets a sticker can be given, shared by the page
 * (the "Make it move" picker) and the server (the motion job, the files it makes). A preset that
 * `needsCaption` is offered only for a sticker whose caption is stored as its own layer.
 */
export const MOTION_PRESETS = ["wiggle", "bounce", "pulse", "shake", "float", "spin", "sparkle", "pop", "type"] as const;

export type MotionPreset = (typeof MOTION_PRESETS)[number];

/**
 * The version in every moving file's name: bumped when the frames or the encoders change what a file
 * looks like, so no cache keeps an old one (server/motion/motion-keys.ts).
 */
export const MOTION_FILES_VERSION = 1;

/** The caption types itself: only where the sticker has a caption layer. */
export const CAPTION_PRESETS: readonly MotionPreset[] = ["type"];

export function isMotionPreset(value: unknown): value is MotionPreset {
  return typeof value === "string" && (MOTION_PRESETS as readonly string[]).includes(value);
}

export function presetNeedsCaption(preset: MotionPreset): boolean {
  return CAPTION_PRESETS.includes(preset);
}
