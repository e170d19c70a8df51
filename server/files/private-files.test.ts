import { createHash } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createGalleryTestApp, signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pictures, stickers, styles, tasks } from "../db/schema.ts";
import { derivedFileKey, etagOf } from "../downloads/derived-files.ts";
import { PUBLIC_DOWNLOAD_CACHE } from "../downloads/routes.ts";
import { watermarkDomain } from "../downloads/watermark.ts";
import { stickerImageKeys, storeStickerImages } from "../generation/index.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
const OWNER_ONLY = "private, no-store";

/** A 512 px sticker of one colour: each shade is a different picture. */
function flatSticker(shade: number): Promise<Buffer> {
  return sharp({ create: { width: 512, height: 512, channels: 4, background: { r: shade, g: 90, b: 160, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** Stores the picture and one sticker of `ownerId` that uses it, as a finished task leaves them. */
async function addSticker(t: TestApp, shade: number, ownerId: number, visibility: "public" | "private") {
  const stored = await storeStickerImages(t.app.storage, await flatSticker(shade));
  const db = t.app.database.db;
  await db
    .insert(pictures)
    .values({ id: stored.id, width: 512, height: 512, pngKey: stored.png, thumbKey: stored.thumb })
    .onConflictDoNothing();
  const stickerInstId = `files${shade}${visibility}`;
  await db.insert(stickers).values({ stickerInstId, picId: stored.id, ownerId, visibility, hotScore: 0 });
  return { picId: stored.id, stickerInstId };
}

/** Every address that serves a picture's bytes, with the cache a public sticker's answer carries. */
function fileRoutes(picId: string) {
  return [
    { path: `/files/${picId}.png`, publicCache: IMMUTABLE },
    { path: `/files/${picId}-256.webp`, publicCache: IMMUTABLE },
    { path: `/files/${picId}-160.webp`, publicCache: IMMUTABLE },
    { path: `/files/download/${picId}`, publicCache: PUBLIC_DOWNLOAD_CACHE },
    { path: `/files/export/${picId}/telegram.png`, publicCache: PUBLIC_DOWNLOAD_CACHE },
    { path: `/files/export/${picId}/telegram.webp`, publicCache: PUBLIC_DOWNLOAD_CACHE },
    { path: `/files/export/${picId}/whatsapp.webp`, publicCache: PUBLIC_DOWNLOAD_CACHE },
  ];
}

function get(t: TestApp, path: string, session?: TestSession | null, headers: Record<string, string> = {}) {
  return t.server.request(path, { headers: session ? { ...headers, Cookie: `token=${session.token}` } : headers });
}

async function expectNotFound(response: Response, label: string) {
  expect(response.status, label).toBe(404);
  expect(response.headers.get("cache-control"), label).toBe("no-store");
  expect(await response.json(), label).toMatchObject({ status: "NOT_FOUND", data: null, msgKey: "errors.notFound" });
}

async function expectServed(response: Response, label: string, cacheControl: string) {
  expect(response.status, label).toBe(200);
  expect(response.headers.get("cache-control"), label).toBe(cacheControl);
  expect((await response.arrayBuffer()).byteLength, label).toBeGreaterThan(0);
}

let t: TestApp;
let owner: TestSession;
let stranger: TestSession;

beforeAll(async () => {
  // Two community stickers and the styles with their previews, as on first start.
  t = await createGalleryTestApp(2, { DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signInTestUser(t, "files-owner@example.com");
  stranger = await signInTestUser(t, "files-stranger@example.com");
}, 120_000);
afterAll(() => closeTestApp(t));

describe("who may load a sticker's files", () => {
  it("serves every file of a public sticker to its owner, another user and a visitor, with a public cache", async () => {
    const { picId } = await addSticker(t, 10, owner.userId, "public");
    for (const route of fileRoutes(picId)) {
      for (const [who, session] of [
        ["owner", owner],
        ["other user", stranger],
        ["visitor", null],
      ] as const) {
        await expectServed(await get(t, route.path, session), `${route.path} as ${who}`, route.publicCache);
      }
    }
  });

  it("serves every file of a private sticker only to its owner (private, no-store); another user and a visitor get 404", async () => {
    const { picId } = await addSticker(t, 20, owner.userId, "private");
    for (const route of fileRoutes(picId)) {
      await expectServed(await get(t, route.path, owner), `${route.path} as owner`, OWNER_ONLY);
      await expectNotFound(await get(t, route.path, stranger), `${route.path} as other user`);
      await expectNotFound(await get(t, route.path), `${route.path} as visitor`);
    }
  });

  it("stops serving a sticker publicly on the next request after the owner makes it private, and serves it again once shared", async () => {
    const { picId, stickerInstId } = await addSticker(t, 30, owner.userId, "public");
    // Fetched while public: every route has answered (and the derived files are made and stored).
    for (const route of fileRoutes(picId)) {
      await expectServed(await get(t, route.path), `${route.path} as visitor while public`, route.publicCache);
      await expectServed(await get(t, route.path, stranger), `${route.path} as other user while public`, route.publicCache);
    }
    const made = await callApi(t, "POST", "/api/sticker/setVisibility", {
      body: { stickerInstId, visibility: "private" },
      session: owner,
    });
    expect(made.body).toMatchObject({ status: 200, data: { visibility: "private" } });
    for (const route of fileRoutes(picId)) {
      await expectNotFound(await get(t, route.path), `${route.path} as visitor after private`);
      await expectNotFound(await get(t, route.path, stranger), `${route.path} as other user after private`);
      await expectServed(await get(t, route.path, owner), `${route.path} as owner after private`, OWNER_ONLY);
    }
    await callApi(t, "POST", "/api/sticker/setVisibility", { body: { stickerInstId, visibility: "public" }, session: owner });
    for (const route of fileRoutes(picId)) {
      await expectServed(await get(t, route.path), `${route.path} as visitor after sharing`, route.publicCache);
    }
  });

  it("treats an unknown or ended session as a visitor, in the cookie or the Authorization header", async () => {
    const { picId } = await addSticker(t, 40, owner.userId, "private");
    for (const route of fileRoutes(picId)) {
      await expectNotFound(await get(t, route.path, { userId: 0, token: "no-such-token", signingKey: "x" }), route.path);
      await expectNotFound(await get(t, route.path, null, { Authorization: stranger.token }), route.path);
      await expectServed(await get(t, route.path, null, { Authorization: owner.token }), route.path, OWNER_ONLY);
    }
  });

  it("loads every image the pages name for a visitor: community stickers' pictures and thumbnails, and style previews", async () => {
    const stylePage = await callApi(t, "GET", "/api/style/page", { params: { page: "1", size: "1000", type: "1" } });
    const previews: string[] = stylePage.body.data.list.map((style: { previewUrl: string | null }) => style.previewUrl);
    expect(previews.length).toBeGreaterThan(0);
    const latest = await callApi(t, "GET", "/api/square/pageByTag", { params: { tagId: "1", page: "1", size: "24" } });
    const community = (latest.body.data.list as { imageUrl: string; thumbUrl: string }[]).flatMap((item) => [
      item.imageUrl,
      item.thumbUrl,
    ]);
    expect(community.length).toBeGreaterThanOrEqual(4);
    for (const url of [...previews, ...community]) {
      expect(url).toMatch(/^\/files\//);
      await expectServed(await get(t, url), url, IMMUTABLE);
    }
    // A style preview no sticker uses is an image to show, not a sticker to download.
    const stored = await storeStickerImages(t.app.storage, await flatSticker(5));
    await t.app.database.db
      .insert(pictures)
      .values({ id: stored.id, width: 512, height: 512, pngKey: stored.png, thumbKey: stored.thumb });
    await t.app.database.db.insert(styles).values({ key: "files-test-style", names: { en: "Test" }, previewPicId: stored.id });
    await expectServed(await get(t, `/files/${stored.thumb}`), "own style preview", IMMUTABLE);
    await expectNotFound(await get(t, `/files/download/${stored.id}`), "style preview download");
  });

  it("serves an uploaded photo only to the user whose task used it, and no other stored name at all", async () => {
    const inputKey = `upload-${"ab".repeat(20)}.png`;
    await t.app.storage.put(inputKey, await flatSticker(50), "image/png");
    await t.app.database.db.insert(tasks).values({ userId: owner.userId, type: 2, inputKey, visibility: "private" });
    await expectServed(await get(t, `/files/${inputKey}`, owner), "upload as owner", OWNER_ONLY);
    await expectNotFound(await get(t, `/files/${inputKey}`, stranger), "upload as other user");
    await expectNotFound(await get(t, `/files/${inputKey}`), "upload as visitor");

    // A download kept in storage is only served through its route, which checks the sticker.
    const { picId } = await addSticker(t, 60, owner.userId, "private");
    expect((await get(t, `/files/download/${picId}`, owner)).status).toBe(200);
    const derived = derivedFileKey(picId, "download", "png", watermarkDomain(t.app.config.PUBLIC_URL));
    expect(await t.app.storage.has(derived)).toBe(true);
    await expectNotFound(await get(t, `/files/${derived}`, owner), "derived file by name");
    await expectNotFound(await get(t, `/files/${derived}`), "derived file by name as visitor");
    // Hostile names.
    for (const key of [
      "..%2F..%2Fetc%2Fpasswd",
      `${picId.toUpperCase()}.png`,
      `${picId}.jpg`,
      `${picId}-512.webp`,
      ".png",
      "a".repeat(300),
    ]) {
      await expectNotFound(await get(t, `/files/${key}`, owner), key);
    }
  });
});

/**
 * A picture stored before the 160 px thumbnail existed (decision 0023): its PNG and 256 px WebP only,
 * with one sticker of `ownerId` using it.
 */
async function addOlderSticker(t: TestApp, shade: number, ownerId: number, visibility: "public" | "private") {
  const png = await flatSticker(shade);
  const picId = createHash("sha256").update(png).digest("hex").slice(0, 32);
  const keys = stickerImageKeys(picId);
  await t.app.storage.put(keys.png, png, "image/png");
  await t.app.storage.put(keys.thumb, await sharp(png).resize(256, 256).webp().toBuffer(), "image/webp");
  const db = t.app.database.db;
  await db.insert(pictures).values({ id: picId, width: 512, height: 512, pngKey: keys.png, thumbKey: keys.thumb });
  await db.insert(stickers).values({ stickerInstId: `older${shade}${visibility}`, picId, ownerId, visibility, hotScore: 0 });
  return { picId, small: keys.small };
}

describe("the 160 px thumbnail (decision 0023)", () => {
  it("is stored with every new sticker as a 160×160 WebP and served as image/webp", async () => {
    const { picId } = await addSticker(t, 170, owner.userId, "public");
    expect(await t.app.storage.has(`${picId}-160.webp`)).toBe(true);
    const response = await get(t, `/files/${picId}-160.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 160, 160]);
  });

  it("is made on the first request for a public picture stored before it existed, kept in storage, and served to anyone", async () => {
    const { small } = await addOlderSticker(t, 180, owner.userId, "public");
    expect(await t.app.storage.has(small)).toBe(false);
    const first = await get(t, `/files/${small}`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe(IMMUTABLE);
    const body = Buffer.from(await first.arrayBuffer());
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 160, 160]);
    const kept = await t.app.storage.get(small);
    expect(kept?.body.equals(body)).toBe(true);
    expect(kept?.contentType).toBe("image/webp");
    await expectServed(await get(t, `/files/${small}`, stranger), "again, as another user", IMMUTABLE);
  });

  it("of an older private picture is made for its owner only; another user and a visitor get 404 and nothing is made for them", async () => {
    const { small } = await addOlderSticker(t, 190, owner.userId, "private");
    await expectNotFound(await get(t, `/files/${small}`), "visitor");
    await expectNotFound(await get(t, `/files/${small}`, stranger), "other user");
    expect(await t.app.storage.has(small)).toBe(false);
    await expectServed(await get(t, `/files/${small}`, owner), "owner", OWNER_ONLY);
    expect(await t.app.storage.has(small)).toBe(true);
    await expectNotFound(await get(t, `/files/${small}`, stranger), "other user once made");
  });

  it("answers 404 for a small thumbnail of a picture nobody stored, and makes nothing", async () => {
    const picId = "f".repeat(32);
    await expectNotFound(await get(t, `/files/${picId}-160.webp`, owner), "unknown picture");
    expect(await t.app.storage.has(`${picId}-160.webp`)).toBe(false);
  });
});

describe("file errors", () => {
  it("answers an unknown key, someone else's private file and any other path under /files in one shape: the NOT_FOUND envelope, no-store", async () => {
    const { picId } = await addSticker(t, 130, owner.userId, "private");
    const answers = [
      `/files/missing.png`,
      `/files/${"b".repeat(32)}.png`,
      `/files/${picId}.png`,
      `/files/download/${picId}`,
      `/files/export/${picId}/not-a-target`,
      `/files/nested/${picId}.png`,
      "/files/",
      "/files",
    ];
    for (const path of answers) await expectNotFound(await get(t, path, stranger), path);
    // Another method: the same envelope with its own code, never the page.
    const posted = await t.server.request(`/files/${picId}.png`, { method: "POST" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("cache-control")).toBe("no-store");
    expect(await posted.json()).toMatchObject({ status: "METHOD_NOT_ALLOWED", data: null });
  });
});

describe("downloads and exports are made once and served from storage", () => {
  it("stores the watermarked download under a key naming the picture and the watermark's domain, and serves those stored bytes with an ETag", async () => {
    const { picId } = await addSticker(t, 70, owner.userId, "public");
    const key = derivedFileKey(picId, "download", "png", watermarkDomain(t.app.config.PUBLIC_URL));
    expect(await t.app.storage.has(key)).toBe(false);
    const first = await get(t, `/files/download/${picId}`);
    expect(first.status).toBe(200);
    const body = Buffer.from(await first.arrayBuffer());
    const stored = await t.app.storage.get(key);
    expect(stored?.body.equals(body)).toBe(true);
    expect(first.headers.get("etag")).toBe(etagOf(body));

    // The answer comes from storage: a changed stored object is what the next request gets.
    const replaced = await flatSticker(71);
    await t.app.storage.put(key, replaced, "image/png");
    const second = await get(t, `/files/download/${picId}`);
    expect(Buffer.from(await second.arrayBuffer()).equals(replaced)).toBe(true);
    expect(second.headers.get("etag")).toBe(etagOf(replaced));
  });

  it("answers 304 without a body when If-None-Match names the current ETag, for downloads and every export", async () => {
    const { picId } = await addSticker(t, 80, owner.userId, "public");
    for (const path of [
      `/files/download/${picId}`,
      `/files/export/${picId}/telegram.png`,
      `/files/export/${picId}/telegram.webp`,
      `/files/export/${picId}/whatsapp.webp`,
    ]) {
      const first = await get(t, path);
      const etag = first.headers.get("etag") ?? "";
      expect(etag, path).toMatch(/^"[0-9a-f]{32}"$/);
      const again = await get(t, path, null, { "If-None-Match": etag });
      expect(again.status, path).toBe(304);
      expect(again.headers.get("etag"), path).toBe(etag);
      expect(again.headers.get("cache-control"), path).toBe(PUBLIC_DOWNLOAD_CACHE);
      expect((await again.arrayBuffer()).byteLength, path).toBe(0);
      expect((await get(t, path, null, { "If-None-Match": `"other", W/${etag}` })).status, path).toBe(304);
      expect((await get(t, path, null, { "If-None-Match": '"0123456789abcdef0123456789abcdef"' })).status, path).toBe(200);
    }
  });

  it("never answers 304 to someone who may not see the sticker, even with the right ETag", async () => {
    const { picId } = await addSticker(t, 90, owner.userId, "private");
    const mine = await get(t, `/files/download/${picId}`, owner);
    const etag = mine.headers.get("etag") ?? "";
    expect(mine.headers.get("cache-control")).toBe(OWNER_ONLY);
    expect((await get(t, `/files/download/${picId}`, owner, { "If-None-Match": etag })).status).toBe(304);
    await expectNotFound(await get(t, `/files/download/${picId}`, stranger, { "If-None-Match": etag }), "stranger with ETag");
    await expectNotFound(await get(t, `/files/download/${picId}`, null, { "If-None-Match": "*" }), "visitor with *");
  });

  it("makes a file once when several requests for it arrive together", async () => {
    const { picId } = await addSticker(t, 100, owner.userId, "public");
    const storage = t.app.storage;
    const put = storage.put;
    const written: string[] = [];
    storage.put = (key, body, contentType) => {
      written.push(key);
      return put.call(storage, key, body, contentType);
    };
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, () => get(t, `/files/export/${picId}/whatsapp.webp`)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.headers.get("etag"))).size).toBe(1);
      await get(t, `/files/export/${picId}/whatsapp.webp`);
      expect(written).toEqual([derivedFileKey(picId, "whatsapp", "webp", watermarkDomain(t.app.config.PUBLIC_URL), "corner")]);
    } finally {
      storage.put = put;
    }
  });

  it("keys the stored file by variant, by the watermark's domain and by its mark, so a new PUBLIC_URL makes new files and a member's unmarked file is never a visitor's", () => {
    const picId = "f".repeat(32);
    const keys = new Set([
      derivedFileKey(picId, "download", "png", "stickerstudio.app"),
      derivedFileKey(picId, "download", "png", "stickers.example"),
      derivedFileKey(picId, "telegram", "png", "stickerstudio.app", "corner"),
      derivedFileKey(picId, "telegram", "png", "stickers.example", "corner"),
      derivedFileKey(picId, "telegram", "png", "stickerstudio.app", "none"),
      derivedFileKey(picId, "telegram", "webp", "stickerstudio.app", "corner"),
      derivedFileKey(picId, "whatsapp", "webp", "stickerstudio.app", "corner"),
    ]);
    expect(keys.size).toBe(7);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9][a-z0-9_-]{0,127}\.(png|webp)$/);
  });
});

describe("download rate limit", () => {
  let limited: TestApp;
  let picId: string;
  beforeAll(async () => {
    limited = await createTestApp({ DOWNLOAD_RATE_LIMIT_PER_MINUTE: "3" });
    const user = await signInTestUser(limited, "limited@example.com");
    picId = (await addSticker(limited, 110, user.userId, "public")).picId;
  }, 60_000);
  afterAll(() => closeTestApp(limited));

  it("answers RATE_LIMITED (429) past DOWNLOAD_RATE_LIMIT_PER_MINUTE downloads and exports per client, and leaves /files/:key alone", async () => {
    expect((await get(limited, `/files/download/${picId}`)).status).toBe(200);
    expect((await get(limited, `/files/export/${picId}/telegram.png`)).status).toBe(200);
    // Refused requests count too: a client cannot probe ids for free.
    expect((await get(limited, `/files/download/${"0".repeat(32)}`)).status).toBe(404);
    const refused = await get(limited, `/files/export/${picId}/whatsapp.webp`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toMatchObject({ status: "RATE_LIMITED", data: null, msgKey: "errors.rateLimited" });
    expect((await get(limited, `/files/download/${picId}`)).status).toBe(429);
    expect((await get(limited, `/files/${picId}.png`)).status).toBe(200);
  });
});
