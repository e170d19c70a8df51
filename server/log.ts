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
