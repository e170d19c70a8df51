import { canonicalAddress, isLoopbackAddress, relayedClientFrom, type TrustProxy } from "./trust-proxy.ts";

/** Headers a proxy adds; a request carrying any of them did not come straight from this machine. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "via"] as const;

/** Host names a browser on this machine uses for it; a rebound public name (DNS rebinding) is none of them. */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * Whether a request may reach the local stand-ins (dev mailbox, payments sandbox; decision 0012): it
 * came straight from this machine, over loopback or in process (tests), no proxy relayed it, and it
 * names this machine as its host (a page of another site rebound to 127.0.0.1 does not).
 */
export function isDirectLocalRequest(
  peer: string | null,
  headers: Pick<Headers, "get" | "has">,
  host = headers.get("host") ?? "",
): boolean {
  if (FORWARDING_HEADERS.some((name) => headers.has(name))) return false;
  if (!LOCAL_HOST.test(host)) return false;
  if (peer === null) return true;
  const address = canonicalAddress(peer);
  return address !== null && isLoopbackAddress(address);
}

/**
 * Whether the client of a request is this machine, as far as TRUST_PROXY lets us tell (decisions
 * 0012, 0033): straight from a loopback peer (or in process) with no proxy header, or relayed by
 * trusted proxies for a loopback address in X-Forwarded-For. A request relayed by a proxy we do not
 * trust has an unknown client — never this machine, even when that proxy runs here (nginx on
 * 127.0.0.1 without TRUST_PROXY would make every visitor look local).
 */
export function isLoopbackClient(peer: string | null, headers: Headers, trust: TrustProxy): boolean {
  if (!FORWARDING_HEADERS.some((name) => headers.has(name))) {
    if (peer === null) return true;
    const address = canonicalAddress(peer);
    return address !== null && isLoopbackAddress(address);
  }
  const client = relayedClientFrom(peer, headers.get("x-forwarded-for"), trust);
  return client !== null && isLoopbackAddress(client);
}
