/**
 * Answers kept in memory, written before the router (decision 0057): a visitor's fresh shared page
 * and the public list call's kept answer, on a real loopback socket as production serves them. Whether
 * the router ran is read from the Hono app's `fetch` (the listener calls it for every request it does
 * not answer itself).
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { PageRenderer } from "#server/app.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import { PAGE_CACHE_HEADER } from "#server/pages/page-cache.ts";
import { pageChangesListening } from "#server/pages/page-changes.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { signatureHeaders } from "#tests/support/call-signature.ts";
import { closeTestApp, createTestApp, serveOnSocket, type TestApp } from "#tests/support/test-app.ts";

const renderPage: PageRenderer = async (request, context) => {
  const nonce = context.nonce ? ` nonce="${context.nonce}"` : "";
  const html = `<!doctype html><html><head><script${nonce}>window.__path=${JSON.stringify(new URL(request.url).pathname)}</script></head><body><p>${"a kept page ".repeat(100)}</p></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};

const LIST = "/api/square/pageByTag";
const LIST_QUERY = new URLSearchParams([
  ["tagId", "1"],
  ["page", "1"],
  ["size", "3"],
]);

let t: TestApp;
let socket: Awaited<ReturnType<typeof serveOnSocket>>;
let routed: MockInstance;
let draining = false;

/** Everything but what differs between two answers of the same thing (the request's id, the clock). */
function sameParts(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !/^(date|x-request-id|keep-alive|connection)$/.test(name)),
  );
  return { status: response.status, headers };
}

async function signedList(query = LIST_QUERY, extra: Record<string, string> = {}) {
  const headers = await signatureHeaders("GET", LIST, { search: query, key: t.app.config.CLIENT_SIGNING_KEY, client: "test/1" });
  return fetch(`${socket.origin}${LIST}?${query}`, { headers: { ...headers, "Accept-Encoding": "br", ...extra } });
}

beforeAll(async () => {
  t = await createTestApp(
    { PAGE_CACHE_SECONDS: "60", PUBLIC_LIST_CACHE_SECONDS: "60" },
    { renderPage, isDraining: () => draining },
  );
  await pageChangesListening(t.app.database.db);
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize: 3, packs: false });
  routed = vi.spyOn(t.server, "fetch");
  socket = await serveOnSocket(t);
});
afterAll(async () => {
  await socket?.close();
  await closeTestApp(t);
});
beforeEach(() => {
  draining = false;
});

describe("answers kept in memory, written before the router (decision 0057)", () => {
  it("writes a visitor's fresh shared page itself: the router's own answer, byte for byte, with the socket's request id", async () => {
    const headers = { "Accept-Language": "en-US", "Accept-Encoding": "br" };
    const first = await fetch(`${socket.origin}/lane-page`, { headers });
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    routed.mockClear();
    const kept = await fetch(`${socket.origin}/lane-page`, { headers });
    expect(routed).not.toHaveBeenCalled();
    expect(kept.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(kept.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    // The router's hit (in process, where no lane runs) is the same answer.
    const fromRouter = await t.server.request("http://localhost/lane-page", { headers });
    expect(fromRouter.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(sameParts(kept)).toEqual(sameParts(fromRouter));
    expect(kept.headers.get("Content-Security-Policy")).toContain("'sha256-");
    expect(await kept.text()).toBe(brotliDecompressSync(Buffer.from(await fromRouter.arrayBuffer())).toString("utf8"));
  });

  it("answers a HEAD with the page's headers and no body, and a matching ETag with the page's 304", async () => {
    const headers = { "Accept-Language": "en-US" };
    const kept = await fetch(`${socket.origin}/lane-head`, { headers });
    routed.mockClear();
    const head = await fetch(`${socket.origin}/lane-head`, { method: "HEAD", headers });
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(kept.headers.get("Content-Length"));
    expect(head.headers.get("ETag")).toBe(kept.headers.get("ETag"));
    expect(await head.text()).toBe("");
    const etag = kept.headers.get("ETag") ?? "";
    const again = await fetch(`${socket.origin}/lane-head`, { headers: { ...headers, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("Content-Security-Policy")).toBe(kept.headers.get("Content-Security-Policy"));
    expect(routed).not.toHaveBeenCalled();
  });

  it("leaves to the router a signed-in reader, an address with escapes, and every read while the process drains", async () => {
    const headers = { "Accept-Language": "en-US" };
    await fetch(`${socket.origin}/lane-left`, { headers });
    routed.mockClear();
    const signedIn = await fetch(`${socket.origin}/lane-left`, {
      headers: { ...headers, Cookie: `${sessionCookieName(t.app.config)}=not-a-live-session` },
    });
    expect(signedIn.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(routed).toHaveBeenCalledTimes(1);
    await fetch(`${socket.origin}/lane-%6Ceft`, { headers });
    expect(routed).toHaveBeenCalledTimes(2);
    draining = true;
    const refused = await fetch(`${socket.origin}/lane-left`, { headers });
    expect(refused.status).toBe(503);
    expect(routed).toHaveBeenCalledTimes(3);
  });

  it("writes the kept public list to a visitor whose signature checks out, as the router answers it", async () => {
    const first = await signedList();
    expect(first.status).toBe(200);
    routed.mockClear();
    const kept = await signedList();
    expect(routed).not.toHaveBeenCalled();
    expect(kept.headers.get("Content-Encoding")).toBe("br");
    expect(kept.headers.get("Cache-Control")).toBe("private, no-cache");
    const body = (await kept.json()) as { status: number; data: { list: unknown[] } };
    expect(body.status).toBe(200);
    expect(body.data.list).toHaveLength(3);
    expect(sameParts(kept)).toEqual(sameParts(first));
    const etag = kept.headers.get("ETag") ?? "";
    const again = await signedList(LIST_QUERY, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(routed).not.toHaveBeenCalled();
  });

  it("leaves to the router a list call with a wrong signature, a session, or input the call refuses: each gets the router's envelope", async () => {
    await signedList();
    routed.mockClear();
    const forged = await fetch(`${socket.origin}${LIST}?${LIST_QUERY}`, {
      headers: {
        ...(await signatureHeaders("GET", LIST, { search: LIST_QUERY, key: "not-the-client-key", client: "test/1" })),
      },
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { status: string }).status).toBe("SIGNATURE_INVALID");
    const withSession = await signedList(LIST_QUERY, { Cookie: `${sessionCookieName(t.app.config)}=not-a-live-session` });
    expect(withSession.status).toBe(200);
    const tooMany = new URLSearchParams([
      ["tagId", "1"],
      ["page", "1"],
      ["size", "100000"],
    ]);
    const refused = await signedList(tooMany);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { status: string }).status).toBe("INVALID_INPUT");
    expect(routed).toHaveBeenCalledTimes(3);
  });
});
