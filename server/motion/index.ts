/**
 * Stickers that move (decision 0041): the motion engine's public surface. The job, the API and the
 * pages use these; everything else in this folder may change shape behind them.
 */
export type { StickerLayers } from "./layers.ts";
export { type MotionFiles, makeMotionFiles } from "./make-motion-files.ts";
export { makeMotionPreview } from "./make-motion-preview.ts";
export { createMotionPool, type MotionPool, motionPoolOf } from "./motion-pool.ts";
