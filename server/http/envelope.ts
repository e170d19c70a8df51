import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, type ErrorCode, type ErrorEnvelope, httpStatusOf, messageKeyOf } from "#common/errors.ts";
import { translate } from "#common/i18n/catalogs.ts";
import type { Language } from "#common/languages.ts";
import type { AppEnv } from "./env.ts";

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

/** Any thrown value → the envelope the page understands. Unknown errors are logged and become INTERNAL_ERROR. */
export function respondWithError(c: Context<AppEnv>, error: unknown) {
  const appError = error instanceof AppError ? error : new AppError("INTERNAL_ERROR", "unexpected error", { cause: error });
  if (appError.code === "INTERNAL_ERROR") c.var.log.error({ err: error }, "request failed");
  const status = httpStatusOf(appError.code) as ContentfulStatusCode;
  if (appError.code === "BUSY") c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  return c.json(errorEnvelope(appError.code, c.var.language, appError.issues, appError.vars), status);
}

const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer, compressed here (brotli quality 4, or gzip) when it is large and the caller takes it:
 * small answers skip the compression machinery entirely and keep the server's fast write path.
 */
export function sendJson(c: Context<AppEnv>, body: unknown, status: ContentfulStatusCode = 200) {
  const text = JSON.stringify(body);
  const accepted = text.length >= COMPRESS_FROM_BYTES ? (c.req.header("accept-encoding") ?? "") : "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
  if (!encoding) return c.body(text, status, { "Content-Type": "application/json" });
  const compressed =
    encoding === "br"
      ? brotliCompressSync(text, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
        })
      : gzipSync(text);
  return c.body(new Uint8Array(compressed), status, {
    "Content-Type": "application/json",
    "Content-Encoding": encoding,
    Vary: "Accept-Encoding",
  });
}
