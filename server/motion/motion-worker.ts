/**
 * The motion pool's worker thread (motion-pool.ts): makes one sticker's motion files or preview per
 * message, off the web process's event loop, and answers with the bytes or the error's code.
 */
import { parentPort } from "node:worker_threads";
import { isAppError } from "#common/errors.ts";
import type { MotionPreset } from "#common/motion.ts";
import { FILE_SIZES, type MotionFileKind } from "./file-ladders.ts";
import type { StickerLayers } from "./layers.ts";
import { makeMotionFiles } from "./make-motion-files.ts";
import { makeMotionPreview } from "./make-motion-preview.ts";

export interface MotionRequest {
  id: number;
  kind: "files" | "preview";
  layers: StickerLayers;
  preset: MotionPreset;
  /** The files to make (all when absent). */
  only?: readonly MotionFileKind[] | undefined;
}

export type MotionAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; code: string | null; message: string };

/** Buffers arrive as plain Uint8Arrays; sharp and the encoders want Buffers. */
function asBuffer(bytes: Uint8Array | undefined): Buffer | undefined {
  return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
}

const ALL_FILES = Object.keys(FILE_SIZES) as MotionFileKind[];

const port = parentPort;
if (port) {
  port.on("message", async (request: MotionRequest) => {
    const { layers } = request;
    const own: StickerLayers = { whole: asBuffer(layers.whole)! };
    const subject = asBuffer(layers.subject);
    const caption = asBuffer(layers.caption);
    if (subject) own.subject = subject;
    if (caption) own.caption = caption;
    if (layers.captionDirection) own.captionDirection = layers.captionDirection;
    try {
      const value =
        request.kind === "files"
          ? await makeMotionFiles(own, request.preset, { only: request.only ?? ALL_FILES })
          : await makeMotionPreview(own, request.preset);
      port.postMessage({ id: request.id, ok: true, value } satisfies MotionAnswer);
    } catch (error) {
      const answer: MotionAnswer = {
        id: request.id,
        ok: false,
        code: isAppError(error) ? error.code : null,
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(answer);
    }
  });
}
