import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parse } from "hono/utils/cookie";
import { DEFAULT_LANGUAGE, isLanguage, type Language, languageFromAcceptLanguage } from "#common/languages.ts";
import { LANGUAGE_COOKIE } from "#common/site.ts";
import type { AppContext } from "../context.ts";
import type { AppEnv } from "../http/env.ts";
import { matchesEtag } from "../http/if-none-match.ts";
import type { LaneAnswer, LaneRequest } from "../http/memory-lane.ts";
import { answerKindOf, newNonce, type SecurityHeaderOptions, sharedPagePolicy } from "../http/security-headers.ts";
import { idsOfChange, onPagesChanged, type PagesChange } from "./page-changes.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A page render as the server app makes it (React Router behind `PageRenderer`). */
export type CachedPageRenderer = (
  request: Request,
  context: { requestId: string; localStandIns: boolean; nonce: string },
) => Promise<Response>;

export interface PageCacheOptions {
  /** Seconds an entry is served as it is (`PAGE_CACHE_SECONDS`; 0 turns the cache off). */
  ttlSeconds: number;
  /** Seconds past that an entry is still served while one request renders it anew. */
  staleSeconds?: number;
  maxEntries?: number;
  /** Bytes of all entries together (the three encodings of each). */
  maxBytes?: number;
  security: SecurityHeaderOptions;
  /** Renders a page for the cache: the page route's own renderer, with no nonce. */
  render: CachedPageRenderer;
  /**
   * The page route's compression, applied to a render that could not be shared. Shared answers never
   * pass through it: they are compressed already, and reading a cached body there would copy it.
   */
  compress: MiddlewareHandler;
}

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** The headers of a hit in each encoding, made once (a hit then copies nothing). */
  hits: Record<Encoding, Record<string, string>>;
  storedAt: number;
  bytes: number;
}

/** How one answer was found: a fresh entry, a stale one (renewed behind it), or a new render. */
export type PageCacheOutcome = "hit" | "stale" | "miss";

/** How many recent changes a render under way is checked against before it is kept (older: not kept). */
const MAX_RECENT_CHANGES = 256;

/**
 * The query parameters a page reads while it renders (search: `q`, `page`; the error page: `message`,
 * `requestId`; a sticker's "Try it": `styleId`, `styleType`). A shared page is kept and rendered with
 * only these, so `/?x=1`, `/?x=2`… are one entry, not one each pushing hot pages out. A page that
 * reads a new parameter while rendering names it here.
 */
export const SHARED_PAGE_PARAMS = ["message", "page", "q", "requestId", "styleId", "styleType"] as const;

/** The query of a shared page: the parameters pages read, first value each, in one order ("" if none). */
export function sharedSearch(query: string): string {
  if (!query) return "";
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of SHARED_PAGE_PARAMS) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `?${search}` : "";
}

/** The header naming the outcome (tests and operators read it; a CDN ignores it). */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** The user agent of a cache fill's render: a crawler's, so the whole page is rendered before it is kept. */
const FILL_USER_AGENT = "StickerStudioPageCache/1 (bot)";

/** Both names the page's session cookie takes (decision 0012): either means "not a visitor". */
const SESSION_COOKIES = ["token", "__Host-token"];

/**
 * Pages whose answer depends on more than the address: the payments sandbox (only for direct local
 * requests, decision 0012) and a checkout's success page (it applies the buyer's checkout).
 */
// Case-insensitive, as React Router matches routes.
const NEVER_SHARED = /^\/(?:[A-Za-z-]+\/)?(?:billing\/|rechargeSuccess(?:\/|$))/i;

/**
 * React Router's lazy route discovery (`/__manifest?p=…&version=…`): an answer for the browser's own
 * build, not a page, read with all its parameters.
 */
const ROUTE_MANIFEST = "/__manifest";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The page without its fill's nonce: no nonce in shared bytes is live anywhere (decision 0021). */
function withoutNonce(html: string, nonce: string): string {
  return nonce ? html.replaceAll(`nonce="${nonce}"`, 'nonce=""') : html;
}

/**
 * SHA-256 (base64) of the text of every inline script that carries the fill's own nonce: what the
 * shared policy allows. The server's render puts the nonce on each of its scripts; a script that does
 * not carry it (one an HTML injection would have put in the page) is not allowed.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  const own = `nonce="${nonce}"`;
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? "") || !nonce || !(attributes ?? "").includes(own)) continue;
    hashes.add(
      createHash("sha256")
        .update(text ?? "", "utf8")
        .digest("base64"),
    );
  }
  return [...hashes];
}

/**
 * The language a page request renders in, or null when the page answers with a redirect instead:
 * a prefixed path is its prefix's language; an unprefixed one is English unless the `lang` cookie or,
 * on a first visit, Accept-Language sends the visitor to their prefix (app/routes/language.tsx, spec §1).
 */
export function renderedLanguage(
  pathname: string,
  cookies: Record<string, string>,
  acceptLanguage: string | null,
): Language | null {
  const first = pathname.split("/")[1];
  if (first && isLanguage(first)) return first === DEFAULT_LANGUAGE ? null : first;
  const remembered = cookies[LANGUAGE_COOKIE];
  const wanted = isLanguage(remembered)
    ? remembered
    : remembered === undefined
      ? languageFromAcceptLanguage(acceptLanguage)
      : DEFAULT_LANGUAGE;
  return wanted === DEFAULT_LANGUAGE ? DEFAULT_LANGUAGE : null;
}

/** A page for one reader: a shared cache (a CDN) must not keep it, unless the route said otherwise. */
function markPrivate(response: Response) {
  if (response.headers.has("Cache-Control")) return;
  try {
    response.headers.set("Cache-Control", "private, no-cache");
  } catch {
    // Response.redirect()'s headers are immutable: such an answer goes out with the headers it has.
  }
}

function headersOf(shared: Record<string, string>, encoding: Encoding, body: Buffer, outcome: PageCacheOutcome) {
  const headers: Record<string, string> = { ...shared, "Content-Length": String(body.length), [PAGE_CACHE_HEADER]: outcome };
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return headers;
}

/**
 * The shared cache of pages rendered for visitors (decision 0021). Only GET and HEAD requests with no
 * session cookie and no Authorization header take part; they are rendered from a request made of the
 * key alone (the public address, path and query; no cookie, no client header), so an entry cannot
 * hold anything of the request that filled it. Only whole 200 text/html answers without Set-Cookie
 * are kept, compressed once (brotli, gzip, identity), with an ETag and a CSP listing the hashes of
 * their inline scripts. Every other page request renders as before and is marked
 * `Cache-Control: private, no-cache`.
 */
export function createPageCache(app: Pick<AppContext, "config" | "log" | "database">, options: PageCacheOptions) {
  const ttlMs = options.ttlSeconds * 1000;
  const staleMs = (options.staleSeconds ?? options.ttlSeconds) * 1000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const origin = new URL(app.config.PUBLIC_URL).origin;
  const entries = new Map<string, Entry>();
  const filling = new Map<string, Promise<Entry | Response>>();
  let bytes = 0;
  /** Bumped by every change: a render begun before it is kept only if it shows nothing that left. */
  let generation = 0;
  /** The ids each recent change named (null: everything), by the generation it made. */
  const recentChanges: { generation: number; ids: string[] | null }[] = [];
  const sharedControl = `public, max-age=0, s-maxage=${options.ttlSeconds}, stale-while-revalidate=${options.staleSeconds ?? options.ttlSeconds}`;

  /** Whether a page shows a sticker or pack by one of `ids` (a page that shows one holds its id). */
  const shows = (page: Buffer, ids: readonly string[]) => ids.some((id) => page.includes(id));

  /**
   * A sticker or pack left the public pages (decision 0021): drop the entries that show it, or all of
   * them for "everything". Renders already under way are not joined any more, and are kept only if
   * they show nothing that left meanwhile.
   */
  function forget(change: PagesChange = "everything") {
    generation += 1;
    filling.clear();
    const ids = change === "everything" ? null : idsOfChange(change);
    recentChanges.push({ generation, ids });
    if (recentChanges.length > MAX_RECENT_CHANGES) recentChanges.shift();
    if (!ids) {
      entries.clear();
      bytes = 0;
      return;
    }
    for (const [key, entry] of entries) if (shows(entry.identity, ids)) drop(key);
  }

  /** Whether a render begun at `startedIn` may be kept: nothing it could show left since. */
  function stillTrue(startedIn: number, page: Buffer) {
    if (startedIn === generation) return true;
    const since = recentChanges.filter((change) => change.generation > startedIn);
    if (since.length < generation - startedIn) return false;
    return since.every((change) => change.ids !== null && !shows(page, change.ids));
  }

  function drop(key: string) {
    const old = entries.get(key);
    if (!old) return;
    bytes -= old.bytes;
    entries.delete(key);
  }

  function store(key: string, entry: Entry) {
    drop(key);
    if (entry.bytes > maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // Oldest first out (Map order is insertion order; a hit moves its entry to the end).
    for (const [oldKey, oldest] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(oldKey);
      bytes -= oldest.bytes;
    }
  }

  /**
   * An answer rendered for the cache that cannot be shared (a 404, an error page) goes out with the
   * hash policy of its own inline scripts, like a shared page, and without its fill's nonce.
   */
  async function withOwnPolicy(response: Response, nonce: string): Promise<Response> {
    if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html") || !response.body) return response;
    const rendered = await response.text();
    const html = withoutNonce(rendered, nonce);
    const headers = new Headers(response.headers);
    headers.set("Content-Security-Policy", sharedPagePolicy(options.security, inlineScriptHashes(rendered, nonce)));
    headers.delete("Content-Length");
    return new Response(html, { status: response.status, statusText: response.statusText, headers });
  }

  async function toEntry(response: Response, vary: string, nonce: string): Promise<Entry | null> {
    const type = response.headers.get("Content-Type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("Set-Cookie") || !response.body)
      return null;
    const html = await response.text();
    const identity = Buffer.from(withoutNonce(html, nonce), "utf8");
    const [br, gz] = await Promise.all([
      brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gzipped(identity, { level: 6 }),
    ]);
    const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!/^(content-length|content-encoding|cache-control|vary|etag|date|content-security-policy)$/i.test(name))
        headers[name] = value;
    });
    headers["Content-Security-Policy"] = sharedPagePolicy(options.security, inlineScriptHashes(html, nonce));
    headers["Cache-Control"] = sharedControl;
    headers.Vary = vary;
    headers.ETag = etag;
    const bodies = { identity, br, gzip: gz };
    const hits = Object.fromEntries(
      (["br", "gzip", "identity"] as const).map((encoding) => [encoding, headersOf(headers, encoding, bodies[encoding], "hit")]),
    ) as Entry["hits"];
    return { ...bodies, etag, headers, hits, storedAt: Date.now(), bytes: identity.length + br.length + gz.length };
  }

  /** Renders the page of `key` once, however many requests ask meanwhile; keeps it when it may be shared. */
  function fill(
    key: string,
    url: string,
    vary: string,
    render: CachedPageRenderer,
    context: { requestId: string; localStandIns: boolean },
  ) {
    const running = filling.get(key);
    // A fresh nonce per fill marks the render's own scripts; it is hashed, then taken out of the page.
    const nonce = newNonce();
    if (running) return running;
    const startedIn = generation;
    const result = (async () => {
      // Rendered as for a crawler (app/entry.server.tsx waits for the whole page then), so a shared
      // page is never a shell cut short by the stream's timeout.
      const response = await render(new Request(url, { headers: { Accept: "text/html", "User-Agent": FILL_USER_AGENT } }), {
        ...context,
        nonce,
      });
      const entry = await toEntry(response, vary, nonce);
      if (!entry) {
        // The page is no longer a shareable 200 (say, its sticker went private): a stale copy must go.
        if (generation === startedIn) drop(key);
        return withOwnPolicy(response, nonce);
      }
      if (stillTrue(startedIn, entry.identity)) store(key, entry);
      return entry;
    })();
    filling.set(key, result);
    const done = () => {
      if (filling.get(key) === result) filling.delete(key);
    };
    result.then(done, done);
    return result;
  }

  /** A kept page's answer to one request: a 304 when the reader has it, else its body in their encoding. */
  function answerParts(
    entry: Entry,
    outcome: PageCacheOutcome,
    ifNoneMatch: string | undefined,
    acceptEncoding: string,
  ): { status: 200 | 304; headers: Record<string, string>; body: Buffer | null } {
    if (matchesEtag(ifNoneMatch, entry.etag)) {
      return {
        status: 304,
        headers: {
          ETag: entry.etag,
          // A browser or CDN copies a 304's headers onto its stored page: the nonce policy the socket
          // set would block the stored page's scripts, so the 304 carries the page's own hash policy.
          "Content-Security-Policy": entry.headers["Content-Security-Policy"] ?? "",
          "Cache-Control": entry.headers["Cache-Control"] ?? sharedControl,
          Vary: entry.headers.Vary ?? "",
          [PAGE_CACHE_HEADER]: outcome,
        },
        body: null,
      };
    }
    const encoding: Encoding = /\bbr\b/.test(acceptEncoding) ? "br" : /\bgzip\b/.test(acceptEncoding) ? "gzip" : "identity";
    const body = entry[encoding];
    const headers = outcome === "hit" ? entry.hits[encoding] : headersOf(entry.headers, encoding, body, outcome);
    return { status: 200, headers, body };
  }

  function answer(
    entry: Entry,
    outcome: PageCacheOutcome,
    method: string,
    ifNoneMatch: string | undefined,
    acceptEncoding: string,
  ) {
    const { status, headers, body } = answerParts(entry, outcome, ifNoneMatch, acceptEncoding);
    return new Response(method === "HEAD" || !body ? null : (body as Uint8Array<ArrayBuffer>), { status, headers });
  }

  /**
   * Where a request's page is kept, or null when it is not a visitor's shared page: only GET and HEAD,
   * no session cookie or Authorization, not the router's data or manifest, not a page that is never
   * shared, and one whose language the address or the visitor's cookie and Accept-Language settle.
   */
  function sharedKeyOf(request: {
    method: string;
    path: string;
    /** The query after "?", "" if none. */
    query: string;
    cookie: string | undefined;
    authorization: string | undefined;
    acceptLanguage: string | undefined;
    localStandIns: boolean;
  }): { key: string; language: Language; search: string } | null {
    const { method, path } = request;
    if (ttlMs <= 0 || (method !== "GET" && method !== "HEAD") || request.authorization) return null;
    const cookies = request.cookie ? parse(request.cookie) : {};
    if (SESSION_COOKIES.some((name) => name in cookies)) return null;
    if (path.endsWith(".data") || path.endsWith(ROUTE_MANIFEST) || NEVER_SHARED.test(path)) return null;
    const language = renderedLanguage(path, cookies, request.acceptLanguage ?? null);
    if (!language) return null;
    const search = request.query ? sharedSearch(request.query) : "";
    return { key: `${request.localStandIns ? "local" : "remote"} ${language} ${path}${search}`, language, search };
  }

  /**
   * A fresh kept page for a request the memory lane reads off the socket (decision 0057), or null for
   * the middleware: the same key, and only a fresh hit (a stale or missing page is renewed there).
   */
  function lookup(request: LaneRequest): LaneAnswer | null {
    // A call, a file or a service answer is never a page: no key to work out.
    if (answerKindOf(request.path) !== "page") return null;
    const shared = sharedKeyOf({
      method: request.method,
      path: request.path,
      query: request.query,
      cookie: request.header("cookie"),
      authorization: request.header("authorization"),
      acceptLanguage: request.header("accept-language"),
      localStandIns: request.localStandIns,
    });
    const found = shared ? entries.get(shared.key) : undefined;
    if (!shared || !found || Date.now() - found.storedAt >= ttlMs) return null;
    entries.delete(shared.key);
    entries.set(shared.key, found);
    const parts = answerParts(found, "hit", request.header("if-none-match"), request.header("accept-encoding") ?? "");
    return { ...parts, route: "*" };
  }

  const claimed = new WeakSet<Response>();
  const stopListening =
    ttlMs > 0 ? onPagesChanged(app.database, forget, { url: app.config.DATABASE_URL, log: app.log }) : () => undefined;

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    const requestUrl = c.req.url;
    const query = requestUrl.indexOf("?");
    const localStandIns = c.var.localStandIns;
    const shared = sharedKeyOf({
      method,
      path,
      query: query < 0 ? "" : requestUrl.slice(query + 1),
      cookie: c.req.header("Cookie"),
      authorization: c.req.header("Authorization"),
      acceptLanguage: c.req.header("Accept-Language"),
      localStandIns,
    });
    if (!shared) {
      await next();
      markPrivate(c.res);
      return;
    }
    const { key, language, search } = shared;
    const ifNoneMatch = c.req.header("If-None-Match");
    const acceptEncoding = c.req.header("Accept-Encoding") ?? "";
    // An unprefixed page is English only for visitors whose cookie or Accept-Language say so.
    const vary = language === DEFAULT_LANGUAGE ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding, Cookie";
    const render = options.render;
    // The request's own (already normalised) path and the query parameters pages read, on the public origin.
    const pathStart = requestUrl.indexOf("/", requestUrl.indexOf("//") + 2);
    const url = `${origin}${requestUrl.slice(pathStart, query < 0 ? undefined : query)}${search}`;
    const now = Date.now();
    const found = entries.get(key);
    if (found && now - found.storedAt < ttlMs) {
      entries.delete(key);
      entries.set(key, found);
      return answer(found, "hit", method, ifNoneMatch, acceptEncoding);
    }
    if (found && now - found.storedAt < ttlMs + staleMs) {
      if (!filling.has(key)) {
        fill(key, url, vary, render, { requestId: c.var.requestId, localStandIns }).then(
          // Nobody reads an answer that could not be shared: let its render stop.
          (result) => {
            if (!(result instanceof Response) || claimed.has(result)) return;
            claimed.add(result);
            return result.body?.cancel();
          },
          (error: unknown) => app.log.warn({ err: error, path }, "renewing a shared page failed"),
        );
      }
      return answer(found, "stale", method, ifNoneMatch, acceptEncoding);
    }
    const result = await fill(key, url, vary, render, { requestId: c.var.requestId, localStandIns });
    if (!(result instanceof Response)) return answer(result, "miss", method, ifNoneMatch, acceptEncoding);
    // Not shareable (a redirect, a 404, a page that set a cookie): answered to the request that
    // rendered it, if that render saw the whole request; a request whose parameters the shared render
    // left out (a redirect may carry them on), or that only waited for it, renders its own.
    const whole = query < 0 || requestUrl.slice(query) === search;
    if (whole && !claimed.has(result)) {
      claimed.add(result);
      await options.compress(c, async () => {
        c.res = result;
      });
    } else {
      if (!claimed.has(result)) {
        claimed.add(result);
        await result.body?.cancel();
      }
      await next();
    }
    markPrivate(c.res);
  };

  return {
    middleware,
    lookup,
    /** Drops the entries of this process that show what left the public pages (all of them by default). */
    forget,
    stop: stopListening,
    get size() {
      return entries.size;
    },
  };
}
