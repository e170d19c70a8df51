import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGalleryTestApp, signInTestUser } from "#tests/support/stickers.ts";
import { closeTestApp, signedRequest, type TestApp } from "#tests/support/test-app.ts";
import { stickers, stickerTags } from "../db/schema.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { hotScore } from "../stickers/hot-score.ts";

/** Conditional list calls (decision 0022): an ETag on the answer, 304 to a matching If-None-Match, after the signature. */
let t: TestApp;

beforeAll(async () => {
  t = await createGalleryTestApp(4, { PUBLIC_LIST_CACHE_SECONDS: "0" });
}, 180_000);
afterAll(() => closeTestApp(t));

const PATH = "/api/square/pageByTag";
const params = { tagId: "1", page: "1", size: "24", sortBy: "id" };

async function pageByTag(headers: Record<string, string> = {}, key = t.app.config.CLIENT_SIGNING_KEY) {
  return t.server.request(await signedRequest("GET", PATH, { key, params, headers }));
}

async function addPublicSticker(stickerInstId: string) {
  const db = t.app.database.db;
  const [picture] = await db.select({ picId: stickers.picId }).from(stickers).limit(1);
  const createdAt = new Date();
  const [row] = await db
    .insert(stickers)
    .values({ stickerInstId, picId: picture!.picId, hotScore: hotScore(0, createdAt), createdAt })
    .returning({ id: stickers.id });
  await db.insert(stickerTags).values({ stickerId: row!.id, tagId: 1 });
}

describe("ETag and 304 on list calls (decision 0022)", () => {
  it("answers pageByTag with a weak ETag and Cache-Control private, no-cache", async () => {
    const response = await pageByTag();
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(((await response.json()) as { status: number }).status).toBe(200);
  });

  it("answers the same signed request with If-None-Match naming that ETag with 304 and no body", async () => {
    const etag = (await pageByTag()).headers.get("etag")!;
    const response = await pageByTag({ "If-None-Match": etag });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(etag);
    expect(await response.text()).toBe("");
    // A list of tags and the strong form of the same tag match too (weak comparison).
    expect((await pageByTag({ "If-None-Match": `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await pageByTag({ "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("gives a compressed answer the same ETag as the plain one, and answers 304 to either", async () => {
    const plain = await pageByTag();
    const compressed = await pageByTag({ "Accept-Encoding": "br" });
    expect(compressed.headers.get("content-encoding")).toBe("br");
    expect(compressed.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(compressed.headers.get("vary")).toBe("Accept-Encoding");
    const again = await pageByTag({ "Accept-Encoding": "br", "If-None-Match": plain.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("answers 200 with a new ETag once the list changed (a new public sticker, cache off)", async () => {
    const before = (await pageByTag()).headers.get("etag")!;
    await addPublicSticker("etagNewSticker");
    const response = await pageByTag({ "If-None-Match": before });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).not.toBe(before);
    const body = (await response.json()) as { data: { list: { stickerInstId: string }[] } };
    expect(body.data.list[0]?.stickerInstId).toBe("etagNewSticker");
  });

  it("checks the signature before If-None-Match: a bad, missing or stale signature is refused, never 304", async () => {
    const etag = (await pageByTag()).headers.get("etag")!;
    const wrongKey = await pageByTag({ "If-None-Match": etag }, "not-the-client-key-0123456789");
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as { status: string }).status).toBe("SIGNATURE_INVALID");
    expect(wrongKey.headers.get("etag")).toBeNull();

    const unsigned = await t.server.request(
      new Request(`http://localhost${PATH}?${new URLSearchParams(params)}`, { headers: { "If-None-Match": etag } }),
    );
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { status: string }).status).toBe("SIGNATURE_MISSING");

    const stale = await t.server.request(
      await signedRequest("GET", PATH, {
        key: t.app.config.CLIENT_SIGNING_KEY,
        params,
        timestamp: Date.now() - 3600_000,
        headers: { "If-None-Match": etag },
      }),
    );
    expect(((await stale.json()) as { status: string }).status).toBe("SIGNATURE_STALE");
  });

  it("answers a signed-in list (my stickers) with an ETag and 304, and refuses it without a session before any 304", async () => {
    const user = await signInTestUser(t, "etag@example.com");
    const cookie = `${sessionCookieName(t.app.config)}=${user.token}`;
    const first = await t.server.request(
      await signedRequest("GET", "/api/sticker/page/mySticker", { key: user.signingKey, headers: { Cookie: cookie } }),
    );
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\//);
    const again = await t.server.request(
      await signedRequest("GET", "/api/sticker/page/mySticker", {
        key: user.signingKey,
        headers: { Cookie: cookie, "If-None-Match": etag },
      }),
    );
    expect(again.status).toBe(304);
    const visitor = await t.server.request(
      await signedRequest("GET", "/api/sticker/page/mySticker", {
        key: t.app.config.CLIENT_SIGNING_KEY,
        headers: { "If-None-Match": etag },
      }),
    );
    expect(((await visitor.json()) as { status: string }).status).toBe("AUTH_ERROR");
  });
});
