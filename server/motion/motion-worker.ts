/**
 * The motion pool's child process (motion-pool.ts): makes one sticker's motion files or preview per
 * message, off the web process's event loop and out of its heap, and answers with the bytes or the
 * error's code. It ends with its parent.
 */
import { isAppError } from "#common/errors.ts";
import type { MotionPreset } from "#common/motion.ts";
import { FILE_SIZES, type MotionFileKind } from "./file-ladders.ts";
import type { StickerLayers } from "./layers.ts";
import { makeMotionFiles } from "./make-motion-files.ts";
import { makeMotionPreview } from "./make-motion-preview.ts";
import { ffmpegPeakRss } from "./run-ffmpeg.ts";

export interface MotionRequest {
  id: number;
  kind: "files" | "preview";
  layers: StickerLayers;
  preset: MotionPreset;
  /** The files to make (all when absent). */
  only?: readonly MotionFileKind[] | undefined;
}

/** The child's peak resident memory so far, and its FFmpeg children's, in bytes (for the bench). */
export interface MotionUsage {
  peakRss: number;
  peakFfmpegRss: number;
}

export type MotionAnswer = (
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; code: string | null; message: string }
) & { usage?: MotionUsage };

/** Buffers arrive as plain Uint8Arrays; sharp and the encoders want Buffers. */
function asBuffer(bytes: Uint8Array | undefined): Buffer | undefined {
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
}

const ALL_FILES = Object.keys(FILE_SIZES) as MotionFileKind[];

function answer(reply: MotionAnswer) {
  const usage = { peakRss: process.resourceUsage().maxRSS * 1024, peakFfmpegRss: ffmpegPeakRss() };
  // A parent that died meanwhile fails the write: nothing is waiting, and "disconnect" ends us.
  if (process.connected) process.send?.({ ...reply, usage }, undefined, undefined, () => undefined);
}

if (process.send) {
  process.on("disconnect", () => process.exit(0));
  process.on("message", async (request: MotionRequest) => {
    const { layers } = request;
    const own: StickerLayers = { whole: asBuffer(layers.whole)! };
    const subject = asBuffer(layers.subject);
    const caption = asBuffer(layers.caption);
    if (subject) own.subject = subject;
    if (caption) own.caption = caption;
    const mark = asBuffer(layers.mark);
    if (mark) own.mark = mark;
    if (layers.captionDirection) own.captionDirection = layers.captionDirection;
    try {
      const value =
        request.kind === "files"
          ? await makeMotionFiles(own, request.preset, { only: request.only ?? ALL_FILES })
          : await makeMotionPreview(own, request.preset);
      answer({ id: request.id, ok: true, value });
    } catch (error) {
      answer({
        id: request.id,
        ok: false,
        code: isAppError(error) ? error.code : null,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
}
