import type { MiddlewareHandler } from "hono";
import { languageFromAcceptLanguage } from "#common/languages.ts";
import type { Config } from "../config.ts";
import { type Logger, requestLines } from "../log.ts";
import { socketPeerOf } from "./client-address.ts";
import type { AppEnv } from "./env.ts";
import { isDirectLocalRequest } from "./local-peer.ts";
import { givenRequestIdOf, newRequestId, type PreparedIncoming } from "./security-headers.ts";
import { clientAddressFrom } from "./trust-proxy.ts";

/**
 * Gives each request an id of our own (a caller's X-Request-Id is only logged beside it, as
 * `givenReqId`, cut and cleaned; decision 0033), a child logger, a language, and the client's address
 * (X-Forwarded-For believed only through TRUST_PROXY's proxies; decision 0012).
 */
export function requestContext(log: Logger, config: Pick<Config, "TRUST_PROXY" | "localMode">): MiddlewareHandler<AppEnv> {
  const lines = requestLines(log);
  // `c.get` rather than `c.var`: Hono's `var` copies every variable into a new object on each read.
  return async (c, next) => {
    const incoming = (c.env as { incoming?: PreparedIncoming } | undefined)?.incoming;
    const requestId = incoming?.requestId ?? newRequestId();
    const givenRequestId = incoming?.requestId
      ? (incoming.givenRequestId ?? null)
      : givenRequestIdOf(c.req.header("x-request-id"));
    const started = performance.now();
    c.set("requestId", requestId);
    c.set("log", log.child({ reqId: requestId }));
    c.set("language", languageFromAcceptLanguage(c.req.header("accept-language")));
    c.set("viewer", null);
    const peer = socketPeerOf(c);
    const clientAddress = clientAddressFrom(peer, c.req.header("x-forwarded-for"), config.TRUST_PROXY) ?? "local";
    c.set("clientAddress", clientAddress);
    // The host the request names (Node builds the URL from Host; in-process requests carry it in the URL).
    c.set(
      "localStandIns",
      config.localMode && isDirectLocalRequest(peer, c.req.raw.headers, c.req.header("host") ?? new URL(c.req.url).host),
    );
    await next();
    // On a socket the header is already on Node's response (withSocketHeaders).
    if (!incoming?.requestId) c.res.headers.set("X-Request-Id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { reqId: requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms, client: clientAddress };
    // What the caller (or a proxy in front) called this request, to match its own records: never our id.
    lines.info(givenRequestId === null ? line : { ...line, givenReqId: givenRequestId }, "request");
  };
}
