import type { ErrorCode } from "./errors.ts";

/**
 * The envelope every call answers in (spec §7), apart from the error model's codes (errors.ts), so
 * the page's API client reads answers without carrying every code's status and catalog key.
 */
/** Success statuses of the envelope (spec §7: 200 or "OK"). */
export type SuccessStatus = 200 | "OK";

export interface SuccessEnvelope<T> {
  status: SuccessStatus;
  data: T;
}

export interface ErrorEnvelope {
  status: ErrorCode;
  data: null;
  /** The translated message (spec §8 reads errMsg, errorMessage, msg or message). */
  msg: string;
  /** The catalog key of `msg`, so the page can translate it again. */
  msgKey: string;
  /** Field problems for INVALID_INPUT, as `path: message`. */
  issues?: string[];
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export function isSuccess<T>(envelope: Envelope<T>): envelope is SuccessEnvelope<T> {
  return envelope.status === 200 || envelope.status === "OK";
}
