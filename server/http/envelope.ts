import { hash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorEnvelope } from "#common/envelope.ts";
import { AppError, type ErrorCode, httpStatusOf, isAppError, isErrorCode, messageKeyOf } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import type { AppEnv } from "./env.ts";
import { matchesEtag } from "./if-none-match.ts";

export function okEnvelope<T>(data: T) {
  return { status: 200 as const, data };
}

export function errorEnvelope(
  code: ErrorCode,
  language: Language,
  issues?: string[],
  vars?: Record<string, string | number>,
): ErrorEnvelope {
  const msgKey = messageKeyOf(code);
  const msg = translate(language, msgKey).replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    String(vars?.[name] ?? placeholder),
  );
  return { status: code, data: null, msg, msgKey, ...(issues ? { issues } : {}) };
}

/** Seconds a BUSY caller is told to wait (Retry-After): a decode takes about a second. */
const BUSY_RETRY_AFTER_SECONDS = 2;

/** A call's AppError as thrown, or INTERNAL_ERROR for anything else (a task's failure code included: no call answers it). */
function callErrorOf(error: unknown): AppError<ErrorCode> {
  if (isAppError(error) && isErrorCode(error.code)) return error as AppError<ErrorCode>;
  return new AppError("INTERNAL_ERROR", "unexpected error", { cause: error });
}

/** Any thrown value → the envelope the page understands. Unknown errors are logged and become INTERNAL_ERROR. */
export function respondWithError(c: Context<AppEnv>, error: unknown) {
  const appError = callErrorOf(error);
  if (appError.code === "INTERNAL_ERROR") c.var.log.error({ err: error }, "request failed");
  const status = httpStatusOf(appError.code) as ContentfulStatusCode;
  if (appError.code === "BUSY") c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  return c.json(errorEnvelope(appError.code, c.var.language, appError.issues, appError.vars), status);
}

/** Answers smaller than this go out uncompressed: the compression machinery costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024;

export type ContentEncoding = "br" | "gzip";

/**
 * An ok answer serialized once: its envelope's JSON, a weak ETag (a hash of that JSON, the same for
 * every content encoding) and its compressed forms, made on first need and kept with it. A cached
 * answer (the public-list cache) is sent again without JSON.stringify, hashing or compression
 * (decision 0022).
 */
export class PreparedAnswer<T = unknown> {
  readonly data: T;
  readonly text: string;
  readonly etag: string;
  #encoded: Partial<Record<ContentEncoding, Uint8Array<ArrayBuffer>>> = {};

  constructor(data: T) {
    this.data = data;
    this.text = JSON.stringify(okEnvelope(data));
    this.etag = `W/"${hash("sha1", this.text, "base64url")}"`;
  }

  #identity: Uint8Array<ArrayBuffer> | undefined;

  /** The UTF-8 bytes, encoded once: a string body is encoded again (and measured) on every write. */
  get bytes(): Uint8Array<ArrayBuffer> {
    this.#identity ??= new TextEncoder().encode(this.text);
    return this.#identity;
  }

  encoded(encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
    let bytes = this.#encoded[encoding];
    if (!bytes) {
      bytes = new Uint8Array(compress(this.text, encoding));
      this.#encoded[encoding] = bytes;
    }
    return bytes;
  }
}

export function compress(text: string, encoding: ContentEncoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
      })
    : gzipSync(text);
}

/** The encoding to answer `Accept-Encoding` with (brotli first), or null. */
export function encodingFor(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  return /\bbr\b/.test(acceptEncoding) ? "br" : /\bgzip\b/.test(acceptEncoding) ? "gzip" : null;
}

/**
 * A JSON answer, compressed here (brotli quality 4, or gzip) when it is large and the caller takes it:
 * small answers skip the compression machinery entirely and keep the server's fast write path.
 */
export function sendJson(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200) {
  const text = JSON.stringify(body);
  const encoding = text.length >= COMPRESS_FROM_BYTES ? encodingFor(c.req.header("accept-encoding")) : null;
  if (!encoding) return c.body(text, status, { "Content-Type": "application/json" });
  return c.body(new Uint8Array(compress(text, encoding)), status, {
    "Content-Type": "application/json",
    "Content-Encoding": encoding,
    Vary: "Accept-Encoding",
  });
}

/**
 * A prepared ok answer with its ETag and `Cache-Control: private, no-cache` (decision 0022): when the
 * request's If-None-Match names the ETag, 304 without a body. Only ever called after the call's
 * signature and access were checked, so a 304 never stands in for a refusal.
 */
export function sendPrepared(c: Context<AppEnv>, answer: PreparedAnswer) {
  const parts = preparedParts(answer, c.req.header("if-none-match"), c.req.header("accept-encoding"));
  return parts.status === 304 ? c.body(null, 304, parts.headers) : c.body(parts.body, 200, parts.headers);
}

/** `sendPrepared`'s answer as its status, headers and body (also written by the memory lane, decision 0057). */
export function preparedParts(
  answer: PreparedAnswer,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
):
  | { status: 304; headers: Record<string, string>; body: null }
  | { status: 200; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } {
  const compressible = answer.text.length >= COMPRESS_FROM_BYTES;
  const headers: Record<string, string> = { ETag: answer.etag, "Cache-Control": "private, no-cache" };
  if (compressible) headers.Vary = "Accept-Encoding";
  if (matchesEtag(ifNoneMatch, answer.etag)) return { status: 304, headers, body: null };
  headers["Content-Type"] = "application/json";
  const encoding = compressible ? encodingFor(acceptEncoding) : null;
  if (!encoding) return { status: 200, headers, body: answer.bytes };
  headers["Content-Encoding"] = encoding;
  return { status: 200, headers, body: answer.encoded(encoding) };
}
