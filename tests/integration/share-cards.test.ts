/**
 * Share cards (decision 0050): the pack and sticker pages link a 1200×630 card in their meta, the card
 * is made once per content and read from storage after, a change of content links a new address, and a
 * card of something only its owner sees is NOT_FOUND to everyone else (decision 0033).
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageContext } from "#app/context.server.ts";
import { loader as packLoader, meta as packMeta } from "#app/routes/pack.tsx";
import { loader as stickerLoader, meta as stickerMeta } from "#app/routes/sticker.tsx";
import { packSlug } from "#common/packs.ts";
import { stickers } from "#server/db/schema.ts";
import { sweepExportFiles } from "#server/maintenance/sweep-exports.ts";
import { removeStickerFromPack } from "#server/packs/remove-sticker.ts";
import { updatePack } from "#server/packs/update-pack.ts";
import { sessionCookieName } from "#server/sessions/session-cookie.ts";
import { CARD_HEIGHT, CARD_WIDTH } from "#server/share-cards/card-art.ts";
import { PUBLIC_CARD_CACHE } from "#server/share-cards/card-files.ts";
import { SHARE_CARD_PREFIX } from "#server/share-cards/share-cards.ts";
import { setStickerVisibility } from "#server/stickers/own-stickers.ts";
import { engineName } from "#tests/support/engine.ts";
import { addPack, addSticker, diskSticker, type MadeSticker } from "#tests/support/export-packs.ts";
import { signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";

/** The size a card is held to (docs/share-cards/README.md). */
const MAX_CARD_BYTES = 300 * 1000;
const ORIGIN = "https://stickerstudio.app";

let t: TestApp;
let owner: TestSession;
let stranger: TestSession;
let red: MadeSticker;
let green: MadeSticker;
let blue: MadeSticker;
let yellowPrivate: MadeSticker;

function get(path: string, options: { session?: TestSession; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers.Cookie = `${sessionCookieName(t.app.config)}=${options.session.token}`;
  return t.server.request(path, { headers });
}

async function storedCards(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.app.storage.list(SHARE_CARD_PREFIX)) keys.push(entry.key);
  return keys.sort();
}

type Meta = Record<string, string | undefined>;

/** The page's head as a crawler reads it: each `property`/`name` meta tag's content. */
function metaOf(tags: ReturnType<typeof packMeta>): Meta {
  const out: Meta = {};
  for (const tag of tags) {
    const entry = tag as { property?: string; name?: string; content?: string };
    const key = entry.property ?? entry.name;
    if (key && entry.content !== undefined) out[key] = entry.content;
  }
  return out;
}

function contextOf() {
  const context = new RouterContextProvider();
  context.set(pageContext, { app: t.app, nonce: "", requestId: "share-cards-test", localStandIns: true });
  return context;
}

const root = { id: "root", loaderData: { origin: ORIGIN, language: "en", messages: {} } };

/** The pack page as a visitor's browser gets it: its loader, then its meta. */
async function packPageMeta(packId: string, name: string): Promise<Meta> {
  const path = `/pack/${packId}/${packSlug(name)}`;
  const loaderData = await packLoader({
    params: { packId, slug: packSlug(name) },
    request: new Request(`http://localhost${path}`),
    context: contextOf(),
  } as unknown as Parameters<typeof packLoader>[0]);
  return metaOf(
    packMeta({ matches: [root], location: { pathname: path }, loaderData } as unknown as Parameters<typeof packMeta>[0]),
  );
}

async function stickerPageMeta(stickerInstId: string): Promise<Meta> {
  const path = `/sticker/${stickerInstId}`;
  const loaderData = await stickerLoader({
    params: { instId: stickerInstId },
    request: new Request(`http://localhost${path}`),
    context: contextOf(),
  } as unknown as Parameters<typeof stickerLoader>[0]);
  return metaOf(
    stickerMeta({ matches: [root], location: { pathname: path }, loaderData } as unknown as Parameters<typeof stickerMeta>[0]),
  );
}

/** The og:image address as the server is asked for it. */
const pathOf = (image: string | undefined) => {
  expect(image).toBeDefined();
  return new URL(image ?? "").pathname;
};

async function expectCard(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  const body = Buffer.from(await response.arrayBuffer());
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", CARD_WIDTH, CARD_HEIGHT]);
  expect(body.length).toBeLessThanOrEqual(MAX_CARD_BYTES);
  expect(Number(response.headers.get("content-length"))).toBe(body.length);
  return body;
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await response.json()).toMatchObject({ status: "NOT_FOUND", data: null, msgKey: "errors.notFound" });
}

/** A stored card replaced by other bytes: a request that answers them read the card from storage. */
async function markStored(key: string): Promise<Buffer> {
  const marker = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } })
    .jpeg()
    .toBuffer();
  await t.app.storage.put(key, marker, "image/jpeg");
  return marker;
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN, DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signInTestUser(t, "card-owner@example.com");
  stranger = await signInTestUser(t, "card-stranger@example.com");
  const [r, g, b, y] = await Promise.all(
    (
      [
        [220, 40, 40],
        [40, 200, 60],
        [40, 80, 220],
        [230, 200, 30],
      ] as [number, number, number][]
    ).map((colour) => diskSticker(colour)),
  );
  red = await addSticker(t, r!, { ownerId: owner.userId, visibility: "public", name: "Red moon" });
  green = await addSticker(t, g!, { ownerId: owner.userId, visibility: "public", name: "قطة سعيدة" });
  blue = await addSticker(t, b!, { ownerId: stranger.userId, visibility: "public", name: "快乐的猫" });
  yellowPrivate = await addSticker(t, y!, { ownerId: owner.userId, visibility: "private", name: "Secret sun" });
}, 120_000);
afterAll(() => closeTestApp(t));

describe(`a pack's share card (${engineName})`, () => {
  it("is the pack page's og:image and twitter:image: a 1200×630 JPEG under 300 KB that a visitor loads", async () => {
    const packId = await addPack(t, {
      ownerId: owner.userId,
      name: "Café Moods",
      visibility: "public",
      cover: blue,
      stickers: [green, blue, red].map((sticker) => ({ sticker, emoji: ["😀"] })),
    });
    const meta = await packPageMeta(packId, "Café Moods");
    expect(meta["og:image"]).toMatch(new RegExp(`^${ORIGIN}/files/card/pack/${packId}/[a-f0-9]{16}\\.jpg$`));
    expect(meta["twitter:image"]).toBe(meta["og:image"]);
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
    expect(meta["twitter:card"]).toBe("summary_large_image");
    const response = await get(pathOf(meta["og:image"]));
    await expectCard(response);
    expect(response.headers.get("cache-control")).toBe(PUBLIC_CARD_CACHE);
    expect(response.headers.get("etag")).toMatch(/^"[a-f0-9]{32}"$/);
  });

  it("is made once: the second request reads the stored card (a 304 for the same ETag), and the sweep's removal only makes it again", async () => {
    const packId = await addPack(t, {
      ownerId: owner.userId,
      name: "Once",
      visibility: "public",
      stickers: [red, green].map((sticker) => ({ sticker, emoji: ["😀"] })),
    });
    const path = pathOf((await packPageMeta(packId, "Once"))["og:image"]);
    const before = await storedCards();
    const first = await get(path);
    const made = await expectCard(first);
    const after = await storedCards();
    const added = after.filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/^card-pack-v\d+-[a-f0-9]{32}\.jpg$/)]);
    const stored = await t.app.storage.get(added[0]!);
    expect(stored?.body.equals(made)).toBe(true);
    const marker = await markStored(added[0]!);
    const second = await get(path);
    expect(Buffer.from(await second.arrayBuffer()).equals(marker)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    const revalidated = await get(path, { headers: { "If-None-Match": first.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    // The card is a cache the export sweep keeps bounded (decision 0034); a removed one is made again.
    const sweep = await sweepExportFiles(t.app.storage, { olderThan: new Date(Date.now() + 60_000), budgetBytes: 1e9 });
    expect(sweep.removedKeys).toContain(added[0]);
    expect((await expectCard(await get(path))).equals(made)).toBe(true);
  });

  it("gets a new address when its stickers, its cover or its name change", async () => {
    const packId = await addPack(t, {
      ownerId: owner.userId,
      name: "Changing",
      visibility: "public",
      stickers: [red, green, blue].map((sticker) => ({ sticker, emoji: ["😀"] })),
    });
    const seen = new Set<string>();
    const address = async (name: string) => {
      const image = (await packPageMeta(packId, name))["og:image"]!;
      seen.add(image);
      return image;
    };
    const first = await address("Changing");
    await removeStickerFromPack(t.app.database.db, { userId: owner.userId, packId, stickerInstId: green.stickerInstId });
    const fewer = await address("Changing");
    await updatePack(t.app.database.db, { userId: owner.userId, packId, coverStickerInstId: blue.stickerInstId });
    const newCover = await address("Changing");
    await updatePack(t.app.database.db, { userId: owner.userId, packId, name: "Changed" });
    const renamed = await address("Changed");
    expect(seen.size).toBe(4);
    // Each answers its own card; an address from before the change answers the current one.
    const current = await expectCard(await get(pathOf(renamed)));
    expect((await expectCard(await get(pathOf(first)))).equals(current)).toBe(true);
    expect(new Set([first, fewer, newCover, renamed]).size).toBe(4);
  });

  it("shows only what a visitor sees: the owner's private sticker in a public pack is not on it", async () => {
    const packId = await addPack(t, {
      ownerId: owner.userId,
      name: "Mixed",
      visibility: "public",
      stickers: [red, yellowPrivate, green].map((sticker) => ({ sticker, emoji: ["😀"] })),
    });
    const withPrivate = (await packPageMeta(packId, "Mixed"))["og:image"];
    await removeStickerFromPack(t.app.database.db, { userId: owner.userId, packId, stickerInstId: yellowPrivate.stickerInstId });
    expect((await packPageMeta(packId, "Mixed"))["og:image"]).toBe(withPrivate);
  });

  it("of a private pack is not in the meta, loads for its owner only (never stored by a shared cache), and is NOT_FOUND to others", async () => {
    const packId = await addPack(t, {
      ownerId: owner.userId,
      name: "Public first",
      visibility: "public",
      stickers: [red, yellowPrivate].map((sticker) => ({ sticker, emoji: ["😀"] })),
    });
    const path = pathOf((await packPageMeta(packId, "Public first"))["og:image"]);
    await expectCard(await get(path));
    await updatePack(t.app.database.db, { userId: owner.userId, packId, visibility: "private" });
    // The page is the owner's alone now; its meta keeps the site's default picture.
    const ownerView = await packLoader({
      params: { packId, slug: packSlug("Public first") },
      request: new Request(`http://localhost/pack/${packId}`, {
        headers: { Cookie: `${sessionCookieName(t.app.config)}=${owner.token}` },
      }),
      context: contextOf(),
    } as unknown as Parameters<typeof packLoader>[0]);
    expect(ownerView.cardUrl).toBeNull();
    const meta = metaOf(
      packMeta({
        matches: [root],
        location: { pathname: `/pack/${packId}` },
        loaderData: ownerView,
      } as unknown as Parameters<typeof packMeta>[0]),
    );
    expect(meta["og:image"]).toBe(`${ORIGIN}/og-image.png`);
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
    await expectNotFound(await get(path));
    await expectNotFound(await get(path, { session: stranger }));
    const own = await get(path, { session: owner });
    await expectCard(own);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers NOT_FOUND for an unknown pack, a bad kind and an address that is not a card's", async () => {
    await expectNotFound(await get("/files/card/pack/noSuchPack001/0123456789abcdef.jpg"));
    await expectNotFound(await get("/files/card/user/x/0123456789abcdef.jpg"));
    await expectNotFound(await get(`/files/card/sticker/${red.stickerInstId}/not-a-hash.jpg`));
  });
});

describe(`a sticker's share card (${engineName})`, () => {
  it("is the sticker page's og:image: a 1200×630 JPEG under 300 KB, made once and then read from storage", async () => {
    const meta = await stickerPageMeta(green.stickerInstId);
    expect(meta["og:image"]).toMatch(new RegExp(`^${ORIGIN}/files/card/sticker/${green.stickerInstId}/[a-f0-9]{16}\\.jpg$`));
    expect(meta["twitter:image"]).toBe(meta["og:image"]);
    expect([meta["og:image:width"], meta["og:image:height"], meta["twitter:card"]]).toEqual([
      "1200",
      "630",
      "summary_large_image",
    ]);
    const path = pathOf(meta["og:image"]);
    const before = await storedCards();
    const first = await get(path);
    await expectCard(first);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_CARD_CACHE);
    const added = (await storedCards()).filter((key) => !before.includes(key));
    expect(added).toEqual([expect.stringMatching(/^card-sticker-v\d+-[a-f0-9]{32}\.jpg$/)]);
    const marker = await markStored(added[0]!);
    expect(Buffer.from(await (await get(path)).arrayBuffer()).equals(marker)).toBe(true);
  });

  it("gets a new address when its picture or its name changes", async () => {
    const db = t.app.database.db;
    const sticker = await addSticker(t, await diskSticker([90, 30, 120]), {
      ownerId: owner.userId,
      visibility: "public",
      name: "Plum",
    });
    const first = (await stickerPageMeta(sticker.stickerInstId))["og:image"];
    // An edit points the sticker at a new picture (decision 0047).
    await db.update(stickers).set({ picId: red.picId }).where(eq(stickers.id, sticker.id));
    const newPicture = (await stickerPageMeta(sticker.stickerInstId))["og:image"];
    await db.update(stickers).set({ name: "Plum, renamed" }).where(eq(stickers.id, sticker.id));
    const renamed = (await stickerPageMeta(sticker.stickerInstId))["og:image"];
    expect(new Set([first, newPicture, renamed]).size).toBe(3);
    await expectCard(await get(pathOf(renamed)));
  });

  it("of a private sticker is not in the meta, loads for its owner only, and is NOT_FOUND to others", async () => {
    const sticker = await addSticker(t, await diskSticker([20, 160, 160]), {
      ownerId: owner.userId,
      visibility: "public",
      name: "Teal",
    });
    const path = pathOf((await stickerPageMeta(sticker.stickerInstId))["og:image"]);
    await setStickerVisibility(t.app.database.db, {
      userId: owner.userId,
      stickerInstId: sticker.stickerInstId,
      visibility: "private",
    });
    await expectNotFound(await get(path));
    await expectNotFound(await get(path, { session: stranger }));
    const own = await get(path, { session: owner });
    await expectCard(own);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const ownerView = await stickerLoader({
      params: { instId: sticker.stickerInstId },
      request: new Request(`http://localhost/sticker/${sticker.stickerInstId}`, {
        headers: { Cookie: `${sessionCookieName(t.app.config)}=${owner.token}` },
      }),
      context: contextOf(),
    } as unknown as Parameters<typeof stickerLoader>[0]);
    expect(ownerView.cardUrl).toBeNull();
  });
});
