import { eq } from "drizzle-orm";
import { type Unzipped, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "#common/languages.ts";
import {
  addPack as addPackTo,
  addSticker as addStickerTo,
  diskSticker,
  type MadeSticker as Made,
} from "#tests/support/export-packs.ts";
import { signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { packStickers, packs, users } from "../db/schema.ts";
import { TELEGRAM_MAX_BYTES, WHATSAPP_MAX_BYTES } from "../exports/encode-sticker.ts";
import { readme } from "../exports/pack-layouts.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { createPackExports, TRAY_MAX_BYTES } from "./export-pack.ts";

let t: TestApp;
let owner: TestSession;
let stranger: TestSession;

function get(path: string, options: { session?: TestSession; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers.Cookie = `${sessionCookieName(t.app.config)}=${options.session.token}`;
  return t.server.request(path, { headers });
}

/** The stored keys starting with `prefix`, sorted. */
async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.app.storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

async function unzipped(response: Response): Promise<Unzipped> {
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await bytes(response)));
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(await response.json()).toMatchObject({ status: "NOT_FOUND", data: null, msgKey: "errors.notFound" });
}

const isWebp = (file: Uint8Array) =>
  Buffer.from(file.subarray(0, 4)).toString("latin1") === "RIFF" &&
  Buffer.from(file.subarray(8, 12)).toString("latin1") === "WEBP";
const isPng = (file: Uint8Array) =>
  Buffer.from(file.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const utf8 = (file: Uint8Array | undefined) => new TextDecoder().decode(file);

/** The centre pixel's colour of a picture. */
async function centre(file: Uint8Array): Promise<number[]> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
}

const COLOURS: [number, number, number][] = [
  [220, 40, 40],
  [40, 200, 60],
  [40, 80, 220],
  [230, 200, 30],
  [150, 50, 200],
];

let red: Made;
let green: Made;
let blue: Made;
let yellowPrivate: Made;
let purple: Made;
/** Public, 4 stickers seen by the owner (one of them private), 3 by anyone else; cover = blue. */
let publicPack: string;
let privatePack: string;
let twoPack: string;
let bigPack: string;
let emptyPack: string;

const addSticker = (png: Buffer, sticker: { ownerId: number; visibility: "public" | "private" }) => addStickerTo(t, png, sticker);
const addPack = (options: Parameters<typeof addPackTo>[1]) => addPackTo(t, options);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://stickerstudio.app:8443", DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signInTestUser(t, "pack-owner@example.com");
  stranger = await signInTestUser(t, "pack-stranger@example.com");
  await t.app.database.db.update(users).set({ nick: "Mia" }).where(eq(users.id, owner.userId));
  const [r, g, b, y, p] = await Promise.all(COLOURS.map((colour) => diskSticker(colour)));
  red = await addSticker(r!, { ownerId: owner.userId, visibility: "public" });
  green = await addSticker(g!, { ownerId: owner.userId, visibility: "public" });
  yellowPrivate = await addSticker(y!, { ownerId: owner.userId, visibility: "private" });
  // Someone else's public sticker, added from the owner's favourites.
  blue = await addSticker(b!, { ownerId: stranger.userId, visibility: "public" });
  purple = await addSticker(p!, { ownerId: owner.userId, visibility: "public" });
  publicPack = await addPack({
    ownerId: owner.userId,
    name: "Café Moods",
    visibility: "public",
    cover: blue,
    stickers: [
      { sticker: green, emoji: ["😊", "😂"] },
      { sticker: yellowPrivate, emoji: ["😴"] },
      { sticker: blue, emoji: ["😍"] },
      { sticker: red, emoji: ["😠", "💢", "🔥"] },
    ],
  });
  privatePack = await addPack({
    ownerId: owner.userId,
    name: "Secret set",
    visibility: "private",
    stickers: [red, green, purple].map((sticker) => ({ sticker, emoji: ["👍"] })),
  });
  twoPack = await addPack({
    ownerId: owner.userId,
    name: "Two",
    visibility: "public",
    stickers: [red, green].map((sticker) => ({ sticker, emoji: ["👋"] })),
  });
  // 31 stickers, all drawn from the red picture: the rule answers before anything is encoded.
  const many: Made[] = [];
  for (let index = 0; index < 31; index += 1) many.push(await addSticker(r!, { ownerId: owner.userId, visibility: "public" }));
  bigPack = await addPack({
    ownerId: owner.userId,
    name: "Big",
    visibility: "public",
    stickers: many.map((sticker) => ({ sticker, emoji: ["🎉"] })),
  });
  emptyPack = await addPack({ ownerId: owner.userId, name: "Empty", visibility: "public", stickers: [] });
}, 120_000);
afterAll(() => closeTestApp(t));

describe("GET /files/pack/:packId/whatsapp", () => {
  it("gives the owner a .wastickers zip: title, author, a 96×96 tray from the cover, 512×512 WebPs under 100 KB in pack order, and contents.json with each sticker's emoji", async () => {
    const response = await get(`/files/pack/${publicPack}/whatsapp`, { session: owner });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="cafe-moods-whatsapp.wastickers"; filename*=UTF-8''caf%C3%A9-moods-whatsapp.wastickers`,
    );
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const files = await unzipped(response);
    expect(Object.keys(files).sort()).toEqual(
      ["01.webp", "02.webp", "03.webp", "04.webp", "author.txt", "contents.json", "title.txt", "tray.png"].sort(),
    );
    expect(utf8(files["title.txt"])).toBe("Café Moods");
    expect(utf8(files["author.txt"])).toBe("Mia");

    const tray = files["tray.png"]!;
    expect(isPng(tray)).toBe(true);
    expect(tray.length).toBeLessThan(TRAY_MAX_BYTES);
    const trayMeta = await sharp(tray).metadata();
    expect([trayMeta.format, trayMeta.width, trayMeta.height]).toEqual(["png", 96, 96]);
    expect(await centre(tray)).toEqual([40, 80, 220, 255]);

    const order = [green, yellowPrivate, blue, red];
    for (const [index, sticker] of order.entries()) {
      const file = files[`0${index + 1}.webp`]!;
      expect(isWebp(file)).toBe(true);
      expect(file.length).toBeLessThan(WHATSAPP_MAX_BYTES);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["webp", 512, 512, true]);
      // The very file the sticker's own export serves, so the order is the pack's.
      const single = await get(`/files/export/${sticker.picId}/whatsapp.webp`, { session: owner });
      expect(Buffer.from(file).equals(await bytes(single))).toBe(true);
    }

    const contents = JSON.parse(utf8(files["contents.json"]));
    const [manifest] = contents.sticker_packs;
    expect(manifest).toMatchObject({
      identifier: publicPack,
      name: "Café Moods",
      publisher: "Mia",
      tray_image_file: "tray.png",
      publisher_website: "https://stickerstudio.app:8443",
    });
    expect(
      manifest.stickers.map(({ image_file, emojis }: { image_file: string; emojis: string[] }) => ({ image_file, emojis })),
    ).toEqual([
      { image_file: "01.webp", emojis: ["😊", "😂"] },
      { image_file: "02.webp", emojis: ["😴"] },
      { image_file: "03.webp", emojis: ["😍"] },
      { image_file: "04.webp", emojis: ["😠", "💢", "🔥"] },
    ]);
  });

  it("gives a visitor of a public pack only its public stickers, cacheable by shared caches that revalidate", async () => {
    const response = await get(`/files/pack/${publicPack}/whatsapp`);
    expect(response.headers.get("cache-control")).toBe("public, no-cache");
    const files = await unzipped(response);
    expect(Object.keys(files).filter((name) => name.endsWith(".webp"))).toEqual(["01.webp", "02.webp", "03.webp"]);
    const manifest = JSON.parse(utf8(files["contents.json"])).sticker_packs[0];
    expect(manifest.stickers.map((sticker: { emojis: string[] }) => sticker.emojis)).toEqual([
      ["😊", "😂"],
      ["😍"],
      ["😠", "💢", "🔥"],
    ]);
    for (const [index, sticker] of [green, blue, red].entries()) {
      const single = await get(`/files/export/${sticker.picId}/whatsapp.webp`);
      expect(Buffer.from(files[`0${index + 1}.webp`]!).equals(await bytes(single))).toBe(true);
    }
  });

  it("keeps a signed-in non-owner's copy of a public pack out of shared caches", async () => {
    const response = await get(`/files/pack/${publicPack}/whatsapp`, { session: stranger });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses a pack of 2 stickers with PACK_TOO_SMALL_FOR_WHATSAPP (409, translated)", async () => {
    const response = await get(`/files/pack/${twoPack}/whatsapp`, { session: owner, headers: { "Accept-Language": "de" } });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toMatchObject({ status: "PACK_TOO_SMALL_FOR_WHATSAPP", data: null, msgKey: "errors.packTooSmallForWhatsapp" });
    expect(body.msg).not.toBe("");
    expect(body.msg).not.toMatch(/WhatsApp needs/);
  });

  it("refuses a pack of 31 stickers with PACK_TOO_LARGE_FOR_WHATSAPP (409)", async () => {
    const response = await get(`/files/pack/${bigPack}/whatsapp`, { session: owner });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      status: "PACK_TOO_LARGE_FOR_WHATSAPP",
      msgKey: "errors.packTooLargeForWhatsapp",
    });
  });
});

describe("GET /files/pack/:packId/telegram", () => {
  it("gives 01.png… with one side 512 px under 512 KB in pack order, emoji.txt and README.txt with the @Stickers steps", async () => {
    const response = await get(`/files/pack/${publicPack}/telegram`, { session: owner });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="cafe-moods-telegram.zip"; filename*=UTF-8''caf%C3%A9-moods-telegram.zip`,
    );
    expect(response.headers.get("content-type")).toBe("application/zip");
    const files = await unzipped(response);
    expect(Object.keys(files).sort()).toEqual(
      ["01.png", "02.png", "03.png", "04.png", "README.txt", "emoji.txt", "keywords.txt", "thumbnail.png"].sort(),
    );
    for (const [index, sticker] of [green, yellowPrivate, blue, red].entries()) {
      const file = files[`0${index + 1}.png`]!;
      expect(isPng(file)).toBe(true);
      expect(file.length).toBeLessThan(TELEGRAM_MAX_BYTES);
      const meta = await sharp(file).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(512);
      const single = await get(`/files/export/${sticker.picId}/telegram.png`, { session: owner });
      expect(Buffer.from(file).equals(await bytes(single))).toBe(true);
    }
    expect(utf8(files["emoji.txt"])).toBe("01.png 😊 😂\n02.png 😴\n03.png 😍\n04.png 😠 💢 🔥\n");
    const readme = utf8(files["README.txt"]);
    expect(readme).toContain("Café Moods");
    expect(readme).toContain("@Stickers");
    expect(readme).toContain("/newpack");
    expect(readme).toContain("/publish");
  });

  it("writes README.txt in the language the link asks for", async () => {
    const english = utf8((await unzipped(await get(`/files/pack/${twoPack}/telegram`)))["README.txt"]);
    const arabic = utf8((await unzipped(await get(`/files/pack/${twoPack}/telegram?lang=ar`)))["README.txt"]);
    expect(arabic).not.toBe(english);
    expect(arabic).toMatch(/[\u0600-\u06ff]/);
    expect(arabic).toContain("/newpack");
  });

  it("takes a pack of 2 stickers (Telegram has no minimum)", async () => {
    const response = await get(`/files/pack/${twoPack}/telegram`);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="two-telegram.zip"');
    const files = await unzipped(response);
    expect(utf8(files["emoji.txt"])).toBe("01.png 👋\n02.png 👋\n");
  });

  it("refuses an empty pack with PACK_EMPTY (409)", async () => {
    const response = await get(`/files/pack/${emptyPack}/telegram`, { session: owner });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ status: "PACK_EMPTY", msgKey: "errors.packEmpty" });
  });
});

describe("GET /files/pack/:packId/originals", () => {
  it("gives the owner the stored watermark-free 512 px PNGs in pack order", async () => {
    const response = await get(`/files/pack/${publicPack}/originals`, { session: owner });
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="cafe-moods-originals.zip"; filename*=UTF-8''caf%C3%A9-moods-originals.zip`,
    );
    const files = await unzipped(response);
    expect(Object.keys(files)).toEqual(["01.png", "02.png", "03.png", "04.png"]);
    for (const [index, sticker] of [green, yellowPrivate, blue, red].entries()) {
      const stored = await t.app.storage.get(`${sticker.picId}.png`);
      expect(Buffer.from(files[`0${index + 1}.png`]!).equals(stored!.body)).toBe(true);
    }
  });

  it("answers NOT_FOUND to a signed-in non-owner and to a visitor of a public pack", async () => {
    await expectNotFound(await get(`/files/pack/${publicPack}/originals`, { session: stranger }));
    await expectNotFound(await get(`/files/pack/${publicPack}/originals`));
  });
});

describe("who may export a pack", () => {
  it("answers NOT_FOUND for a private pack to a visitor and to another user, for every target", async () => {
    for (const target of ["whatsapp", "telegram", "originals"]) {
      await expectNotFound(await get(`/files/pack/${privatePack}/${target}`));
      await expectNotFound(await get(`/files/pack/${privatePack}/${target}`, { session: stranger }));
    }
  });

  it("gives the owner their private pack", async () => {
    const files = await unzipped(await get(`/files/pack/${privatePack}/whatsapp`, { session: owner }));
    expect(Object.keys(files).filter((name) => name.endsWith(".webp"))).toEqual(["01.webp", "02.webp", "03.webp"]);
  });

  it("answers NOT_FOUND for an unknown pack or an unknown target", async () => {
    await expectNotFound(await get("/files/pack/no-such-pack/whatsapp", { session: owner }));
    await expectNotFound(await get(`/files/pack/${publicPack}/wechat`, { session: owner }));
  });
});

describe("pack export caching", () => {
  it("answers 304 to If-None-Match with the export's ETag, serves the same bytes again, and a new ETag once the pack's emoji change", async () => {
    const first = await get(`/files/pack/${privatePack}/whatsapp`, { session: owner });
    expect(first.status).toBe(200);
    const firstBytes = await bytes(first);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[a-f0-9]{32}"$/);

    const again = await get(`/files/pack/${privatePack}/whatsapp`, { session: owner, headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");

    const stored = await get(`/files/pack/${privatePack}/whatsapp`, { session: owner });
    expect(stored.headers.get("etag")).toBe(etag);
    expect((await bytes(stored)).equals(firstBytes)).toBe(true);
    // Kept in storage, but never served by its name.
    const archivesBefore = await storedKeys("pack-whatsapp-");
    expect(archivesBefore.length).toBeGreaterThan(0);
    for (const key of archivesBefore) await expectNotFound(await get(`/files/${key}`, { session: owner }));

    const [pack] = await t.app.database.db.select({ id: packs.id }).from(packs).where(eq(packs.packId, privatePack));
    await t.app.database.db
      .update(packStickers)
      .set({ emoji: ["🥳"] })
      .where(eq(packStickers.packId, pack!.id));
    const changed = await get(`/files/pack/${privatePack}/whatsapp`, { session: owner, headers: { "If-None-Match": etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    const manifest = JSON.parse(utf8((await unzipped(changed))["contents.json"])).sticker_packs[0];
    expect(manifest.stickers.map((sticker: { emojis: string[] }) => sticker.emojis)).toEqual([["🥳"], ["🥳"], ["🥳"]]);
    // The emoji are added as the file is sent: the stored pictures' archive serves the new emoji too.
    expect(await storedKeys("pack-whatsapp-")).toEqual(archivesBefore);
  });

  it("stores one archive for a pack's Telegram file asked in all 14 languages, each README.txt in its language", async () => {
    const pack = await addPack({
      ownerId: owner.userId,
      name: "Fourteen",
      visibility: "public",
      stickers: [red, green, blue].map((sticker) => ({ sticker, emoji: ["🌍"] })),
    });
    const before = await storedKeys("pack-telegram-");
    const readmes = new Set<string>();
    const etags = new Set<string>();
    for (const language of LANGUAGES) {
      const response = await get(`/files/pack/${pack}/telegram?lang=${language}`);
      expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
      etags.add(response.headers.get("etag")!);
      const files = await unzipped(response);
      expect(Object.keys(files).sort()).toEqual(
        ["01.png", "02.png", "03.png", "README.txt", "emoji.txt", "keywords.txt", "thumbnail.png"].sort(),
      );
      expect(utf8(files["README.txt"])).toBe(readme({ name: "Fourteen", author: "Mia" }, "telegram", language));
      expect(utf8(files["emoji.txt"])).toBe("01.png 🌍\n02.png 🌍\n03.png 🌍\n");
      readmes.add(utf8(files["README.txt"]));
    }
    expect(readmes.size).toBe(LANGUAGES.length);
    expect(etags.size).toBe(LANGUAGES.length);
    const added = (await storedKeys("pack-telegram-")).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
  });
});

describe("a sticker whose picture storage lost", () => {
  it("is left out of the pack's files (the others numbered as before, emoji.txt and contents.json naming only those sent), logged, and the partial file neither stored nor cached; once the picture is back the next download has it", async () => {
    const lostPng = await diskSticker([10, 120, 130]);
    const lost = await addSticker(lostPng, { ownerId: owner.userId, visibility: "public" });
    const pack = await addPack({
      ownerId: owner.userId,
      name: "Lost one",
      visibility: "public",
      stickers: [red, lost, green, purple].map((sticker, index) => ({ sticker, emoji: [["🍎", "🌊", "🍀", "🍇"][index]!] })),
    });
    const key = stickerImageKeys(lost.picId).png;
    await t.app.storage.delete(key);
    const skipped: string[] = [];
    const exports = createPackExports(t.app);
    const direct = await exports.prepare(pack, null, { target: "telegram", language: "en", mark: "corner" }, (id) =>
      skipped.push(id),
    );
    expect((await direct.body()).partial).toBe(true);
    expect(skipped).toEqual([String(lost.id)]);

    const before = await storedKeys("pack-");
    const telegram = await get(`/files/pack/${pack}/telegram`);
    expect(telegram.headers.get("cache-control")).toBe("no-store");
    expect(telegram.headers.get("etag")).toBeNull();
    const files = await unzipped(telegram);
    expect(Object.keys(files).sort()).toEqual(
      ["01.png", "03.png", "04.png", "README.txt", "emoji.txt", "keywords.txt", "thumbnail.png"].sort(),
    );
    expect(utf8(files["emoji.txt"])).toBe("01.png 🍎\n03.png 🍀\n04.png 🍇\n");
    const whatsapp = await unzipped(await get(`/files/pack/${pack}/whatsapp`));
    const contents = JSON.parse(utf8(whatsapp["contents.json"]));
    expect(
      contents.sticker_packs[0].stickers.map(({ image_file, emojis }: { image_file: string; emojis: string[] }) => ({
        image_file,
        emojis,
      })),
    ).toEqual([
      { image_file: "01.webp", emojis: ["🍎"] },
      { image_file: "03.webp", emojis: ["🍀"] },
      { image_file: "04.webp", emojis: ["🍇"] },
    ]);
    expect(
      Object.keys(whatsapp)
        .filter((name) => name.endsWith(".webp"))
        .sort(),
    ).toEqual(["01.webp", "03.webp", "04.webp"]);
    expect(await storedKeys("pack-")).toEqual(before);

    await t.app.storage.put(key, lostPng, "image/png");
    const whole = await get(`/files/pack/${pack}/telegram`);
    expect(whole.headers.get("etag")).not.toBeNull();
    expect(Object.keys(await unzipped(whole)).sort()).toEqual(
      ["01.png", "02.png", "03.png", "04.png", "README.txt", "emoji.txt", "keywords.txt", "thumbnail.png"].sort(),
    );
    expect((await storedKeys("pack-")).length).toBe(before.length + 1);
  });

  it("still follows WhatsApp's count rule: a three-sticker pack that lost one answers PACK_TOO_SMALL_FOR_WHATSAPP", async () => {
    const lostPng = await diskSticker([200, 120, 30]);
    const lost = await addSticker(lostPng, { ownerId: owner.userId, visibility: "public" });
    const pack = await addPack({
      ownerId: owner.userId,
      name: "Three",
      visibility: "public",
      stickers: [red, lost, green].map((sticker) => ({ sticker, emoji: ["🙂"] })),
    });
    await t.app.storage.delete(stickerImageKeys(lost.picId).png);
    const response = await get(`/files/pack/${pack}/whatsapp`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ status: "PACK_TOO_SMALL_FOR_WHATSAPP" });
  });
});

describe("pack export rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ DOWNLOAD_RATE_LIMIT_PER_MINUTE: "2" });
  }, 60_000);
  afterAll(() => closeTestApp(limited));

  it("answers RATE_LIMITED (429, no-store) past DOWNLOAD_RATE_LIMIT_PER_MINUTE pack exports per client, refused ones counted", async () => {
    const ask = (path: string) => limited.server.request(path);
    expect((await ask("/files/pack/no-such-pack/whatsapp")).status).toBe(404);
    expect((await ask("/files/pack/no-such-pack/signal")).status).toBe(404);
    const refused = await ask("/files/pack/no-such-pack/telegram");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toMatchObject({ status: "RATE_LIMITED", data: null, msgKey: "errors.rateLimited" });
  });
});

describe("pack export rate limits per user and per pack", () => {
  let limited: TestApp;
  let mine: TestSession;
  let other: TestSession;
  let pack: string;
  /** A request from its own client address, as a distinct peer on a socket would be. */
  const from = (address: string, path: string, session?: TestSession) => {
    const headers: Record<string, string> = {};
    if (session) headers.Cookie = `${sessionCookieName(limited.app.config)}=${session.token}`;
    return limited.server.request(path, { headers }, { incoming: { socket: { remoteAddress: address, remoteFamily: "IPv4" } } });
  };
  const expectRateLimited = async (response: Response) => {
    expect(response.status).toBe(429);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: "RATE_LIMITED", data: null, msgKey: "errors.rateLimited" });
  };

  beforeAll(async () => {
    limited = await createTestApp({
      DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000",
      PACK_EXPORT_RATE_LIMIT_PER_USER: "2",
      PACK_EXPORT_RATE_LIMIT_PER_PACK: "4",
    });
    mine = await signInTestUser(limited, "limits-owner@example.com");
    other = await signInTestUser(limited, "limits-other@example.com");
    const saved = t;
    t = limited;
    try {
      const sticker = await addSticker(await diskSticker([10, 120, 200]), { ownerId: mine.userId, visibility: "public" });
      pack = await addPack({ ownerId: mine.userId, name: "Limits", visibility: "public", stickers: [{ sticker, emoji: ["⏱"] }] });
    } finally {
      t = saved;
    }
  }, 60_000);
  afterAll(() => closeTestApp(limited));

  it("answers RATE_LIMITED past PACK_EXPORT_RATE_LIMIT_PER_USER exports of one signed-in user, whatever their address", async () => {
    expect((await from("198.51.100.1", `/files/pack/${pack}/telegram`, other)).status).toBe(200);
    expect((await from("198.51.100.2", `/files/pack/${pack}/telegram?lang=de`, other)).status).toBe(200);
    await expectRateLimited(await from("198.51.100.3", `/files/pack/${pack}/telegram?lang=fr`, other));
  });

  it("answers RATE_LIMITED past PACK_EXPORT_RATE_LIMIT_PER_PACK exports of one pack from everyone together, then to every address", async () => {
    // Two answered above (the refused third never reached the pack's count); two more from visitors.
    expect((await from("203.0.113.10", `/files/pack/${pack}/telegram`)).status).toBe(200);
    expect((await from("203.0.113.11", `/files/pack/${pack}/telegram`)).status).toBe(200);
    await expectRateLimited(await from("203.0.113.12", `/files/pack/${pack}/telegram`));
    await expectRateLimited(await from("203.0.113.13", `/files/pack/${pack}/originals`, mine));
    // Another pack, and an unknown one, are counted apart.
    expect((await from("203.0.113.14", "/files/pack/no-such-pack/telegram")).status).toBe(404);
  });
});
