import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { catalogs } from "#common/i18n/catalogs.ts";
import { LANGUAGES } from "#common/languages.ts";
import { closeTestApp, createTestApp } from "#tests/support/test-app.ts";
import { catalogAddressOf } from "./catalog-files.ts";

const t = await createTestApp();
afterAll(() => closeTestApp(t));

const get = (path: string, headers: Record<string, string> = {}) => t.server.request(path, { headers });

describe("catalog files (decision 0055)", () => {
  it("names each language's catalog after its content, under /assets/, 14 distinct files", () => {
    const addresses = LANGUAGES.map((language) => catalogAddressOf(language));
    for (const [index, address] of addresses.entries())
      expect(address).toMatch(new RegExp(`^/assets/catalog-${LANGUAGES[index]}-[0-9a-f]{12}\\.json$`));
    expect(new Set(addresses).size).toBe(LANGUAGES.length);
    expect(catalogAddressOf("fr")).toBe(addresses[LANGUAGES.indexOf("fr")]);
  });

  it("serves every catalog whole, cached for a year as immutable, brotli or gzip as the browser asks", async () => {
    for (const language of LANGUAGES) {
      const plain = await get(catalogAddressOf(language), { "Accept-Encoding": "identity" });
      expect(plain.status, language).toBe(200);
      expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(plain.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.json()).toEqual(catalogs[language]);
    }
    const brotli = await get(catalogAddressOf("ja"), { "Accept-Encoding": "gzip, deflate, br" });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    const brotliBody = Buffer.from(await brotli.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(brotliBody).toString("utf8"))).toEqual(catalogs.ja);
    // Compressed, the file is a fraction of what the page carried inline.
    expect(brotliBody.length).toBeLessThan(Buffer.byteLength(JSON.stringify(catalogs.ja)) / 3);
    const gzip = await get(catalogAddressOf("ar"), { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8"))).toEqual(catalogs.ar);
    expect(gzip.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("answers 304 without a body when the browser already holds the file", async () => {
    const first = await get(catalogAddressOf("de"));
    const again = await get(catalogAddressOf("de"), { "If-None-Match": first.headers.get("etag") ?? "" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("answers a catalog name this deploy does not have (an older file) with the missing asset's 404, not stored", async () => {
    const older = catalogAddressOf("en").replace(/-[0-9a-f]{12}\.json$/, "-000000000000.json");
    for (const path of [older, "/assets/catalog-xx-0123456789ab.json"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});
