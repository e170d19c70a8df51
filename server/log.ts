import pino from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

export function createLogger(config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: "sticker-studio" },
    redact: ["req.headers.cookie", "req.headers.authorization", "*.token", "*.signingKey"],
  });
}

/**
 * The logger of the one line each request leaves ("request": method, path without its query, status,
 * time, client address, ids). None of those is a secret, so it skips the redaction every other line
 * goes through, which was half the cost of logging a request.
 */
export function requestLines(log: Logger): Logger {
  return log.child({}, { redact: [] });
}
