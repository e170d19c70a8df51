import { BlockList, isIP } from "node:net";

/**
 * Which peers may tell us the client's address (TRUST_PROXY, decision 0012): nobody (the socket peer
 * is the client), the last `hops` proxies whatever their address, or proxies whose address is in
 * `ranges`. Pure: parsing and walking X-Forwarded-For, no request objects.
 */
export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "ranges"; ranges: BlockList; entries: readonly string[] };

/** A chain longer than this is not a real proxy path; entries beyond it are never read. */
const MAX_FORWARDED_ENTRIES = 32;
const MAX_HOPS = MAX_FORWARDED_ENTRIES;

export class TrustProxyError extends Error {}

/**
 * Reads the TRUST_PROXY setting: unset, "", "false" or "0" trusts nobody; a whole number N trusts the
 * last N hops; otherwise a comma list of addresses or CIDR ranges (IPv4 or IPv6). Anything else throws.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new TrustProxyError(`at most ${MAX_HOPS} hops`);
    return { kind: "hops", hops };
  }
  const ranges = new BlockList();
  const entries: string[] = [];
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    const match = /^\[?([^/\]]+)\]?(?:\/(\d{1,3}))?$/.exec(entry);
    // A bare address: no port, no zone id.
    const address = match?.[1] && isIP(match[1]) !== 0 && !match[1].includes("%") ? canonicalAddress(match[1]) : null;
    if (!match || !address) {
      throw new TrustProxyError(`"${entry}" is not an address or CIDR range (use a hop count, or e.g. 10.0.0.0/8,::1)`);
    }
    const family = isIP(address) === 4 ? "ipv4" : "ipv6";
    const max = family === "ipv4" ? 32 : 128;
    let prefix = match[2] === undefined ? max : Number(match[2]);
    // A mapped range (::ffff:10.0.0.0/104) was already turned into IPv4; keep its IPv4 width.
    if (family === "ipv4" && isIP(match[1] ?? "") === 6 && match[2] !== undefined) prefix -= 96;
    if (prefix < 0 || prefix > max) throw new TrustProxyError(`"${entry}": the prefix must be 0–${max}`);
    ranges.addSubnet(address, prefix, family);
    entries.push(`${address}/${prefix}`);
  }
  return { kind: "ranges", ranges, entries };
}

/**
 * One address in the form every comparison and key uses, or null when it is not an address. Takes
 * what proxies write: spaces, `1.2.3.4:5678`, `[2001:db8::1]:443`, upper case, a zone id; an
 * IPv4-mapped IPv6 address becomes IPv4. Obfuscated IPv4 (`127.1`, `0x7f.0.0.1`, `0177.0.0.1`,
 * `2130706433`) is not an address.
 */
export function canonicalAddress(raw: string): string | null {
  let text = raw.trim();
  if (text.length === 0 || text.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else {
    const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
    if (withPort?.[1]) text = withPort[1];
  }
  if (text.includes(":")) text = text.replace(/%[\w.-]+$/, "");
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  const groups = ipv6Groups(text);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  // The URL parser writes IPv6 in its one canonical form (lower case, longest zero run compressed).
  return new URL(`http://[${text}]/`).hostname.slice(1, -1);
}

/** The eight 16-bit groups of a valid IPv6 address. */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = "", tail] = canonical.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * The client's address: start at the socket peer and, while the current address is a trusted proxy,
 * step one entry left in X-Forwarded-For. The first untrusted address is the client. An entry that is
 * not an address ends the walk at the proxy that forwarded it. Null only without a peer (in-process).
 */
export function clientAddressFrom(peer: string | null | undefined, forwardedFor: string | null | undefined, trust: TrustProxy) {
  return walkForwardedFor(peer, forwardedFor, trust)?.client ?? null;
}

/**
 * The client a trusted proxy relayed the request for: `clientAddressFrom`'s answer when the walk took
 * at least one X-Forwarded-For entry, else null (no peer, the peer not trusted, no usable entry).
 */
export function relayedClientFrom(peer: string | null | undefined, forwardedFor: string | null | undefined, trust: TrustProxy) {
  const walked = walkForwardedFor(peer, forwardedFor, trust);
  return walked && walked.steps > 0 ? walked.client : null;
}

function walkForwardedFor(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustProxy,
): { client: string; steps: number } | null {
  const socket = peer ? canonicalAddress(peer) : null;
  if (socket === null) return null;
  if (trust.kind === "none" || !forwardedFor) return { client: socket, steps: 0 };
  const entries = forwardedFor.split(",").slice(-MAX_FORWARDED_ENTRIES);
  let client = socket;
  let hop = 0;
  for (; isTrusted(trust, client, hop); hop++) {
    const entry = entries.pop();
    const next = entry === undefined ? null : canonicalAddress(entry);
    if (next === null) break;
    client = next;
  }
  return { client, steps: hop };
}

function isTrusted(trust: TrustProxy, address: string, hop: number) {
  if (trust.kind === "hops") return hop < trust.hops;
  if (trust.kind === "ranges") return trust.ranges.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
  return false;
}

/**
 * What rate limits count by: an IPv4 address, or an IPv6 client's /64 (one household or server gets a
 * whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function rateLimitKeyOf(address: string): string {
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** Loopback: 127.0.0.0/8 or ::1 (canonical addresses). */
export function isLoopbackAddress(address: string): boolean {
  return address === "::1" || (isIP(address) === 4 && address.startsWith("127."));
}
