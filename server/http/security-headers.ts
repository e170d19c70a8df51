import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

export interface SecurityHeaderOptions {
  /** HSTS only makes sense when the public origin is https. */
  hsts: boolean;
  /** Extra origins the page may connect to or load scripts from (e.g. the Google sign-in script). */
  scriptSources?: string[];
  connectSources?: string[];
  frameSources?: string[];
  styleSources?: string[];
  /** Vite's dev server needs a websocket. */
  development?: boolean;
}

export function newNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * The headers every page carries: a CSP with this request's nonce for every script (no
 * 'unsafe-inline' scripts; inline styles stay allowed for dialog and toast libraries), nosniff,
 * referrer policy, no framing, HSTS on https.
 */
export function securityHeaderValues(options: SecurityHeaderOptions, nonce: string): Record<string, string> {
  return documentHeaders(options, contentSecurityPolicy(options, [`'nonce-${nonce}'`, "'strict-dynamic'"]));
}

function documentHeaders(options: SecurityHeaderOptions, policy: string): Record<string, string> {
  return {
    "Content-Security-Policy": policy,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    ...(options.hsts ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The policy of a JSON answer: it is never a document that runs scripts, so it needs no nonce (and no
 * random bytes per call); it may load nothing and be framed by nothing.
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of a page shared between visitors (server/pages/page-cache.ts, decision 0021): its bytes
 * are reused, so no nonce can be live in them. Its inline scripts are allowed by their SHA-256
 * hashes, the build's modules by 'self' (no 'strict-dynamic', which would ignore 'self' and refuse
 * the module preloads); everything else is the per-response policy.
 */
export function sharedPagePolicy(options: SecurityHeaderOptions, scriptHashes: readonly string[]): string {
  return contentSecurityPolicy(options, ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)]);
}

function contentSecurityPolicy(options: SecurityHeaderOptions, scriptSources: string[]): string {
  const scripts = [...scriptSources, ...(options.scriptSources ?? [])];
  const connect = ["'self'", ...(options.connectSources ?? []), ...(options.development ? ["ws:", "wss:"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    `style-src ${["'self'", "'unsafe-inline'", ...(options.styleSources ?? [])].join(" ")}`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${["'self'", ...(options.frameSources ?? [])].join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What the socket layer chose for this request (see `withSocketHeaders`). */
export type PreparedIncoming = IncomingMessage & { cspNonce?: string; requestId?: string; givenRequestId?: string | null };

/**
 * A request's id is always ours (decision 0033): the log, the 500 page and the X-Request-Id answer
 * header name it, so a caller must not be able to pick it (to collide with another request's lines,
 * or to put words of its own in front of support).
 */
export function newRequestId(): string {
  return randomUUID();
}

/** The most of a caller's X-Request-Id the log keeps. */
export const GIVEN_REQUEST_ID_MAX = 64;

/**
 * The caller's (or a proxy's) X-Request-Id, for the request's log line only (`givenReqId`), never as
 * our id: at most GIVEN_REQUEST_ID_MAX characters, anything but `A–Z a–z 0–9 . _ : -` made `_`; null
 * when absent or empty.
 */
export function givenRequestIdOf(value: string | string[] | undefined | null): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== "string" || first === "") return null;
  return first.slice(0, GIVEN_REQUEST_ID_MAX).replace(/[^A-Za-z0-9._:-]/g, "_");
}

/** Google Identity Services loads its script, button frame and styles from here (when enabled). */
const GOOGLE_SIGN_IN = "https://accounts.google.com/gsi/";

export function securityOptionsFor(
  config: { secure: boolean; GOOGLE_CLIENT_ID?: string | undefined },
  development = false,
): SecurityHeaderOptions {
  const google = config.GOOGLE_CLIENT_ID ? [GOOGLE_SIGN_IN] : [];
  return {
    hsts: config.secure,
    development,
    scriptSources: google,
    connectSources: google,
    frameSources: google,
    styleSources: google,
  };
}

/** Which header set an answer gets, by its path's prefix alone (the query does not matter). */
export type AnswerKind = "file" | "api" | "page";

export function answerKindOf(path: string): AnswerKind {
  if (path.startsWith("/assets/") || path.startsWith("/files/")) return "file";
  return path.startsWith("/api/") || SERVICE_ANSWER.test(path) ? "api" : "page";
}

/** Health, readiness, metrics and the pages' vitals beacon: answers for machines, never documents. */
const SERVICE_ANSWER = /^\/(healthz|readyz|metrics|vitals)(\?|$)/;

interface HeaderSets {
  file: [string, string][];
  api: [string, string][];
  /** A page's headers but its policy, and the policy around the nonce. */
  page: [string, string][];
  policy: [before: string, after: string];
}

const headerSets = new WeakMap<SecurityHeaderOptions, HeaderSets>();

/** The fixed parts of the three header sets, worked out once per options object. */
function headerSetsOf(options: SecurityHeaderOptions): HeaderSets {
  let sets = headerSets.get(options);
  if (!sets) {
    const MARK = "\u0000nonce\u0000";
    const [before = "", after = ""] = securityHeaderValues(options, MARK)["Content-Security-Policy"]!.split(MARK);
    const { "Content-Security-Policy": _, ...rest } = documentHeaders(options, "");
    sets = {
      file: [["X-Content-Type-Options", "nosniff"]],
      api: Object.entries(documentHeaders(options, API_POLICY)),
      page: Object.entries(rest),
      policy: [before, after],
    };
    headerSets.set(options, sets);
  }
  return sets;
}

/**
 * The security headers of one answer — the one decision both paths below apply. Hashed assets and
 * stored images are not documents: the page's policy travels with the page, and ~1 kB of headers on
 * each of a page's 25 scripts would cost more than a script, so they get nosniff alone. JSON answers
 * (calls, health, readiness, metrics) get the fixed API_POLICY; pages the policy with their nonce.
 */
export function securityHeadersFor(kind: AnswerKind, options: SecurityHeaderOptions, nonce: string): [string, string][] {
  const sets = headerSetsOf(options);
  if (kind !== "page") return sets[kind];
  return [["Content-Security-Policy", `${sets.policy[0]}${nonce}${sets.policy[1]}`], ...sets.page];
}

/**
 * Production and dev: on a real socket the headers (and our X-Request-Id) are set on Node's response
 * before Hono answers — Node merges them into the answer at a fraction of the cost of mutating a web
 * Headers object per request (measured with `npm run bench`). A header the handler sets itself wins.
 */
export function withSocketHeaders(
  options: SecurityHeaderOptions,
  listener: (req: IncomingMessage, res: ServerResponse) => unknown,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const prepared = req as PreparedIncoming;
    // The decision reads the path's prefix only, so the raw URL (query and all) serves as it is.
    const kind = answerKindOf(req.url ?? "/");
    if (kind === "page") prepared.cspNonce = newNonce();
    prepared.requestId = newRequestId();
    prepared.givenRequestId = givenRequestIdOf(req.headers["x-request-id"]);
    res.setHeader("X-Request-Id", prepared.requestId);
    for (const [name, value] of securityHeadersFor(kind, options, prepared.cspNonce ?? "")) res.setHeader(name, value);
    void listener(req, res);
  };
}

/**
 * Hands the page its CSP nonce. A request without a socket (`app.request` in tests) gets the same
 * headers from `securityHeadersFor`, set where the handler did not set its own (as Node merges them).
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: PreparedIncoming } | undefined)?.incoming;
    if (incoming?.requestId) {
      c.set("nonce", incoming.cspNonce ?? "");
      return next();
    }
    const kind = answerKindOf(c.req.path);
    const nonce = kind === "page" ? newNonce() : "";
    c.set("nonce", nonce);
    await next();
    for (const [name, value] of securityHeadersFor(kind, options, nonce)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
