/**
 * Decoding an uploaded picture is the costliest thing a request can ask of this process (CPU and up
 * to a few hundred MB of memory, server/uploads/read-upload.ts). The pool runs at most
 * UPLOAD_DECODE_CONCURRENCY decodes at once and lets UPLOAD_DECODE_QUEUE more wait for a turn; a
 * request past that answers BUSY at once instead of lengthening the wait for everyone (decision 0015).
 */
import { AppError } from "#common/errors.ts";
import type { AppContext } from "../context.ts";

export interface DecodePool {
  /** Runs `job` when a slot is free; throws BUSY when every slot and every waiting place is taken. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now, and jobs waiting for a slot. */
  readonly running: number;
  readonly waiting: number;
}

export function createDecodePool(options: { concurrency: number; queue: number }): DecodePool {
  let running = 0;
  const waiting: (() => void)[] = [];

  function release() {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    if (next) next();
    else running -= 1;
  }

  return {
    async run(job) {
      if (running < options.concurrency) running += 1;
      else if (waiting.length < options.queue) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new AppError("BUSY");
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

const pools = new WeakMap<AppContext, DecodePool>();

/** The process's one pool for this app (made from its config on first use). */
export function decodePoolOf(app: AppContext): DecodePool {
  let pool = pools.get(app);
  if (!pool) {
    pool = createDecodePool({ concurrency: app.config.UPLOAD_DECODE_CONCURRENCY, queue: app.config.UPLOAD_DECODE_QUEUE });
    pools.set(app, pool);
  }
  return pool;
}
