import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "#common/i18n/catalogs.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pictures, stickers } from "../db/schema.ts";

let t: TestApp;
let draining = false;

beforeAll(async () => {
  t = await createTestApp({}, { isDraining: () => draining });
});
afterAll(() => closeTestApp(t));

describe("health, files and headers", () => {
  it("answers /healthz always and /readyz from the database, 503 while draining", async () => {
    expect(await (await t.server.request("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await t.server.request("/readyz");
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe(t.app.database.kind);
    draining = true;
    expect((await t.server.request("/readyz")).status).toBe(503);
    draining = false;
  });

  it("while draining refuses a read with 503 SERVICE_UNAVAILABLE in the asker's language and Retry-After, and still serves a write", async () => {
    draining = true;
    try {
      const read = await t.server.request("/robots.txt", { headers: { "Accept-Language": "de" } });
      expect(read.status).toBe(503);
      expect(read.headers.get("Retry-After")).toBe("1");
      const envelope = await read.json();
      expect(envelope.msgKey).toBe("errors.unavailable");
      expect(envelope.msg).not.toBe(translate("en", "errors.unavailable"));
      expect((await t.server.request("/healthz")).status).toBe(200);
      const write = await t.server.request("/api/user/name", { method: "POST", headers: { Origin: t.app.config.PUBLIC_URL } });
      expect(write.status).not.toBe(503);
    } finally {
      draining = false;
    }
    expect((await t.server.request("/robots.txt")).status).toBe(200);
  });

  it("names the database only to this machine: a request a proxy relayed, untrusted by TRUST_PROXY, gets the status alone", async () => {
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP", "Via"]) {
      const relayed = await t.server.request("/readyz", { headers: { [header]: "203.0.113.9" } });
      expect([header, relayed.status, await relayed.json()]).toEqual([header, 200, { status: "ready" }]);
    }
  });

  it("serves a public sticker's stored file under /files with immutable caching, and 404 for unknown, unused or invalid keys", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const picId = "abc123".padEnd(32, "0");
    await t.app.storage.put(`${picId}.png`, png, "image/png");
    await t.app.database.db
      .insert(pictures)
      .values({ id: picId, width: 1, height: 1, pngKey: `${picId}.png`, thumbKey: `${picId}-256.webp` });
    await t.app.database.db
      .insert(stickers)
      .values({ stickerInstId: "server-app-file", picId, visibility: "public", hotScore: 0 });
    const response = await t.server.request(`/files/${picId}.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
    // Stored, but no sticker or style uses the name: not served.
    await t.app.storage.put("abc123.png", png, "image/png");
    expect((await t.server.request("/files/abc123.png")).status).toBe(404);
    expect((await t.server.request("/files/missing.png")).status).toBe(404);
    expect((await t.server.request("/files/..%2Fpackage.json")).status).toBe(404);
  });

  it("sends security headers on every answer, without HSTS on a plain-http origin", async () => {
    const response = await t.server.request("/healthz");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers an X-Request-Id of its own, never the caller's", async () => {
    const response = await t.server.request("/healthz", { headers: { "X-Request-Id": "trace-12345678" } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends HSTS when the public origin is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://stickers.example" });
    try {
      expect((await secure.server.request("/healthz")).headers.get("strict-transport-security")).toContain("max-age=31536000");
    } finally {
      await closeTestApp(secure);
    }
  });

  it("compresses large text answers with brotli, or gzip when that is all the client takes", async () => {
    const br = await t.server.request("/api/docs", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const decoded = brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString("utf8");
    expect(JSON.parse(decoded).openapi).toBe("3.1.0");
    const gzip = await t.server.request("/api/docs", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const plain = await t.server.request("/api/docs");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("hands every other path to the page renderer", async () => {
    const response = await t.server.request("/some/page");
    expect(await response.text()).toContain("<p>page</p>");
  });
});
