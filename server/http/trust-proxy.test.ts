import { describe, expect, it } from "vitest";
import { isDirectLocalRequest, isLoopbackClient } from "./local-peer.ts";
import { canonicalAddress, clientAddressFrom, parseTrustProxy, rateLimitKeyOf, TrustProxyError } from "./trust-proxy.ts";

const NONE = parseTrustProxy(undefined);
const ONE_HOP = parseTrustProxy("1");
const PROXIES = parseTrustProxy("127.0.0.1/32, ::1, 10.0.0.0/8, 2001:db8:ff::/48");

describe("TRUST_PROXY parsing", () => {
  it("trusts nobody when unset, empty, false or 0", () => {
    for (const value of [undefined, "", "  ", "false", "0"]) expect(parseTrustProxy(value)).toEqual({ kind: "none" });
  });

  it("reads a whole number as a hop count", () => {
    expect(parseTrustProxy("2")).toEqual({ kind: "hops", hops: 2 });
  });

  it("reads a comma list of IPv4 and IPv6 addresses and ranges, with spaces and a mapped range", () => {
    const trust = parseTrustProxy(" 127.0.0.1/32 ,::1, 10.0.0.0/8,[2001:db8::1], ::ffff:192.168.0.0/112");
    expect(trust.kind === "ranges" && trust.entries).toEqual([
      "127.0.0.1/32",
      "::1/128",
      "10.0.0.0/8",
      "2001:db8::1/128",
      "192.168.0.0/16",
    ]);
  });

  it("refuses anything that is not a hop count or an address list", () => {
    for (const value of [
      "true",
      "yes",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.0/8,",
      "127.1",
      "0x7f.0.0.1",
      "1.2.3.4:80",
      "*",
      "99",
    ]) {
      expect(() => parseTrustProxy(value), value).toThrow(TrustProxyError);
    }
  });
});

describe("canonical addresses", () => {
  it("accepts what proxies write: spaces, ports, brackets, upper case, zone ids, mapped IPv4", () => {
    expect(canonicalAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(canonicalAddress("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(canonicalAddress("[2001:DB8:0:0::1]:443")).toBe("2001:db8::1");
    expect(canonicalAddress("2001:0db8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(canonicalAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(canonicalAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(canonicalAddress("::FFFF:cb00:7107")).toBe("203.0.113.7");
  });

  it("refuses garbage and obfuscated IPv4 forms", () => {
    for (const value of ["", "unknown", "_hidden", "127.1", "0x7f.0.0.1", "0177.0.0.1", "2130706433", "1.2.3.4.5", "256.1.1.1"]) {
      expect(canonicalAddress(value), value).toBeNull();
    }
    expect(canonicalAddress("1:2:3:4:5:6:7:8:9")).toBeNull();
    expect(canonicalAddress("1.2.3.4%eth0")).toBeNull();
    expect(canonicalAddress(`${"1".repeat(70)}`)).toBeNull();
    expect(canonicalAddress("[1.2.3.4]")).toBe("1.2.3.4");
  });
});

describe("the client address", () => {
  it("is the socket peer when nobody is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressFrom("127.0.0.1", "198.51.100.1", NONE)).toBe("127.0.0.1");
    expect(clientAddressFrom("::ffff:10.1.2.3", "198.51.100.1", NONE)).toBe("10.1.2.3");
  });

  it("is the socket peer when the peer is not a trusted proxy (a forged header is ignored)", () => {
    expect(clientAddressFrom("198.51.100.9", "1.1.1.1", PROXIES)).toBe("198.51.100.9");
  });

  it("walks X-Forwarded-For from the right through trusted proxies only", () => {
    // The client forged "1.1.1.1"; nginx on loopback appended the real 198.51.100.7.
    expect(clientAddressFrom("127.0.0.1", "1.1.1.1, 198.51.100.7", PROXIES)).toBe("198.51.100.7");
    // Two trusted proxies: 10.0.0.5 forwarded to loopback.
    expect(clientAddressFrom("::1", "1.1.1.1, 198.51.100.7, 10.0.0.5", PROXIES)).toBe("198.51.100.7");
    expect(clientAddressFrom("127.0.0.1", "2001:db8:ff:1::2, 2001:db8:1::9", PROXIES)).toBe("2001:db8:1::9");
    expect(clientAddressFrom("::ffff:127.0.0.1", " [2001:db8:1::9]:5000 ", PROXIES)).toBe("2001:db8:1::9");
  });

  it("trusts exactly N hops with a hop count", () => {
    expect(clientAddressFrom("127.0.0.1", "1.1.1.1, 198.51.100.7", ONE_HOP)).toBe("198.51.100.7");
    expect(clientAddressFrom("127.0.0.1", "1.1.1.1, 198.51.100.7", parseTrustProxy("2"))).toBe("1.1.1.1");
    expect(clientAddressFrom("127.0.0.1", "198.51.100.7", parseTrustProxy("5"))).toBe("198.51.100.7");
  });

  it("stops at an entry that is not an address and keeps the proxy that forwarded it", () => {
    expect(clientAddressFrom("127.0.0.1", "unknown", PROXIES)).toBe("127.0.0.1");
    expect(clientAddressFrom("127.0.0.1", "1.1.1.1, 0x7f.0.0.1", PROXIES)).toBe("127.0.0.1");
    expect(clientAddressFrom("127.0.0.1", "<script>, 198.51.100.7", PROXIES)).toBe("198.51.100.7");
    expect(clientAddressFrom("127.0.0.1", ",,,", ONE_HOP)).toBe("127.0.0.1");
    expect(clientAddressFrom("127.0.0.1", "", ONE_HOP)).toBe("127.0.0.1");
  });

  it("reads at most 32 entries of a huge header, each a trusted hop", () => {
    const header = Array.from({ length: 5000 }, () => "10.0.0.1").join(",");
    expect(clientAddressFrom("127.0.0.1", `198.51.100.7,${header}`, PROXIES)).toBe("10.0.0.1");
    const forged = `${Array.from({ length: 5000 }, (_, i) => `198.51.${i % 250}.1`).join(",")}, 198.51.100.7`;
    expect(clientAddressFrom("127.0.0.1", forged, PROXIES)).toBe("198.51.100.7");
  });

  it("is null only without a socket peer (an in-process request)", () => {
    expect(clientAddressFrom(null, "198.51.100.7", ONE_HOP)).toBeNull();
  });
});

describe("rate-limit keys", () => {
  it("counts an IPv6 client by its /64 and an IPv4 client by its address", () => {
    expect(rateLimitKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyOf("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKeyOf("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitKeyOf("local")).toBe("local");
  });
});

describe("direct local requests (the stand-ins' gate)", () => {
  const local = (extra: Record<string, string> = {}) => new Headers({ Host: "localhost:3000", ...extra });

  it("lets a loopback or in-process request through only without any forwarding header", () => {
    expect(isDirectLocalRequest("127.0.0.1", local())).toBe(true);
    expect(isDirectLocalRequest("::1", local())).toBe(true);
    expect(isDirectLocalRequest("::ffff:127.0.0.1", local())).toBe(true);
    expect(isDirectLocalRequest(null, local())).toBe(true);
    expect(isDirectLocalRequest("192.0.2.2", local())).toBe(false);
    expect(isDirectLocalRequest("::ffff:192.0.2.2", local())).toBe(false);
    for (const name of ["X-Forwarded-For", "Forwarded", "X-Real-IP", "Via"]) {
      expect(isDirectLocalRequest("127.0.0.1", local({ [name]: "127.0.0.1" })), name).toBe(false);
      expect(isDirectLocalRequest(null, local({ [name]: "" })), name).toBe(false);
    }
  });

  it("refuses a loopback request naming another host (a page rebound to 127.0.0.1 by DNS)", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:8080", "[::1]:3000", "LOCALHOST"]) {
      expect(isDirectLocalRequest("127.0.0.1", new Headers({ Host: host })), host).toBe(true);
    }
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "",
      "localhost:3000@evil",
    ]) {
      expect(isDirectLocalRequest("127.0.0.1", new Headers(host ? { Host: host } : {})), host).toBe(false);
    }
  });
});

describe("a loopback client (what /readyz names the database to; decision 0033)", () => {
  const trusted = parseTrustProxy("10.0.0.0/8,127.0.0.2");
  const nobody = parseTrustProxy(undefined);

  it("is a loopback peer or an in-process request that no proxy relayed", () => {
    expect(isLoopbackClient("127.0.0.1", new Headers(), nobody)).toBe(true);
    expect(isLoopbackClient("::ffff:127.0.0.1", new Headers(), nobody)).toBe(true);
    expect(isLoopbackClient(null, new Headers(), nobody)).toBe(true);
    expect(isLoopbackClient("192.0.2.2", new Headers(), trusted)).toBe(false);
  });

  it("is never a request an untrusted proxy relayed, even one on this machine", () => {
    for (const name of ["X-Forwarded-For", "Forwarded", "X-Real-IP", "Via"]) {
      expect(isLoopbackClient("127.0.0.1", new Headers({ [name]: "127.0.0.1" }), nobody), name).toBe(false);
      expect(isLoopbackClient(null, new Headers({ [name]: "127.0.0.1" }), trusted), name).toBe(false);
    }
  });

  it("through trusted proxies, is whoever X-Forwarded-For names past them", () => {
    const via = (forwardedFor: string) => new Headers({ "X-Forwarded-For": forwardedFor });
    expect(isLoopbackClient("10.1.2.3", via("127.0.0.1"), trusted)).toBe(true);
    expect(isLoopbackClient("127.0.0.2", via("198.51.100.4, 127.0.0.1"), trusted)).toBe(true);
    expect(isLoopbackClient("127.0.0.2", via("198.51.100.4"), trusted)).toBe(false);
    expect(isLoopbackClient("127.0.0.2", via("127.0.0.1, 198.51.100.4"), trusted)).toBe(false);
    // An entry that is not an address leaves the client unknown; so does a relay header without one.
    expect(isLoopbackClient("127.0.0.2", via("garbage"), trusted)).toBe(false);
    expect(isLoopbackClient("127.0.0.2", new Headers({ Via: "1.1 nginx" }), trusted)).toBe(false);
  });
});
