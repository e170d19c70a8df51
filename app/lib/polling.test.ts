import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POLL_MS, pollDelay, SLOW_POLL_MS, startPolling } from "./polling.ts";

describe("pollDelay", () => {
  it("asks every second for the first 30 s, then every 2.5 s", () => {
    expect(pollDelay(0)).toBe(POLL_MS);
    expect(pollDelay(30_000)).toBe(POLL_MS);
    expect(pollDelay(30_001)).toBe(SLOW_POLL_MS);
    expect(pollDelay(600_000)).toBe(SLOW_POLL_MS);
  });
});

describe("startPolling", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const gone = new Error("gone");

  function follow(answers: Array<number | Error>) {
    const seen: number[] = [];
    const onGone = vi.fn();
    const fetch = vi.fn(async () => {
      const next = answers.shift() ?? 0;
      if (next instanceof Error) throw next;
      return next;
    });
    const stop = startPolling(
      { fetch, onValue: (value) => seen.push(value), isDone: (value) => value >= 100, isGone: (error) => error === gone, onGone },
      { now: () => Date.now() },
    );
    return { seen, onGone, fetch, stop };
  }

  it("asks at once, then each second until the answer is final", async () => {
    const { seen, fetch } = follow([10, 50, 100, 100]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([10]);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([10, 50]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([10, 50, 100]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("keeps asking through a blip, and stops when the job is gone", async () => {
    const { seen, onGone, fetch } = follow([new Error("network"), 20, gone, 30]);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([20]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(onGone).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("slows to 2.5 s after 30 s", async () => {
    const { fetch } = follow([]);
    await vi.advanceTimersByTimeAsync(30_000);
    const at30 = fetch.mock.calls.length;
    expect(at30).toBe(31);
    await vi.advanceTimersByTimeAsync(2499);
    expect(fetch).toHaveBeenCalledTimes(at30 + 1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(fetch).toHaveBeenCalledTimes(at30 + 2);
  });

  it("reports nothing and asks no more once stopped", async () => {
    const { seen, fetch, stop } = follow([10, 20]);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
