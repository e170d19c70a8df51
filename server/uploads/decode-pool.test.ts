import { describe, expect, it } from "vitest";
import { AppError } from "#common/errors.ts";
import { parseConfig } from "../config.ts";
import { createDecodePool } from "./decode-pool.ts";

/** A job that runs until the test lets it finish. */
function heldJob(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const job = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { job, finish };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function busyError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("the upload decode pool", () => {
  it("runs at most N jobs at once and refuses the next with BUSY when no place is left to wait", async () => {
    const pool = createDecodePool({ concurrency: 2, queue: 0 });
    const log: string[] = [];
    const a = heldJob(log, "a");
    const b = heldJob(log, "b");
    const first = pool.run(a.job);
    const second = pool.run(b.job);
    await settle();
    expect(log).toEqual(["start a", "start b"]);
    expect(pool.running).toBe(2);

    let ran = false;
    const error = await busyError(
      pool.run(async () => {
        ran = true;
      }),
    );
    expect(error.code).toBe("BUSY");
    expect(ran).toBe(false);

    a.finish();
    expect(await first).toBe("a");
    // A slot is free again: the next job runs.
    expect(await pool.run(async () => "c")).toBe("c");
    b.finish();
    expect(await second).toBe("b");
    expect([pool.running, pool.waiting]).toEqual([0, 0]);
  });

  it("lets up to `queue` jobs wait, starts them in arrival order as slots free, and refuses the one after", async () => {
    const pool = createDecodePool({ concurrency: 1, queue: 2 });
    const log: string[] = [];
    const a = heldJob(log, "a");
    const b = heldJob(log, "b");
    const c = heldJob(log, "c");
    const runs = [pool.run(a.job), pool.run(b.job), pool.run(c.job)];
    await settle();
    expect(log).toEqual(["start a"]);
    expect([pool.running, pool.waiting]).toEqual([1, 2]);
    expect((await busyError(pool.run(async () => "d"))).code).toBe("BUSY");

    a.finish();
    await settle();
    expect(log).toEqual(["start a", "end a", "start b"]);
    // The freed slot went to the waiter: a newcomer still finds the pool full.
    expect([pool.running, pool.waiting]).toEqual([1, 1]);
    b.finish();
    c.finish();
    expect(await Promise.all(runs)).toEqual(["a", "b", "c"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect([pool.running, pool.waiting]).toEqual([0, 0]);
  });

  it("frees the slot of a job that fails", async () => {
    const pool = createDecodePool({ concurrency: 1, queue: 0 });
    await expect(pool.run(() => Promise.reject(new AppError("UPLOAD_UNREADABLE")))).rejects.toMatchObject({
      code: "UPLOAD_UNREADABLE",
    });
    expect(pool.running).toBe(0);
    expect(await pool.run(async () => "next")).toBe("next");
  });

  it("defaults to one slot per CPU core and a short wait queue", async () => {
    const { availableParallelism } = await import("node:os");
    const config = parseConfig({});
    expect(config.UPLOAD_DECODE_CONCURRENCY).toBe(availableParallelism());
    expect(config.UPLOAD_DECODE_QUEUE).toBe(4);
    expect(parseConfig({ UPLOAD_DECODE_CONCURRENCY: "3" }).UPLOAD_DECODE_CONCURRENCY).toBe(3);
  });
});
