/**
 * The shared cache of visitors' pages (decision 0021): what is reused, for whom, with which headers,
 * and when it is dropped. The renderer here is a small stand-in that reads what the real pages read
 * (the session through the page's own `userOfRequest`, the public stickers from the database, the
 * language from the path) and writes inline scripts with the nonce it is given, as React Router does.
 */
import { createHash, randomUUID } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { userOfRequest } from "#app/features/auth/session.server.ts";
import { languageOfPath } from "#app/i18n/language-of-path.ts";
import type { PageRenderer } from "#server/app.ts";
import { packs, stickers } from "#server/db/schema.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import { inlineScriptHashes, PAGE_CACHE_HEADER } from "#server/pages/page-cache.ts";
import { pageChangesListening } from "#server/pages/page-changes.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";
import { callApi, type TestSession } from "#tests/support/stickers.ts";
import { userWithPoints } from "#tests/support/tasks.ts";
import { closeTestApp, createTestApp, serveOnSocket, type TestApp } from "#tests/support/test-app.ts";

let renders = 0;

/** A render of one of these paths reads its rows, says so, then waits to be let go (a test holds it). */
const held = new Map<string, { read: PromiseWithResolvers<void>; release: PromiseWithResolvers<void> }>();

function holdRender(path: string) {
  const hold = { read: Promise.withResolvers<void>(), release: Promise.withResolvers<void>() };
  held.set(path, hold);
  return { read: hold.read.promise, release: () => hold.release.resolve() };
}

/** Pages as the real ones depend on the request: session, language, public stickers. */
const renderPage: PageRenderer = async (request, context) => {
  renders += 1;
  const url = new URL(request.url);
  const db = context.app.database.db;
  const user = await userOfRequest(context.app, request, { touch: false });
  const nonce = context.nonce ? ` nonce="${context.nonce}"` : "";
  const detail = url.pathname.match(/^\/sticker\/([^/]+)/);
  const pack = url.pathname.match(/^\/pack\/([^/]+)/);
  if (url.pathname === "/moved") return new Response(null, { status: 302, headers: { Location: `/moved-to${url.search}` } });
  if (url.pathname === "/missing")
    return new Response(`<!doctype html><p>not found</p><script${nonce}>window.__missing = 1</script>`, {
      status: 404,
      headers: { "Content-Type": "text/html" },
    });
  let main: string;
  if (pack) {
    const [row] = await db.select().from(packs).where(eq(packs.packId, pack[1]!));
    if (row?.visibility !== "public") return new Response("Not Found", { status: 404 });
    main = `<h1>pack ${row.packId}</h1>`;
  } else if (detail) {
    const [row] = await db.select().from(stickers).where(eq(stickers.stickerInstId, detail[1]!));
    if (!row || (row.visibility !== "public" && row.ownerId !== user?.id))
      return new Response(null, { status: 302, headers: { Location: "/notAvailable" } });
    main = `<h1>sticker ${row.stickerInstId}</h1>`;
  } else {
    const shown = await db.select({ id: stickers.stickerInstId }).from(stickers).where(eq(stickers.visibility, "public"));
    main = `<ul>${shown.map((row) => `<li>${row.id}</li>`).join("")}</ul>`;
  }
  const hold = held.get(url.pathname);
  if (hold) {
    held.delete(url.pathname);
    hold.read.resolve();
    await hold.release.promise;
  }
  const account = user
    ? `<p class="account">${user.email} ${user.nick} ${user.point} points</p>`
    : `<p class="account">visitor</p>`;
  const state = JSON.stringify({ path: url.pathname + url.search, user: user?.email ?? null, serverTime: Date.now() });
  const html =
    `<!doctype html><html lang="${languageOfPath(url.pathname)}"><head><script${nonce}>window.__state=${state}</script>` +
    `<link rel="modulepreload" href="/assets/entry.js"${nonce}></head><body>${account}${main}` +
    `<p>${"filler text ".repeat(200)}</p><script type="module"${nonce}>import("/assets/entry.js");</script></body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};

async function appWithCache(seconds: number, env: Record<string, string> = {}) {
  const made = await createTestApp({ PAGE_CACHE_SECONDS: String(seconds), ...env }, { renderPage });
  // On PostgreSQL the first LISTEN forgets what was kept before it: let it happen before a test fills.
  await pageChangesListening(made.app.database.db);
  return made;
}

function visit(t: TestApp, path: string, headers: Record<string, string> = {}) {
  return t.server.request(`http://localhost${path}`, { headers: { "Accept-Language": "en-US", ...headers } });
}

function signedIn(t: TestApp, session: TestSession, path: string, headers: Record<string, string> = {}) {
  return visit(t, path, { Cookie: `${sessionCookieName(t.app.config)}=${session.token}`, ...headers });
}

let t: TestApp;
let alice: TestSession;
let aliceEmail: string;

beforeAll(async () => {
  t = await appWithCache(60);
  await seedDatabase(t.app, createOfflineProvider(), { gallerySize: 3 });
  aliceEmail = `alice-${randomUUID()}@example.com`;
  alice = await userWithPoints(t, aliceEmail, 7);
});
afterAll(async () => {
  await closeTestApp(t);
});

describe("the shared page cache", () => {
  it("serves a visitor's second request for a page from the cache without rendering it again", async () => {
    const first = await visit(t, "/pricing/cache-test");
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const before = renders;
    const second = await visit(t, "/pricing/cache-test");
    expect(second.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(renders).toBe(before);
    expect(await second.text()).toBe(await first.text());
  });

  it("keys on the query parameters pages read: another search is another page", async () => {
    await visit(t, "/pricing?q=1");
    const other = await visit(t, "/pricing?q=2");
    expect(other.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await other.text()).toContain('"path":"/pricing?q=2"');
    // The same parameters in another order are the same page.
    await visit(t, "/search-order?q=cat&page=2");
    expect((await visit(t, "/search-order?page=2&q=cat")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("renders React Router's route manifest with all its parameters, outside the cache, and a redirect with the parameters it carries on", async () => {
    const manifest = await visit(t, "/__manifest?p=%2Fsticker%2Fx&version=abc123");
    expect(manifest.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(await manifest.text()).toContain('"path":"/__manifest?p=%2Fsticker%2Fx&version=abc123"');
    const moved = await visit(t, "/moved?utm_source=mail&q=cats");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe("/moved-to?utm_source=mail&q=cats");
  });

  it("keeps one entry for a page whatever parameters no page reads: /?x=1, /?x=2… are hits of one render made without them", async () => {
    const first = await visit(t, "/terms-query?utm_source=mail");
    expect(first.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await first.text()).toContain('"path":"/terms-query"');
    const before = renders;
    for (let x = 1; x <= 20; x += 1) {
      const other = await visit(t, `/terms-query?x=${x}&q=`);
      expect(other.headers.get(PAGE_CACHE_HEADER)).toBe(x === 1 ? "miss" : "hit");
    }
    // `q=` (a parameter pages read, empty) is its own page, rendered once; `x` never is.
    expect(renders).toBe(before + 1);
    expect((await visit(t, "/terms-query?fbclid=abc")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("never serves nor fills the cache for a request with a session cookie or an Authorization header", async () => {
    await visit(t, "/terms-session");
    const before = renders;
    const mine = await signedIn(t, alice, "/terms-session");
    expect(mine.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(await mine.text()).toContain(aliceEmail);
    const bearer = await visit(t, "/terms-session", { Authorization: alice.token });
    expect(bearer.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(renders).toBe(before + 2);
    // A signed-in render of a page nobody cached leaves nothing behind for visitors.
    await signedIn(t, alice, "/privacy-session");
    const visitor = await visit(t, "/privacy-session");
    expect(visitor.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await visitor.text()).not.toContain(aliceEmail);
  });

  it("a cached page never carries another user's data: a visitor after a signed-in user, a user after a visitor", async () => {
    const user = await userWithPoints(t, `bob-${randomUUID()}@example.com`, 42);
    const [row] = await t.app.database.db.select().from(stickers).limit(1);
    const path = `/stickers/latest/1/after-${user.userId}`;
    const own = await (await signedIn(t, user, path)).text();
    expect(own).toContain("42 points");
    const visitor = await visit(t, path);
    expect(visitor.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    const html = await visitor.text();
    expect(html).toContain("visitor");
    expect(html).not.toContain("bob-");
    expect(html).not.toContain("42 points");
    expect(html).toContain(row!.stickerInstId);
    // With the page cached by a visitor, the signed-in user still gets their own account.
    expect((await visit(t, path)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const again = await (await signedIn(t, user, path)).text();
    expect(again).toContain("42 points");
    expect(again).not.toContain('<p class="account">visitor</p>');
  });

  it("gives /, /ar and each Accept-Language the language that page renders in", async () => {
    const english = await visit(t, "/", { "Accept-Language": "en-GB,en;q=0.9" });
    expect(await english.text()).toContain('lang="en"');
    expect((await visit(t, "/", { "Accept-Language": "en-US" })).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const arabic = await visit(t, "/ar");
    expect(await arabic.text()).toContain('lang="ar"');
    expect((await visit(t, "/ar", { "Accept-Language": "fr-FR" })).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    // A visitor whose language is not English is sent to their prefix by the page itself, never given
    // the cached English page: neither by Accept-Language nor by the remembered language cookie.
    for (const headers of [{ "Accept-Language": "fr-FR,fr;q=0.9" }, { "Accept-Language": "en-US", Cookie: "lang=ar" }] as Record<
      string,
      string
    >[]) {
      const before = renders;
      const answer = await visit(t, "/", headers);
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toBeNull();
      expect(renders).toBe(before + 1);
    }
    // The remembered English choice overrides Accept-Language and is the cached English page.
    expect((await visit(t, "/", { "Accept-Language": "fr-FR", Cookie: "lang=en" })).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("answers If-None-Match with the page's ETag by 304 and no body, on a miss and on a hit", async () => {
    const first = await visit(t, "/stickers/popular/2");
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const notModified = await visit(t, "/stickers/popular/2", { "If-None-Match": etag! });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe("");
    expect(notModified.headers.get("ETag")).toBe(etag);
    const fresh = await visit(t, "/stickers/explore/1", { "If-None-Match": etag! });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("ETag")).not.toBe(etag);
  });

  it("says Vary and Cache-Control so a CDN shares visitors' pages only, and never a signed-in page", async () => {
    const home = await visit(t, "/");
    expect(home.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    expect(home.headers.get("Vary")).toBe("Accept-Encoding, Cookie, Accept-Language");
    const arabic = await visit(t, "/ar/pricing");
    expect(arabic.headers.get("Vary")).toBe("Accept-Encoding, Cookie");
    const mine = await signedIn(t, alice, "/");
    expect(mine.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(mine.headers.get("ETag")).toBeNull();
    // A page that is not shared (404) is private too.
    const missing = await visit(t, "/missing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("keeps only 200 pages: a 404 or a redirect renders again each time", async () => {
    await visit(t, "/missing");
    const before = renders;
    const again = await visit(t, "/missing");
    expect(again.status).toBe(404);
    expect(again.headers.get(PAGE_CACHE_HEADER)).toBeNull();
    expect(renders).toBe(before + 1);
  });

  it("serves the same bytes brotli, gzip and plain, and HEAD without a body", async () => {
    const plain = await (await visit(t, "/terms", { "Accept-Encoding": "identity" })).text();
    const br = await visit(t, "/terms", { "Accept-Encoding": "gzip, br" });
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await visit(t, "/terms", { "Accept-Encoding": "gzip" });
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
    const head = await t.server.request("http://localhost/terms", { method: "HEAD", headers: { "Accept-Language": "en" } });
    expect(head.status).toBe(200);
    expect(head.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("sends a cached page with a CSP listing the hash of every inline script in its body, and no nonce", async () => {
    await visit(t, "/stickers/latest/1");
    const cached = await visit(t, "/stickers/latest/1");
    expect(cached.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const html = await cached.text();
    const policy = cached.headers.get("Content-Security-Policy")!;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((match) => !/\bsrc=/.test(match[1]!));
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    const scriptSrc = policy.split("; ").find((part) => part.startsWith("script-src "))!;
    for (const [, , text] of scripts) {
      const hash = createHash("sha256").update(text!, "utf8").digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
    expect(policy).not.toContain("nonce-");
    expect(policy).not.toContain("strict-dynamic");
    expect(scriptSrc.startsWith("script-src 'self' ")).toBe(true);
    expect(html).not.toMatch(/nonce="[^"]/);
    // A signed-in page keeps its own per-response nonce.
    const mine = await signedIn(t, alice, "/stickers/latest/1");
    expect(mine.headers.get("Content-Security-Policy")).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  });

  it("hashes only the inline scripts that carry the fill's nonce, whatever their other attributes", () => {
    const hashes = inlineScriptHashes(
      `<script nonce="n1">a()</script><script src="/x.js" nonce="n1"></script>` +
        `<SCRIPT type="module" async nonce="n1">b()</SCRIPT ><script>injected()</script><script nonce="other">c()</script>`,
      "n1",
    );
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(hashes).toEqual([sha("a()"), sha("b()")]);
  });

  it("drops the cached list and detail pages at once when their sticker is made private", async () => {
    const owner = await userWithPoints(t, `owner-${randomUUID()}@example.com`, 1);
    const [row] = await t.app.database.db.select().from(stickers).where(eq(stickers.visibility, "public")).limit(1);
    const instId = row!.stickerInstId;
    await t.app.database.db.update(stickers).set({ ownerId: owner.userId }).where(eq(stickers.stickerInstId, instId));
    const list = "/stickers/latest/1/private-test";
    const detail = `/sticker/${instId}/x`;
    await visit(t, list);
    await visit(t, detail);
    expect((await visit(t, list)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect((await visit(t, detail)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const answer = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: instId, visibility: "private" },
      session: owner,
    });
    expect(answer.body).toMatchObject({ status: 200 });
    const listed = await visit(t, list);
    expect(listed.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await listed.text()).not.toContain(instId);
    const gone = await visit(t, detail);
    expect(gone.status).toBe(302);
    await t.app.database.db.update(stickers).set({ visibility: "public" }).where(eq(stickers.stickerInstId, instId));
  });

  it("drops only the pages that show a sticker made private: another sticker's cached page stays a hit", async () => {
    const owner = await userWithPoints(t, `owner-${randomUUID()}@example.com`, 1);
    const [gone, kept] = await t.app.database.db.select().from(stickers).where(eq(stickers.visibility, "public")).limit(2);
    await t.app.database.db.update(stickers).set({ ownerId: owner.userId }).where(eq(stickers.id, gone!.id));
    const keptDetail = `/sticker/${kept!.stickerInstId}/targeted`;
    const goneDetail = `/sticker/${gone!.stickerInstId}/targeted`;
    const list = "/stickers/latest/1/targeted";
    for (const path of [keptDetail, goneDetail, list]) await visit(t, path);
    for (const path of [keptDetail, goneDetail, list]) expect((await visit(t, path)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const answer = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: gone!.stickerInstId, visibility: "private" },
      session: owner,
    });
    expect(answer.body).toMatchObject({ status: 200 });
    expect((await visit(t, keptDetail)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect((await visit(t, list)).headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect((await visit(t, goneDetail)).status).toBe(302);
    await t.app.database.db.update(stickers).set({ visibility: "public" }).where(eq(stickers.id, gone!.id));
  });

  it("drops a public pack's page when its owner makes it private or deletes it, and keeps the pages that do not show it", async () => {
    const owner = await userWithPoints(t, `packer-${randomUUID()}@example.com`, 1);
    const [hidden, deleted] = await t.app.database.db
      .insert(packs)
      .values(
        ["cachePackHidden1", "cachePackDeleted"].map((packId) => ({
          packId,
          ownerId: owner.userId,
          name: packId,
          visibility: "public" as const,
        })),
      )
      .returning();
    const [sticker] = await t.app.database.db.select().from(stickers).where(eq(stickers.visibility, "public")).limit(1);
    const other = `/sticker/${sticker!.stickerInstId}/packs-test`;
    for (const path of [`/pack/${hidden!.packId}`, `/pack/${deleted!.packId}`, other]) await visit(t, path);
    expect((await visit(t, `/pack/${hidden!.packId}`)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const made = await callApi(t, "POST", "/api/pack/update", {
      body: { packId: hidden!.packId, visibility: "private" },
      session: owner,
    });
    expect(made.body).toMatchObject({ status: 200 });
    expect((await visit(t, `/pack/${hidden!.packId}`)).status).toBe(404);
    expect((await visit(t, `/pack/${deleted!.packId}`)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const removed = await callApi(t, "POST", "/api/pack/delete", { body: { packId: deleted!.packId }, session: owner });
    expect(removed.body).toMatchObject({ status: 200 });
    expect((await visit(t, `/pack/${deleted!.packId}`)).status).toBe(404);
    expect((await visit(t, other)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });

  it("keeps the cached pages when a sticker already private is made private again (nothing changed)", async () => {
    const owner = await userWithPoints(t, `owner-${randomUUID()}@example.com`, 1);
    const [row] = await t.app.database.db.select().from(stickers).where(eq(stickers.visibility, "public")).limit(1);
    const instId = row!.stickerInstId;
    await t.app.database.db
      .update(stickers)
      .set({ ownerId: owner.userId, visibility: "private" })
      .where(eq(stickers.stickerInstId, instId));
    const list = "/stickers/latest/1/unchanged-test";
    await visit(t, list);
    expect((await visit(t, list)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const answer = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: instId, visibility: "private" },
      session: owner,
    });
    expect(answer.body).toMatchObject({ status: 200, data: { stickerInstId: instId, visibility: "private" } });
    expect((await visit(t, list)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const stranger = await userWithPoints(t, `stranger-${randomUUID()}@example.com`, 1);
    const refused = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: instId, visibility: "private" },
      session: stranger,
    });
    expect(refused.body).toMatchObject({ status: "NOT_FOUND" });
    await t.app.database.db.update(stickers).set({ visibility: "public" }).where(eq(stickers.stickerInstId, instId));
  });
});

describe("stale pages", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("serves a page past its time once as stale while one render renews it, then the renewed page", async () => {
    const short = await appWithCache(5);
    try {
      vi.useFakeTimers({ toFake: ["Date"] });
      const first = await (await visit(short, "/pricing")).text();
      vi.setSystemTime(Date.now() + 6000);
      const stale = await visit(short, "/pricing");
      expect(stale.headers.get(PAGE_CACHE_HEADER)).toBe("stale");
      expect(await stale.text()).toBe(first);
      await expect.poll(async () => (await visit(short, "/pricing")).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      const renewed = await (await visit(short, "/pricing")).text();
      expect(renewed).not.toBe(first);
      // Past the stale window as well, a visitor waits for a new render.
      vi.setSystemTime(Date.now() + 11_000);
      expect((await visit(short, "/pricing")).headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    } finally {
      await closeTestApp(short);
    }
  });

  it("drops a stale page whose new render can no longer be shared (its sticker went private unannounced)", async () => {
    const short = await appWithCache(5);
    try {
      await seedDatabase(short.app, createOfflineProvider(), { gallerySize: 1 });
      const [row] = await short.app.database.db.select().from(stickers).limit(1);
      const detail = `/sticker/${row!.stickerInstId}`;
      vi.useFakeTimers({ toFake: ["Date"] });
      expect((await visit(short, detail)).status).toBe(200);
      // Changed behind the cache's back (no invalidation): only the renewal can notice.
      await short.app.database.db.update(stickers).set({ visibility: "private" }).where(eq(stickers.id, row!.id));
      vi.setSystemTime(Date.now() + 6000);
      expect((await visit(short, detail)).headers.get(PAGE_CACHE_HEADER)).toBe("stale");
      await expect.poll(async () => (await visit(short, detail)).status).toBe(302);
    } finally {
      await closeTestApp(short);
    }
  });

  it("keeps a render under way when a sticker it does not show leaves, and throws away one that shows it", async () => {
    const slow = await appWithCache(60);
    try {
      await seedDatabase(slow.app, createOfflineProvider(), { gallerySize: 2 });
      const owner = await userWithPoints(slow, `owner-${randomUUID()}@example.com`, 1);
      const [gone, kept] = await slow.app.database.db.select().from(stickers).limit(2);
      await slow.app.database.db.update(stickers).set({ ownerId: owner.userId }).where(eq(stickers.id, gone!.id));
      // Both renders read their rows, then the sticker leaves before either is kept.
      const holds = [holdRender(`/sticker/${kept!.stickerInstId}/under-way`), holdRender("/stickers/latest/1/under-way")];
      const keptDetail = visit(slow, `/sticker/${kept!.stickerInstId}/under-way`);
      const list = visit(slow, "/stickers/latest/1/under-way");
      await Promise.all(holds.map((hold) => hold.read));
      const answer = await callApi(slow, "POST", "/api/sticker/setVisibility", {
        body: { stickerInstId: gone!.stickerInstId, visibility: "private" },
        session: owner,
      });
      expect(answer.body).toMatchObject({ status: 200 });
      for (const hold of holds) hold.release();
      expect(await (await list).text()).toContain(gone!.stickerInstId);
      await keptDetail;
      expect((await visit(slow, `/sticker/${kept!.stickerInstId}/under-way`)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      const listed = await visit(slow, "/stickers/latest/1/under-way");
      expect(listed.headers.get(PAGE_CACHE_HEADER)).toBe("miss");
      expect(await listed.text()).not.toContain(gone!.stickerInstId);
    } finally {
      await closeTestApp(slow);
    }
  });

  it("renders a page once for visitors who ask for it at the same time", async () => {
    const before = renders;
    const answers = await Promise.all(Array.from({ length: 8 }, () => visit(t, "/privacy/together")));
    expect(renders).toBe(before + 1);
    expect(answers.map((answer) => answer.headers.get(PAGE_CACHE_HEADER))).toEqual(Array(8).fill("miss"));
  });

  it("is off with PAGE_CACHE_SECONDS=0: every page renders", async () => {
    const off = await appWithCache(0);
    try {
      await visit(off, "/pricing");
      const before = renders;
      const again = await visit(off, "/pricing");
      expect(again.headers.get(PAGE_CACHE_HEADER)).toBeNull();
      expect(renders).toBe(before + 1);
    } finally {
      await closeTestApp(off);
    }
  });
});

describe("on a socket", () => {
  let socket: Awaited<ReturnType<typeof serveOnSocket>>;
  let origin: string;
  beforeAll(async () => {
    socket = await serveOnSocket(t);
    origin = socket.origin;
  });
  afterAll(async () => {
    await socket.close();
  });

  it("sends a visitor's 404 with the hash policy of its own inline script and no live nonce", async () => {
    const missing = await fetch(`${origin}/missing`);
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).not.toMatch(/nonce="[^"]/);
    const text = /<script[^>]*>([^<]*)<\/script>/.exec(html)?.[1];
    expect(text).toBe("window.__missing = 1");
    const policy = missing.headers.get("Content-Security-Policy")!;
    expect(policy).toContain(`'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
    expect(policy).not.toContain("nonce-");
  });

  it("sends the cached page's hash policy instead of the socket's per-response nonce policy", async () => {
    await fetch(`${origin}/terms/socket`);
    const cached = await fetch(`${origin}/terms/socket`);
    expect(cached.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    const policy = cached.headers.get("Content-Security-Policy")!;
    expect(policy).not.toContain("nonce-");
    expect(policy).toContain("'sha256-");
    expect(cached.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(cached.headers.get("X-Request-Id")).toBeTruthy();
    const signed = await fetch(`${origin}/terms/socket`, {
      headers: { Cookie: `${sessionCookieName(t.app.config)}=${alice.token}` },
    });
    expect(signed.headers.get("Content-Security-Policy")).toContain("'nonce-");
  });

  it("answers a revalidation with 304 carrying the stored page's hash policy, never the socket's nonce policy", async () => {
    const page = await fetch(`${origin}/terms/revalidate`);
    const policy = page.headers.get("Content-Security-Policy")!;
    expect(policy).toContain("'sha256-");
    const notModified = await fetch(`${origin}/terms/revalidate`, { headers: { "If-None-Match": page.headers.get("ETag")! } });
    expect(notModified.status).toBe(304);
    // The browser copies these headers onto its stored page: a nonce policy would block its scripts.
    expect(notModified.headers.get("Content-Security-Policy")).toBe(policy);
  });

  it("shares no page whose path names a never-shared page in another letter case", async () => {
    await fetch(`${origin}/RechargeSuccess/case`);
    const again = await fetch(`${origin}/RechargeSuccess/case`);
    expect(again.headers.get(PAGE_CACHE_HEADER)).toBeNull();
  });
});

describeOnPostgres("two processes on one PostgreSQL database", () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await appWithCache(60);
    await seedDatabase(one.app, createOfflineProvider(), { gallerySize: 2 });
    two = await appWithCache(60, { DATABASE_URL: one.app.config.DATABASE_URL!, DATA_DIR: one.dataDir });
  });
  afterAll(async () => {
    await closeTestApp(two);
    await closeTestApp(one);
  });

  it("drops the other process's cached page that shows a sticker as soon as it is made private through one, and keeps the others", async () => {
    const owner = await userWithPoints(one, `owner-${randomUUID()}@example.com`, 1);
    const [row, kept] = await one.app.database.db.select().from(stickers).where(eq(stickers.visibility, "public")).limit(2);
    const instId = row!.stickerInstId;
    await one.app.database.db.update(stickers).set({ ownerId: owner.userId }).where(eq(stickers.stickerInstId, instId));
    const keptDetail = `/sticker/${kept!.stickerInstId}/kept`;
    await visit(two, keptDetail);
    await visit(two, "/stickers/latest/1");
    const cached = await visit(two, "/stickers/latest/1");
    expect(cached.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(await cached.text()).toContain(instId);
    const answer = await callApi(one, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId: instId, visibility: "private" },
      session: owner,
    });
    expect(answer.body).toMatchObject({ status: 200 });
    // Entries live 60 s: only the notification can explain the other process rendering it anew.
    await expect.poll(async () => (await visit(two, "/stickers/latest/1")).headers.get(PAGE_CACHE_HEADER)).toBe("miss");
    expect(await (await visit(two, "/stickers/latest/1")).text()).not.toContain(instId);
    expect((await visit(two, keptDetail)).headers.get(PAGE_CACHE_HEADER)).toBe("hit");
  });
});
