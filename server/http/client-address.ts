import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import { rateLimitKeyOf } from "./trust-proxy.ts";

/**
 * What rate limits count the caller by: the client address the request context worked out (through
 * trusted proxies only, TRUST_PROXY), an IPv6 client's /64; "local" for in-process requests (tests).
 */
export function clientAddressOf(c: Context<AppEnv>): string {
  return rateLimitKeyOf(c.get("clientAddress") ?? "local");
}

/** The socket peer's address, or null when the request did not come over a socket (in-process). */
export function socketPeerOf(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}
