import { Redis } from "ioredis";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "#common/errors.ts";
import type { Config } from "./config.ts";

export interface RateLimit {
  /** Counts one hit for `key`; throws RATE_LIMITED past the limit. */
  consume(key: string): Promise<void>;
}

export interface RateLimitOptions {
  name: string;
  points: number;
  durationSeconds: number;
}

let sharedRedis: Redis | null = null;

function redisFor(url: string) {
  sharedRedis ??= new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  return sharedRedis;
}

/**
 * Connects the shared Redis before the first request, so limits are shared from the start; until it
 * answers (or if it goes away) each process falls back to its own memory count.
 */
export async function connectRateLimitStore(config: Pick<Config, "REDIS_URL">, timeoutMs = 5000): Promise<boolean> {
  if (!config.REDIS_URL) return false;
  const redis = redisFor(config.REDIS_URL);
  if (redis.status === "ready") return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    redis.once("ready", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Limits live in Redis when REDIS_URL is set (shared by every process), else in this process. */
export function createRateLimit(
  config: Pick<Config, "REDIS_URL">,
  { name, points, durationSeconds }: RateLimitOptions,
): RateLimit {
  let limiter: RateLimiterAbstract;
  if (config.REDIS_URL) {
    limiter = new RateLimiterRedis({
      storeClient: redisFor(config.REDIS_URL),
      keyPrefix: `rl:${name}`,
      points,
      duration: durationSeconds,
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration: durationSeconds }),
    });
  } else {
    limiter = new RateLimiterMemory({ keyPrefix: `rl:${name}`, points, duration: durationSeconds });
  }
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new AppError("RATE_LIMITED");
        throw error;
      }
    },
  };
}

export async function closeRateLimits() {
  await sharedRedis?.quit().catch(() => undefined);
  sharedRedis = null;
}
