import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestApp, createTestApp, serveOnSocket, type TestApp } from "#tests/support/test-app.ts";
import { pictures, stickers } from "../db/schema.ts";

/**
 * The security headers as production sends them: through `nodeListener` (the listener `server/serve.ts`
 * and `server/dev.ts` serve) on a real socket, and the same for requests without a socket.
 */
let t: TestApp;
let assetsDir: string;
let socket: Awaited<ReturnType<typeof serveOnSocket>>;
let origin: string;
const picId = "5ec012e".padEnd(32, "0");

beforeAll(async () => {
  assetsDir = await mkdtemp(path.join(tmpdir(), "sticker-assets-"));
  await mkdir(path.join(assetsDir, "assets"));
  await writeFile(path.join(assetsDir, "assets", "entry-abc123.js"), "console.log(1);\n");
  t = await createTestApp({}, { clientAssetsDir: assetsDir });
  await t.app.storage.put(`${picId}.png`, Buffer.from("89504e470d0a1a0a", "hex"), "image/png");
  await t.app.database.db
    .insert(pictures)
    .values({ id: picId, width: 1, height: 1, pngKey: `${picId}.png`, thumbKey: `${picId}-256.webp` });
  await t.app.database.db.insert(stickers).values({ stickerInstId: "headers-file", picId, visibility: "public", hotScore: 0 });
  socket = await serveOnSocket(t);
  origin = socket.origin;
});
afterAll(async () => {
  await socket.close();
  await closeTestApp(t);
  await rm(assetsDir, { recursive: true, force: true });
});

const PAGES = ["/", "/stickers/latest/1", "/healthz-is-a-page"];
const API_ANSWERS = ["/api/docs", "/api/square/pageByTag", "/api/no-such-call", "/healthz", "/readyz?x=1", "/metrics"];
const FILES = ["/assets/entry-abc123.js", `/files/${picId}.png`, "/files/no-such-file.png"];
const SECURITY = [
  "content-security-policy",
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "strict-transport-security",
];

function securityOf(response: Response) {
  return Object.fromEntries(SECURITY.map((name) => [name, response.headers.get(name)]));
}

describe("security headers on the production path (a real socket)", () => {
  it("gives every page the CSP with a fresh nonce, no framing and nosniff", async () => {
    const nonces = new Set<string>();
    for (const page of PAGES) {
      const response = await fetch(`${origin}${page}`);
      const csp = response.headers.get("content-security-policy");
      expect(csp, page).toContain("frame-ancestors 'none'");
      nonces.add(/'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? "");
      expect(response.headers.get("x-frame-options"), page).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), page).toBe("nosniff");
      expect(response.headers.get("x-request-id"), page).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(nonces.size).toBe(PAGES.length);
  });

  it("gives API, health and metrics answers (served or refused) a fixed policy without a nonce, no framing and nosniff", async () => {
    const statuses: number[] = [];
    for (const call of API_ANSWERS) {
      const response = await fetch(`${origin}${call}`);
      statuses.push(response.status);
      await response.arrayBuffer();
      expect(response.headers.get("content-security-policy"), call).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options"), call).toBe("DENY");
      expect(response.headers.get("x-content-type-options"), call).toBe("nosniff");
      expect(response.headers.get("x-request-id"), call).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(statuses).toEqual([200, 401, 404, 200, 200, 200]);
  });

  it("sends hashed assets and /files/… (served or 404) with nosniff and never the page's CSP", async () => {
    const statuses: number[] = [];
    for (const file of FILES) {
      const response = await fetch(`${origin}${file}`);
      statuses.push(response.status);
      await response.arrayBuffer();
      expect(response.headers.get("x-content-type-options"), file).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), file).toBeNull();
      expect(response.headers.get("x-frame-options"), file).toBeNull();
    }
    expect(statuses).toEqual([200, 200, 404]);
  });

  it("answers a request without a socket (app.request) with the same security headers as the socket", async () => {
    for (const target of [...PAGES, ...API_ANSWERS, ...FILES]) {
      const overSocket = securityOf(await fetch(`${origin}${target}`));
      const inProcess = securityOf(await t.server.request(target));
      // The nonce differs per request; everything else is the same decision.
      const withoutNonce = (headers: Record<string, string | null>) => ({
        ...headers,
        "content-security-policy": headers["content-security-policy"]?.replace(/'nonce-[^']+'/, "'nonce'") ?? null,
      });
      expect(withoutNonce(inProcess), target).toEqual(withoutNonce(overSocket));
    }
  });
});
