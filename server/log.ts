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

/** What the one line each request leaves says of it. */
export interface RequestLine {
  reqId: string | undefined;
  method: string;
  /** Without its query. */
  path: string;
  status: number;
  ms: number;
  client: string;
  /** What the caller (or a proxy in front) called the request, to match its own records: never our id. */
  givenReqId: string | null | undefined;
}

/**
 * Writes each request's "request" line, in one shape for the app and the memory lane (decision 0057).
 * None of its fields is a secret, so it skips the redaction every other line goes through, which was
 * half the cost of logging a request.
 */
export function requestLogger(log: Logger): (line: RequestLine) => void {
  const lines = log.child({}, { redact: [] });
  return ({ givenReqId, ms, ...line }) => {
    const rounded = { ...line, ms: Math.round(ms * 10) / 10 };
    lines.info(givenReqId ? { ...rounded, givenReqId } : rounded, "request");
  };
}
