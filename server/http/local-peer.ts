import { canonicalAddress, isLoopbackAddress } from "./trust-proxy.ts";

/** Headers a proxy adds; a request carrying any of them did not come straight from this machine. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "via"] as const;

/**
 * Whether a request may reach the local stand-ins (dev mailbox, payments sandbox; decision 0012): it
 * came straight from this machine, over loopback or in process (tests), and no proxy relayed it.
 */
export function isDirectLocalRequest(peer: string | null, headers: Headers): boolean {
  if (FORWARDING_HEADERS.some((name) => headers.has(name))) return false;
  if (peer === null) return true;
  const address = canonicalAddress(peer);
  return address !== null && isLoopbackAddress(address);
}
