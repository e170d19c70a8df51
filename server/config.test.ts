import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("config", () => {
  it("has the documented defaults: port 3000, ./data, local mode on localhost", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.localMode).toBe(true);
    expect(config.secure).toBe(false);
  });

  it("stops on a bad value with a message naming the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("refuses a short METRICS_TOKEN and a bad METRICS_PORT, naming the variable; both are optional", () => {
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => parseConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({}).METRICS_PORT).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
  });

  it("has the storage budgets and export limits of decision 0034 by default, reads them, and stops on a bad one naming it", () => {
    const config = parseConfig({});
    expect([
      config.SWEEP_INTERVAL_MINUTES,
      config.EXPORT_FILES_MAX_AGE_DAYS,
      config.EXPORT_FILES_BUDGET_MB,
      config.ORPHAN_UPLOAD_MAX_AGE_HOURS,
      config.EVENT_RETENTION_DAYS,
      config.PACK_EXPORT_RATE_LIMIT_PER_USER,
      config.PACK_EXPORT_RATE_LIMIT_PER_PACK,
    ]).toEqual([60, 30, 2048, 24, 90, 30, 120]);
    expect(parseConfig({ SWEEP_INTERVAL_MINUTES: "0", EXPORT_FILES_BUDGET_MB: "512" })).toMatchObject({
      SWEEP_INTERVAL_MINUTES: 0,
      EXPORT_FILES_BUDGET_MB: 512,
    });
    expect(() => parseConfig({ EXPORT_FILES_BUDGET_MB: "-1" })).toThrow(/EXPORT_FILES_BUDGET_MB/);
    expect(() => parseConfig({ EVENT_RETENTION_DAYS: "0" })).toThrow(/EVENT_RETENTION_DAYS/);
    expect(() => parseConfig({ ORPHAN_UPLOAD_MAX_AGE_HOURS: "soon" })).toThrow(/ORPHAN_UPLOAD_MAX_AGE_HOURS/);
    expect(() => parseConfig({ PACK_EXPORT_RATE_LIMIT_PER_PACK: "0" })).toThrow(/PACK_EXPORT_RATE_LIMIT_PER_PACK/);
  });

  it("treats empty values as unset and a public https origin as not local", () => {
    const config = parseConfig({ PORT: "", PUBLIC_URL: "https://stickers.example" });
    expect(config.PORT).toBe(3000);
    expect(config.localMode).toBe(false);
    expect(config.secure).toBe(true);
  });

  it("points PUBLIC_URL at the port it listens on when PUBLIC_URL is unset", () => {
    const config = parseConfig({ PORT: "4100" });
    expect(config.PUBLIC_URL).toBe("http://localhost:4100");
    expect(config.localMode).toBe(true);
    expect(parseConfig({ PORT: "4100", PUBLIC_URL: "https://stickers.example" }).PUBLIC_URL).toBe("https://stickers.example");
  });

  it("listens on loopback in local mode and on every interface for a public origin", () => {
    expect(parseConfig({}).HOST).toBe("127.0.0.1");
    expect(parseConfig({ PUBLIC_URL: "http://localhost:3000" }).HOST).toBe("127.0.0.1");
    expect(parseConfig({ PUBLIC_URL: "https://stickers.example" }).HOST).toBe("0.0.0.0");
    expect(parseConfig({ PUBLIC_URL: "https://stickers.example", HOST: "10.1.2.3" }).HOST).toBe("10.1.2.3");
  });

  it("refuses a non-loopback HOST without PUBLIC_URL, naming both variables", () => {
    for (const host of ["0.0.0.0", "::", "192.0.2.2", "example.com", "[::]"]) {
      expect(() => parseConfig({ HOST: host }), host).toThrow(ConfigError);
      expect(() => parseConfig({ HOST: host }), host).toThrow(/HOST: .* set PUBLIC_URL/);
    }
    for (const host of ["127.0.0.1", "127.0.0.2", "::1", "[::1]", "localhost"])
      expect(parseConfig({ HOST: host }).HOST).toBe(host);
    // An explicit local PUBLIC_URL is a choice: the stand-ins still answer only direct loopback requests.
    expect(parseConfig({ HOST: "0.0.0.0", PUBLIC_URL: "http://localhost:3000" }).localMode).toBe(true);
  });

  it("reads TRUST_PROXY (nobody by default) and stops on a bad value naming it", () => {
    expect(parseConfig({}).TRUST_PROXY).toEqual({ kind: "none" });
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(parseConfig({ TRUST_PROXY: "127.0.0.1/32,::1" }).TRUST_PROXY.kind).toBe("ranges");
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: "true" is not an address/);
    expect(() => parseConfig({ TRUST_PROXY: "10.0.0.0/40" })).toThrow(/TRUST_PROXY/);
  });
});
