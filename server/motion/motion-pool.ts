/**
 * Animating a sticker takes seconds of CPU (decision 0041), so it runs in worker threads, never on the
 * caller's event loop: at most MOTION_CONCURRENCY stickers at once, MOTION_QUEUE more waiting for a
 * turn, and past that BUSY at once, like the upload decode pool (server/uploads/decode-pool.ts).
 */
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { AppError, isFailureCode } from "#common/errors.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { AppContext } from "../context.ts";
import type { MotionFileKind } from "./file-ladders.ts";
import type { StickerLayers } from "./layers.ts";
import type { MotionFileSet, MotionFiles } from "./make-motion-files.ts";
import type { MotionAnswer, MotionRequest } from "./motion-worker.ts";

export interface MotionPool {
  makeFiles(layers: StickerLayers, preset: MotionPreset): Promise<MotionFiles>;
  makeFiles<K extends MotionFileKind>(layers: StickerLayers, preset: MotionPreset, only: readonly K[]): Promise<MotionFileSet<K>>;
  makePreview(layers: StickerLayers, preset: MotionPreset): Promise<Buffer>;
  /** Ends the worker threads; jobs still running fail. */
  close(): Promise<void>;
  /** Stickers being animated now, and stickers waiting for a turn. */
  readonly running: number;
  readonly waiting: number;
}

// sharp's native module must be loaded by the main thread before any worker loads it, or a worker
// that ends can take it down with it (sharp's documentation, "worker threads").
void sharp.versions;

/** Previews may wait in this many places for each place a sticker's files may: a picker asks for nine at once. */
const PREVIEWS_PER_PLACE = 4;

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function errorOf(answer: Extract<MotionAnswer, { ok: false }>): AppError {
  if (answer.code && isFailureCode(answer.code)) return new AppError(answer.code, answer.message);
  return new AppError("INTERNAL_ERROR", answer.message);
}

export function createMotionPool(options: { concurrency: number; queue: number }): MotionPool {
  let running = 0;
  let closed = false;
  let nextId = 1;
  const waiting: (() => void)[] = [];
  const idle: Slot[] = [];
  const all = new Set<Slot>();

  function startSlot(): Slot {
    const worker = new Worker(new URL("./motion-worker.ts", import.meta.url));
    const slot: Slot = { worker, pending: new Map() };
    worker.on("message", (answer: MotionAnswer) => {
      const job = slot.pending.get(answer.id);
      if (!job) return;
      slot.pending.delete(answer.id);
      if (answer.ok) job.resolve(answer.value);
      else job.reject(errorOf(answer));
    });
    const fail = (error: unknown) => {
      all.delete(slot);
      const at = idle.indexOf(slot);
      if (at >= 0) idle.splice(at, 1);
      for (const job of slot.pending.values())
        job.reject(new AppError("INTERNAL_ERROR", "the motion worker stopped", { cause: error }));
      slot.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit ${code}`)));
    all.add(slot);
    return slot;
  }

  function release() {
    const next = waiting.shift();
    // The turn passes straight to the next waiter, so a newcomer cannot overtake the queue.
    if (next) next();
    else running -= 1;
  }

  async function run<T>(request: Omit<MotionRequest, "id">, queue = options.queue): Promise<T> {
    if (closed) throw new AppError("SERVICE_UNAVAILABLE", "the motion pool is closed");
    if (running < options.concurrency) running += 1;
    else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new AppError("BUSY");
    const slot = idle.pop() ?? startSlot();
    slot.worker.ref();
    try {
      const id = nextId++;
      return await new Promise<T>((resolve, reject) => {
        slot.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        slot.worker.postMessage({ id, ...request } satisfies MotionRequest);
      });
    } finally {
      if (all.has(slot) && !closed) {
        // An idle worker must not keep the process alive.
        slot.worker.unref();
        idle.push(slot);
      }
      release();
    }
  }

  return {
    async makeFiles(layers: StickerLayers, preset: MotionPreset, only?: readonly MotionFileKind[]) {
      const files = await run<MotionFileSet<MotionFileKind>>({ kind: "files", layers, preset, only });
      for (const kind of ["webp", "webm", "gif", "apng", "thumb", "small"] as const) {
        const bytes = files[kind] as Uint8Array | undefined;
        if (bytes) files[kind] = asBuffer(bytes);
      }
      return files as MotionFiles;
    },
    async makePreview(layers, preset) {
      // A picker asks for every preset's preview at once; each takes a tenth of a second or two.
      return asBuffer(await run<Uint8Array>({ kind: "preview", layers, preset }, options.queue * PREVIEWS_PER_PLACE));
    },
    async close() {
      closed = true;
      idle.length = 0;
      await Promise.all([...all].map((slot) => slot.worker.terminate()));
      all.clear();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const pools = new WeakMap<AppContext, MotionPool>();

/** The process's one motion pool for this app (made from its config on first use). */
export function motionPoolOf(app: AppContext): MotionPool {
  let pool = pools.get(app);
  if (!pool) {
    pool = createMotionPool({ concurrency: app.config.MOTION_CONCURRENCY, queue: app.config.MOTION_QUEUE });
    pools.set(app, pool);
  }
  return pool;
}
