import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

export interface SecurityHeaderOptions {
  /** HSTS only makes sense when the public origin is https. */
  hsts: boolean;
  /** Extra origins the page may connect to or load scripts from (e.g. the Google sign-in script). */
  scriptSources?: string[];
  connectSources?: string[];
  frameSources?: string[];
  /** Vite's dev server needs a websocket and inline module preambles. */
  development?: boolean;
}

/**
 * A per-request nonce for every script (no 'unsafe-inline' scripts); inline styles stay allowed for the
 * dialog and toast libraries (ARCHITECTURE.md, CSP note).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const nonce = randomBytes(16).toString("base64");
    c.set("nonce", nonce);
    await next();
    const scripts = [`'nonce-${nonce}'`, "'strict-dynamic'", ...(options.scriptSources ?? [])];
    const connect = ["'self'", ...(options.connectSources ?? []), ...(options.development ? ["ws:", "wss:"] : [])];
    const directives = [
      "default-src 'self'",
      `script-src ${scripts.join(" ")}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src ${connect.join(" ")}`,
      `frame-src ${["'self'", ...(options.frameSources ?? [])].join(" ")}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ];
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", directives.join("; "));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (options.hsts) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
