import { eq } from "drizzle-orm";
import { type Unzipped, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPack, addSticker, diskSticker, type MadeSticker } from "#tests/support/export-packs.ts";
import { signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { users } from "../db/schema.ts";
import { watermarkDomain } from "../downloads/watermark.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { createMotionDownloads } from "../motion/motion-downloads.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { markForMessenger, markSize } from "./messenger-mark.ts";
import { STICKER_FILES, type StickerFileName } from "./sticker-files.ts";
import {
  checkDiscordEmojiName,
  checkDiscordStickerTexts,
  checkSlackEmojiName,
  type ExportFileTarget,
  exportFileBreaches,
} from "./validate/index.ts";

const SIZE = 512;
let t: TestApp;
let owner: TestSession;
let member: TestSession;
let stickersInPack: MadeSticker[];
let packId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://stickerstudio.app", DOWNLOAD_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signInTestUser(t, "exports-owner@example.com");
  member = await signInTestUser(t, "exports-member@example.com");
  const db = t.app.database.db;
  await db.update(users).set({ nick: "Mia Moon" }).where(eq(users.id, owner.userId));
  await db.update(users).set({ subscribePlan: "price_annual" }).where(eq(users.id, member.userId));
  const colours: [number, number, number][] = [
    [220, 40, 40],
    [40, 200, 60],
    [40, 80, 220],
  ];
  stickersInPack = [];
  for (const [index, colour] of colours.entries()) {
    const name = ["Happy cat", "Café owl", "猫"][index]!;
    stickersInPack.push(await addSticker(t, await diskSticker(colour), { ownerId: owner.userId, visibility: "public", name }));
  }
  packId = await addPack(t, {
    ownerId: owner.userId,
    name: "Every place",
    visibility: "public",
    stickers: stickersInPack.map((sticker, index) => ({ sticker, emoji: [["😺", "😊"], ["🦉"], ["🐱"]][index]! })),
  });
}, 120_000);
afterAll(() => closeTestApp(t));

function get(path: string, session?: TestSession) {
  const headers: Record<string, string> = {};
  if (session) headers.Cookie = `${sessionCookieName(t.app.config)}=${session.token}`;
  return t.server.request(path, { headers });
}

async function unzipped(response: Response): Promise<Unzipped> {
  expect(response.status).toBe(200);
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

const utf8 = (file: Uint8Array | undefined) => new TextDecoder().decode(file);

/** The file passes its platform's rule: no breach at all. */
function expectPasses(target: ExportFileTarget, file: Uint8Array | undefined) {
  expect(file, target).toBeDefined();
  expect(exportFileBreaches(target, file as Uint8Array)).toEqual([]);
}

async function edgeOf(file: Uint8Array): Promise<[number, number]> {
  const meta = await sharp(file).metadata();
  return [meta.width ?? 0, meta.height ?? 0];
}

async function rgba(file: Uint8Array): Promise<Buffer> {
  return sharp(file).ensureAlpha().raw().toBuffer();
}

describe("a pack for every place stickers live (issue 28)", () => {
  it("gives Telegram its stickers, a 100×100 thumbnail under 128 KB, emoji.txt and keywords.txt", async () => {
    const files = await unzipped(await get(`/files/pack/${packId}/telegram`));
    expect(Object.keys(files).sort()).toEqual(
      ["01.png", "02.png", "03.png", "README.txt", "emoji.txt", "keywords.txt", "thumbnail.png"].sort(),
    );
    for (const name of ["01.png", "02.png", "03.png"]) expectPasses("telegram-still", files[name]);
    expectPasses("telegram-thumbnail", files["thumbnail.png"]);
    expect(await edgeOf(files["thumbnail.png"]!)).toEqual([100, 100]);
    expect(utf8(files["emoji.txt"])).toBe("01.png 😺 😊\n02.png 🦉\n03.png 🐱\n");
    expect(
      utf8(files["keywords.txt"])
        .split("\n")
        .slice(0, 3)
        .map((line) => line.split(" ")[0]),
    ).toEqual(["01.png", "02.png", "03.png"]);
    expect(utf8(files["README.txt"])).toContain("thumbnail.png");
  });

  it("gives Telegram custom emoji of 100×100 with one emoji each and the @Stickers steps for an emoji set", async () => {
    const files = await unzipped(await get(`/files/pack/${packId}/telegram-emoji`));
    for (const name of ["01.png", "02.png", "03.png"]) {
      expectPasses("telegram-emoji", files[name]);
      expect(await edgeOf(files[name]!)).toEqual([100, 100]);
    }
    expect(utf8(files["emoji.txt"])).toBe("01.png 😺\n02.png 🦉\n03.png 🐱\n");
    expect(utf8(files["README.txt"])).toContain("/newemojipack");
  });

  it("gives Signal 512×512 WebPs under 307,200 bytes with an emoji each and Signal Desktop's steps", async () => {
    const files = await unzipped(await get(`/files/pack/${packId}/signal`));
    expect(Object.keys(files).sort()).toEqual(["01.webp", "02.webp", "03.webp", "README.txt", "emoji.txt"]);
    for (const name of ["01.webp", "02.webp", "03.webp"]) {
      expectPasses("signal", files[name]);
      expect(files[name]!.length).toBeLessThanOrEqual(307_200);
    }
    expect(utf8(files["emoji.txt"])).toBe("01.webp 😺\n02.webp 🦉\n03.webp 🐱\n");
    const readme = utf8(files["README.txt"]);
    expect(readme).toContain("Signal Desktop");
    expect(readme).toContain("Mia Moon");
  });

  it("gives Discord 320×320 stickers with a valid name, related emoji and description, and 128×128 emoji named validly and uniquely", async () => {
    const files = await unzipped(await get(`/files/pack/${packId}/discord`));
    const manifest = JSON.parse(utf8(files["discord.json"])) as {
      stickers: { file: string; name: string; tags: string; description: string; emoji: string; emojiName: string }[];
    };
    expect(manifest.stickers.map((row) => row.file)).toEqual(["stickers/01.png", "stickers/02.png", "stickers/03.png"]);
    expect(manifest.stickers.map((row) => row.tags)).toEqual(["😺", "🦉", "🐱"]);
    for (const row of manifest.stickers) {
      expectPasses("discord-sticker", files[row.file]);
      expect(await edgeOf(files[row.file]!)).toEqual([320, 320]);
      expectPasses("discord-emoji", files[row.emoji]);
      expect(await edgeOf(files[row.emoji]!)).toEqual([128, 128]);
      expect(checkDiscordEmojiName(row.emojiName)).toEqual([]);
      expect(checkDiscordStickerTexts({ name: row.name, tags: row.tags, description: row.description })).toEqual([]);
    }
    expect(new Set(manifest.stickers.map((row) => row.emojiName)).size).toBe(3);
  });

  it("gives Slack 128×128 emoji under 128 KB, each file named by a valid, unique emoji name", async () => {
    const files = await unzipped(await get(`/files/pack/${packId}/slack`));
    const pictures = Object.keys(files).filter((name) => name.endsWith(".png"));
    expect(pictures).toHaveLength(3);
    for (const name of pictures) {
      expectPasses("slack-emoji", files[name]);
      expect(checkSlackEmojiName(name.replace(/\.png$/, ""))).toEqual([]);
    }
    // A name only in Chinese letters has none Slack takes: it is numbered by its place.
    expect(pictures).toContain("sticker_03.png");
  });

  it("gives iMessage an Xcode sticker pack in each grid size: PNGs of 300, 408 or 618 px under 500 KB, with the contents files", async () => {
    for (const [size, edge] of [
      ["small", 300],
      ["regular", 408],
      ["large", 618],
    ] as const) {
      const files = await unzipped(await get(`/files/pack/${packId}/imessage?size=${size}`));
      const pack = "Stickers.xcstickers/Sticker Pack.stickerpack";
      const contents = JSON.parse(utf8(files[`${pack}/Contents.json`]));
      expect(contents.properties).toEqual({ "grid-size": size });
      expect(contents.stickers).toEqual([{ filename: "01.sticker" }, { filename: "02.sticker" }, { filename: "03.sticker" }]);
      expect(JSON.parse(utf8(files["Stickers.xcstickers/Contents.json"]))).toEqual({ info: { author: "xcode", version: 1 } });
      for (const number of ["01", "02", "03"]) {
        const picture = files[`${pack}/${number}.sticker/${number}.png`];
        expectPasses("imessage", picture);
        expect(await edgeOf(picture!)).toEqual([edge, edge]);
        const sticker = JSON.parse(utf8(files[`${pack}/${number}.sticker/Contents.json`]));
        expect(sticker.properties.filename).toBe(`${number}.png`);
        expect(sticker.properties["accessibility-label"]).not.toBe("");
      }
    }
  });

  it("names the owner's display name as WhatsApp's publisher and gives each sticker an accessibility text", async () => {
    const files = await unzipped(await get(`/files/pack/${packId}/whatsapp`));
    const manifest = JSON.parse(utf8(files["contents.json"])).sticker_packs[0];
    expect(manifest.publisher).toBe("Mia Moon");
    expect(utf8(files["author.txt"])).toBe("Mia Moon");
    for (const sticker of manifest.stickers) {
      expect(sticker.accessibility_text.length).toBeGreaterThan(0);
      expect(sticker.accessibility_text.length).toBeLessThanOrEqual(125);
      expectPasses("whatsapp-still", files[sticker.image_file]);
    }
  });
});

describe("one sticker's messenger files", () => {
  it("serves every file of server/exports/sticker-files.ts within its platform's rule, and 404s a name it does not know", async () => {
    const { picId } = stickersInPack[0]!;
    for (const name of Object.keys(STICKER_FILES) as StickerFileName[]) {
      const response = await get(`/files/export/${picId}/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(new RegExp(`-${name.replace(".", "\\.")}"$`));
      expectPasses(STICKER_FILES[name].rule, new Uint8Array(await response.arrayBuffer()));
    }
    const unknown = await get(`/files/export/${picId}/discord-sticker.gif`);
    expect(unknown.status).toBe(404);
  });
});

describe("the mark on a messenger file (decision 0043)", () => {
  it("is a small mark in an empty corner: every pixel outside it is the sticker's own, and inside it the sticker had no paint", async () => {
    const { picId } = stickersInPack[0]!;
    const original = await rgba((await t.app.storage.get(stickerImageKeys(picId).png))!.body);
    const visitor = await get(`/files/export/${picId}/telegram.png`);
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=86400");
    const marked = await rgba(new Uint8Array(await visitor.arrayBuffer()));
    const mark = markSize(watermarkDomain(t.app.config.PUBLIC_URL));
    // The disk's bottom-right corner is empty: the mark sits there, 4 px from the edges.
    const box = { left: SIZE - 4 - mark.width, top: SIZE - 4 - mark.height, right: SIZE - 4, bottom: SIZE - 4 };
    let changedOutside = 0;
    let paintedInside = 0;
    let originalPaintInside = 0;
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const i = (y * SIZE + x) * 4;
        const inside = x >= box.left && x < box.right && y >= box.top && y < box.bottom;
        const same = [0, 1, 2, 3].every((k) => original[i + k] === marked[i + k]);
        if (!inside && !same) changedOutside += 1;
        if (inside && marked[i + 3]! > 0) paintedInside += 1;
        if (inside && original[i + 3]! > 0) originalPaintInside += 1;
      }
    }
    expect(changedOutside).toBe(0);
    expect(originalPaintInside).toBe(0);
    expect(paintedInside).toBeGreaterThan((mark.width * mark.height) / 2);
  });

  it("is left out for a member: their file is the sticker itself, kept out of shared caches", async () => {
    const { picId } = stickersInPack[0]!;
    const original = await rgba((await t.app.storage.get(stickerImageKeys(picId).png))!.body);
    const response = await get(`/files/export/${picId}/telegram.png`, member);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect((await rgba(new Uint8Array(await response.arrayBuffer()))).equals(original)).toBe(true);
    // And in the member's pack files: the WhatsApp stickers differ from a visitor's by the mark only.
    const theirs = await unzipped(await get(`/files/pack/${packId}/whatsapp`, member));
    const visitors = await unzipped(await get(`/files/pack/${packId}/whatsapp`));
    expect(Buffer.from(theirs["01.webp"]!).equals(Buffer.from(visitors["01.webp"]!))).toBe(false);
    const single = await get(`/files/export/${picId}/whatsapp.webp`, member);
    expect(Buffer.from(theirs["01.webp"]!).equals(Buffer.from(await single.arrayBuffer()))).toBe(true);
  });

  it("frees a strip at the bottom when every corner holds paint, so the mark still crosses no art", async () => {
    const full = await sharp({
      create: { width: SIZE, height: SIZE, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const domain = "stickerstudio.app";
    const marked = await rgba(await markForMessenger(full, domain, "corner"));
    const mark = markSize(domain);
    const pillLeft = Math.round((SIZE - mark.width) / 2);
    // Left of the pill in the bottom strip there is nothing; the art's middle is as it was.
    for (const x of [0, 20, pillLeft - 2]) expect(marked[((SIZE - 10) * SIZE + x) * 4 + 3]).toBe(0);
    expect([...marked.subarray((256 * SIZE + 256) * 4, (256 * SIZE + 256) * 4 + 4)]).toEqual([10, 120, 200, 255]);
    // The pill itself is painted.
    expect(marked[((SIZE - 4 - mark.height / 2) * SIZE + SIZE / 2) * 4 + 3]).toBeGreaterThan(100);
  });

  it("stays put on a moving sticker's messenger files, and a member's have none", async () => {
    const moving = await addSticker(t, await diskSticker([200, 100, 30]), {
      ownerId: owner.userId,
      visibility: "public",
      motion: "wiggle",
    });
    const downloads = createMotionDownloads(t.app, watermarkDomain(t.app.config.PUBLIC_URL));
    const corner = await downloads.load(moving.picId, "wiggle", "webp", "corner");
    const none = await downloads.load(moving.picId, "wiggle", "webp", "none");
    expectPasses("whatsapp", corner);
    expectPasses("whatsapp", none);
    const mark = markSize(watermarkDomain(t.app.config.PUBLIC_URL));
    const at = { x: SIZE - 4 - Math.round(mark.width / 2), y: SIZE - 4 - Math.round(mark.height / 2) };
    for (const page of [0, 5]) {
      const markedFrame = await sharp(corner, { page }).ensureAlpha().raw().toBuffer();
      const plainFrame = await sharp(none, { page }).ensureAlpha().raw().toBuffer();
      expect(markedFrame[(at.y * SIZE + at.x) * 4 + 3], `frame ${page}`).toBeGreaterThan(100);
      expect(plainFrame[(at.y * SIZE + at.x) * 4 + 3], `frame ${page}`).toBe(0);
    }
  }, 60_000);
});
