/**
 * Animating a sticker takes seconds of CPU and a few hundred MB of frames (decision 0041), so it runs
 * in child processes (motion-worker.ts), never on the caller's event loop nor in its heap: at most
 * MOTION_CONCURRENCY stickers at once, MOTION_QUEUE more waiting for a turn, and past that BUSY at
 * once, like the upload decode pool (server/uploads/decode-pool.ts). A child that crashes fails its
 * job only; the next job starts another.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { AppError, isFailureCode } from "#common/errors.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { AppContext } from "../context.ts";
import type { MotionFileKind } from "./file-ladders.ts";
import type { StickerLayers } from "./layers.ts";
import type { MotionFileSet, MotionFiles } from "./make-motion-files.ts";
import type { MotionAnswer, MotionRequest, MotionUsage } from "./motion-worker.ts";

export interface MotionPool {
  makeFiles(layers: StickerLayers, preset: MotionPreset): Promise<MotionFiles>;
  makeFiles<K extends MotionFileKind>(layers: StickerLayers, preset: MotionPreset, only: readonly K[]): Promise<MotionFileSet<K>>;
  makePreview(layers: StickerLayers, preset: MotionPreset): Promise<Buffer>;
  /** Ends the child processes; jobs still running fail. */
  close(): Promise<void>;
  /** Stickers being animated now, and stickers waiting for a turn. */
  readonly running: number;
  readonly waiting: number;
  /** The largest resident memory a child reached, and one of their FFmpeg processes, in bytes (the bench's figures). */
  readonly usage: MotionUsage;
}

/**
 * Each encoder copies the frames; with many malloc arenas the freed copies stay as fragments and a
 * child's peak grew to ~700 MB on a photo sticker's six files. Two arenas kept it under 600 MB at the
 * same speed (npm run bench:motion). Other C libraries ignore the variable.
 */
export const MOTION_CHILD_ENV = { MALLOC_ARENA_MAX: "2" } as const;

const workerFile = fileURLToPath(new URL("./motion-worker.ts", import.meta.url));

/** Previews may wait in this many places for each place a sticker's files may: a picker asks for nine at once. */
const PREVIEWS_PER_PLACE = 4;

interface Slot {
  worker: ChildProcess;
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
  const usage: MotionUsage = { peakRss: 0, peakFfmpegRss: 0 };

  function startSlot(): Slot {
    const worker = fork(workerFile, [], {
      serialization: "advanced",
      env: { ...process.env, ...MOTION_CHILD_ENV },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const slot: Slot = { worker, pending: new Map() };
    worker.on("message", (answer: MotionAnswer) => {
      if (answer.usage) {
        usage.peakRss = Math.max(usage.peakRss, answer.usage.peakRss);
        usage.peakFfmpegRss = Math.max(usage.peakFfmpegRss, answer.usage.peakFfmpegRss);
      }
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
    slot.worker.channel?.ref();
    try {
      const id = nextId++;
      return await new Promise<T>((resolve, reject) => {
        slot.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        slot.worker.send({ id, ...request } satisfies MotionRequest);
      });
    } finally {
      if (all.has(slot) && !closed) {
        // An idle child must not keep the process alive.
        slot.worker.unref();
        slot.worker.channel?.unref();
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
      await Promise.all(
        [...all].map(
          (slot) =>
            new Promise<void>((done) => {
              if (slot.worker.exitCode !== null || slot.worker.signalCode !== null) return done();
              // An idle child is unreferenced: wait for its end with the loop held open.
              slot.worker.ref();
              slot.worker.once("exit", () => done());
              slot.worker.kill();
            }),
        ),
      );
      all.clear();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    get usage() {
      return { ...usage };
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

/** Ends this app's motion children, if it started any (at shutdown, after the jobs stopped). */
export async function closeMotionPool(app: AppContext): Promise<void> {
  const pool = pools.get(app);
  pools.delete(app);
  await pool?.close();
}
