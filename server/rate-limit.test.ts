import { describe, expect, it } from "vitest";
import { AppError } from "#common/errors.ts";
import { closeRateLimits, connectRateLimitStore, createRateLimit } from "./rate-limit.ts";

describe("rate limits", () => {
  it("allows the given points per window in memory, then answers RATE_LIMITED", async () => {
    const limit = createRateLimit({ REDIS_URL: undefined }, { name: `mem-${Date.now()}`, points: 3, durationSeconds: 60 });
    for (let i = 0; i < 3; i += 1) await limit.consume("client-a");
    await expect(limit.consume("client-a")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(limit.consume("client-b")).resolves.toBeUndefined();
  });

  it.runIf(process.env.TEST_REDIS_URL)("shares one count between processes through Redis when REDIS_URL is set", async () => {
    const name = `redis-${process.pid}-${Date.now()}`;
    const config = { REDIS_URL: process.env.TEST_REDIS_URL };
    expect(await connectRateLimitStore(config)).toBe(true);
    // Two limiters with the same name stand for two app processes.
    const first = createRateLimit(config, { name, points: 2, durationSeconds: 60 });
    const second = createRateLimit(config, { name, points: 2, durationSeconds: 60 });
    await first.consume("client");
    await second.consume("client");
    const error = await first.consume("client").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("RATE_LIMITED");
    await closeRateLimits();
  });
});
