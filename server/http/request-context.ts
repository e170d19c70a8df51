import type { MiddlewareHandler } from "hono";
import { languageFromAcceptLanguage } from "#common/languages.ts";
import type { Logger } from "../log.ts";
import type { AppEnv } from "./env.ts";
import { type PreparedIncoming, requestIdFrom } from "./security-headers.ts";

/** Gives each request an id (kept from X-Request-Id when sane), a child logger and a language. */
export function requestContext(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: PreparedIncoming } | undefined)?.incoming;
    const requestId = incoming?.requestId ?? requestIdFrom(c.req.header("x-request-id"));
    const started = performance.now();
    c.set("requestId", requestId);
    c.set("log", log.child({ reqId: requestId }));
    c.set("language", languageFromAcceptLanguage(c.req.header("accept-language")));
    c.set("viewer", null);
    await next();
    // On a socket the header is already on Node's response (withSocketHeaders).
    if (!incoming?.requestId) c.res.headers.set("X-Request-Id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  };
}
