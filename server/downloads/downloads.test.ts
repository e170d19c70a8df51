import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInTestUser, type TestSession } from "#tests/support/stickers.ts";
import { closeTestApp, createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { pictures, stickers } from "../db/schema.ts";
import {
  ExportTooLargeError,
  exportForTelegram,
  exportForWhatsApp,
  TELEGRAM_MAX_BYTES,
  WHATSAPP_MAX_BYTES,
} from "../exports/encode-sticker.ts";
import { storeStickerImages } from "../generation/index.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { escapeXml, watermarkDomain, watermarkSticker } from "./watermark.ts";

const SIZE = 512;
const RADIUS = 230;

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function rgba(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const insideDisk = (x: number, y: number, radius = RADIUS) => (x - 255.5) ** 2 + (y - 255.5) ** 2 <= radius ** 2;

/** A sticker as the generator leaves one: an opaque disk on a transparent square, painted by `paint`. */
function diskSticker(paint: (x: number, y: number) => [number, number, number]): Promise<Buffer> {
  const data = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      if (!insideDisk(x, y)) continue;
      const i = (y * SIZE + x) * 4;
      [data[i], data[i + 1], data[i + 2]] = paint(x, y);
      data[i + 3] = 255;
    }
  }
  return sharp(data, { raw: { width: SIZE, height: SIZE, channels: 4 } })
    .png()
    .toBuffer();
}

/** A mid-tone flat sticker: white text lightens it, the dark outline darkens it. */
const flatSticker = (shade: number) => diskSticker(() => [shade, shade + 20, shade + 40]);

/** Random colours in every pixel: PNG cannot compress it and WebP needs low quality to get small. */
function noisySticker(): Promise<Buffer> {
  let seed = 20240611;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed >>> 24;
  };
  return diskSticker(() => [next(), next(), next()]);
}

/** Stores the picture and one sticker that uses it; returns the picture id. */
async function addSticker(t: TestApp, png: Buffer, sticker: { ownerId?: number; visibility: "public" | "private" }) {
  const stored = await storeStickerImages(t.app.storage, png);
  const db = t.app.database.db;
  await db
    .insert(pictures)
    .values({ id: stored.id, width: SIZE, height: SIZE, pngKey: stored.png, thumbKey: stored.thumb })
    .onConflictDoNothing();
  await db.insert(stickers).values({
    stickerInstId: `dl${stored.id.slice(0, 12)}${sticker.visibility}`,
    picId: stored.id,
    name: "download test",
    prompt: "download test",
    ownerId: sticker.ownerId ?? null,
    visibility: sticker.visibility,
    hotScore: 0,
  });
  return stored.id;
}

let t: TestApp;
let owner: TestSession;
let stranger: TestSession;
let publicPng: Buffer;
let publicPicId: string;
let privatePicId: string;
let noisyPicId: string;
let orphanPicId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://stickerstudio.app:8443" });
  owner = await signInTestUser(t, "owner@example.com");
  stranger = await signInTestUser(t, "stranger@example.com");
  publicPng = await flatSticker(100);
  publicPicId = await addSticker(t, publicPng, { visibility: "public" });
  privatePicId = await addSticker(t, await flatSticker(60), { ownerId: owner.userId, visibility: "private" });
  noisyPicId = await addSticker(t, await noisySticker(), { visibility: "public" });
  // Stored, but no sticker uses it.
  orphanPicId = (await storeStickerImages(t.app.storage, await flatSticker(140))).id;
}, 120_000);
afterAll(() => closeTestApp(t));

function get(path: string, session?: TestSession) {
  return t.server.request(path, { headers: session ? { Cookie: `${sessionCookieName(t.app.config)}=${session.token}` } : {} });
}

async function expectNotFound(response: Response) {
  expect(response.status).toBe(404);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toMatchObject({ status: "NOT_FOUND", data: null, msgKey: "errors.notFound" });
}

function attachmentName(response: Response): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  const match = /^attachment; filename="([^"]+)"$/.exec(disposition);
  if (!match?.[1]) throw new Error(`not an attachment: ${disposition}`);
  return match[1];
}

const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("GET /files/download/:picId (spec §9)", () => {
  it("answers a public sticker as a 512 px PNG attachment named ai-sticker-{timestamp}.png", async () => {
    const before = Date.now();
    const response = await get(`/files/download/${publicPicId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const name = attachmentName(response);
    expect(name).toMatch(/^ai-sticker-\d{13}\.png$/);
    const stamp = Number(name.slice("ai-sticker-".length, -".png".length));
    expect(stamp).toBeGreaterThanOrEqual(before);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    const file = await body(response);
    expect(Number(response.headers.get("content-length"))).toBe(file.length);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "png", width: SIZE, height: SIZE, hasAlpha: true });
  });

  it("carries a translucent watermark tiled over the whole opaque area, and leaves transparency alone", async () => {
    const original = await rgba(publicPng);
    const marked = await rgba(await body(await get(`/files/download/${publicPicId}`)));
    expect(marked.width).toBe(SIZE);

    let opaque = 0;
    let changed = 0;
    let lighter = 0;
    let darker = 0;
    let alphaMoved = 0;
    // 8×8 cells of 64 px: which ones inside the disk have watermark pixels.
    const cellsInside = new Set<number>();
    const cellsMarked = new Set<number>();
    for (let y = 0; y < SIZE; y += 1) {
      for (let x = 0; x < SIZE; x += 1) {
        const i = (y * SIZE + x) * 4;
        // The alpha channel is the sticker's own everywhere: the overlay is composited atop.
        if (Math.abs((marked.data[i + 3] ?? 0) - (original.data[i + 3] ?? 0)) > 1) alphaMoved += 1;
        if (original.data[i + 3] !== 255) continue;
        opaque += 1;
        const cell = Math.floor(y / 64) * 8 + Math.floor(x / 64);
        const cellCentreInside = insideDisk(Math.floor(x / 64) * 64 + 32, Math.floor(y / 64) * 64 + 32, RADIUS - 46);
        if (cellCentreInside) cellsInside.add(cell);
        const delta = (marked.data[i] ?? 0) - (original.data[i] ?? 0);
        if (Math.abs(delta) <= 4) continue;
        changed += 1;
        if (delta > 0) lighter += 1;
        else darker += 1;
        if (cellCentreInside) cellsMarked.add(cell);
      }
    }
    expect(alphaMoved).toBe(0);
    // A pattern of text, not a wash over the whole picture, and not one small stamp either.
    expect(changed / opaque).toBeGreaterThan(0.03);
    expect(changed / opaque).toBeLessThan(0.5);
    expect(cellsInside.size).toBeGreaterThanOrEqual(20);
    expect(cellsMarked.size / cellsInside.size).toBeGreaterThanOrEqual(0.75);
    // White text with a dark outline: it shows on dark art and on light art.
    expect(lighter).toBeGreaterThan(100);
    expect(darker).toBeGreaterThan(100);
    // Translucent: the art still shows through the letters.
    let brightest = 0;
    for (let i = 0; i < marked.data.length; i += 4) {
      if (original.data[i + 3] === 255) brightest = Math.max(brightest, marked.data[i] ?? 0);
    }
    expect(brightest).toBeLessThan(220);
    // Fully transparent corners stay fully transparent.
    let cornerAlpha = 0;
    for (const [cx, cy] of [
      [0, 0],
      [SIZE - 24, 0],
      [0, SIZE - 24],
      [SIZE - 24, SIZE - 24],
    ] as const) {
      for (let y = cy; y < cy + 24; y += 1) {
        for (let x = cx; x < cx + 24; x += 1) cornerAlpha += marked.data[(y * SIZE + x) * 4 + 3] ?? 0;
      }
    }
    expect(cornerAlpha).toBe(0);
  });

  it("repeats the watermark along a line: several separate marked runs cross the middle row", async () => {
    const original = await rgba(publicPng);
    const marked = await rgba(await body(await get(`/files/download/${publicPicId}`)));
    // The band of rows around the centre: a column is marked when any row in the band changed there.
    const markedColumns: boolean[] = [];
    for (let x = 0; x < SIZE; x += 1) {
      let hit = false;
      for (let y = 236; y < 276 && !hit; y += 1) {
        const i = (y * SIZE + x) * 4;
        hit = original.data[i + 3] === 255 && Math.abs((marked.data[i] ?? 0) - (original.data[i] ?? 0)) > 4;
      }
      markedColumns.push(hit);
    }
    // Runs separated by at least 12 unmarked columns count as separate copies of the text.
    let runs = 0;
    let gap = Number.POSITIVE_INFINITY;
    for (const hit of markedColumns) {
      if (hit && gap >= 12) runs += 1;
      gap = hit ? 0 : gap + 1;
    }
    expect(runs).toBeGreaterThanOrEqual(2);
  });

  it("hides a private sticker from visitors and other users (404) and serves it to its owner", async () => {
    await expectNotFound(await get(`/files/download/${privatePicId}`));
    await expectNotFound(await get(`/files/download/${privatePicId}`, stranger));
    const mine = await get(`/files/download/${privatePicId}`, owner);
    expect(mine.status).toBe(200);
    expect((await sharp(await body(mine)).metadata()).width).toBe(SIZE);
  });

  it("treats an unknown session as a visitor", async () => {
    const ghost: TestSession = { userId: 0, token: "no-such-token", signingKey: "x" };
    expect((await get(`/files/download/${publicPicId}`, ghost)).status).toBe(200);
    await expectNotFound(await get(`/files/download/${privatePicId}`, ghost));
  });

  it("answers 404 for unknown, unused and malformed picture ids", async () => {
    for (const picId of [
      "0".repeat(32),
      orphanPicId,
      "XYZ",
      publicPicId.toUpperCase(),
      publicPicId.slice(1),
      `${publicPicId}0`,
      `${publicPicId}.png`,
      "..%2F..%2Fetc%2Fpasswd",
    ]) {
      await expectNotFound(await get(`/files/download/${picId}`));
    }
  });

  it("leaves /files/:key as it was: the stored file, unmarked and cacheable", async () => {
    const response = await get(`/files/${publicPicId}.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-disposition")).toBeNull();
    expect((await body(response)).equals(publicPng)).toBe(true);
  });
});

describe("GET /files/export/:picId/:target", () => {
  async function exported(picId: string, target: string, session?: TestSession) {
    const response = await get(`/files/export/${picId}/${target}`, session);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    const file = await body(response);
    return { response, file, meta: await sharp(file).metadata(), name: attachmentName(response) };
  }

  it("exports Telegram PNG and WebP: one side 512 px, under 512 KB, with the messengers' mark instead of the download's watermark", async () => {
    for (const picId of [publicPicId, noisyPicId]) {
      for (const format of ["png", "webp"] as const) {
        const { response, file, meta, name } = await exported(picId, `telegram.${format}`);
        expect(response.headers.get("content-type")).toBe(`image/${format}`);
        expect(name).toMatch(new RegExp(`^ai-sticker-\\d{13}-telegram\\.${format}$`));
        expect(meta.format).toBe(format);
        expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(SIZE);
        expect(Math.min(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(SIZE);
        expect(file.length).toBeLessThan(TELEGRAM_MAX_BYTES);
      }
    }
    // The noisy sticker's PNG is far over the limit as stored: the export had to cut colours.
    const stored = await t.app.storage.get(`${noisyPicId}.png`);
    expect(stored?.body.length).toBeGreaterThan(TELEGRAM_MAX_BYTES);
    // A messenger file is not a download (decision 0043): its small mark is neither the tiled watermark nor nothing.
    const download = await rgba(await body(await get(`/files/download/${publicPicId}`)));
    const telegram = await rgba((await exported(publicPicId, "telegram.png")).file);
    expect(telegram.data.equals(download.data)).toBe(false);
    expect(telegram.data.equals((await rgba(publicPng)).data)).toBe(false);
  });

  it("exports WhatsApp WebP: 512×512, transparent background kept, under 100 KB even for a busy sticker", async () => {
    const { response, file, meta, name } = await exported(noisyPicId, "whatsapp.webp");
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(name).toMatch(/^ai-sticker-\d{13}-whatsapp\.webp$/);
    expect(meta).toMatchObject({ format: "webp", width: SIZE, height: SIZE, hasAlpha: true });
    expect(file.length).toBeLessThan(WHATSAPP_MAX_BYTES);
    const pixels = await rgba(file);
    expect(pixels.data[3]).toBe(0);
    expect(pixels.data[(SIZE * SIZE - 1) * 4 + 3]).toBe(0);
    expect(pixels.data[(256 * SIZE + 256) * 4 + 3]).toBe(255);
    // At a good quality the same picture is over the limit: the size loop had to step down.
    const download = await body(await get(`/files/download/${noisyPicId}`));
    const firstTry = await sharp(download).webp({ quality: 90, alphaQuality: 100 }).toBuffer();
    expect(firstTry.length).toBeGreaterThan(WHATSAPP_MAX_BYTES);
  });

  it("applies the same access rule as downloads, and 404s an unknown target", async () => {
    await expectNotFound(await get(`/files/export/${privatePicId}/whatsapp.webp`));
    await expectNotFound(await get(`/files/export/${privatePicId}/telegram.png`, stranger));
    expect((await get(`/files/export/${privatePicId}/telegram.webp`, owner)).status).toBe(200);
    for (const target of ["telegram.gif", "whatsapp.png", "toString", "__proto__", "constructor"]) {
      await expectNotFound(await get(`/files/export/${publicPicId}/${target}`));
    }
    await expectNotFound(await get(`/files/export/${"f".repeat(32)}/telegram.png`));
    await expectNotFound(await get(`/files/export/not-a-pic/telegram.png`));
  });
});

describe("export encoders", () => {
  it("scales a wide picture so its long side is 512 px for Telegram, and pads it square for WhatsApp", async () => {
    const wide = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } } })
      .png()
      .toBuffer();
    for (const format of ["png", "webp"] as const) {
      const meta = await sharp(await exportForTelegram(wide, format)).metadata();
      expect([meta.width, meta.height]).toEqual([512, 171]);
    }
    const whatsapp = await rgba(await exportForWhatsApp(wide));
    expect([whatsapp.width, whatsapp.height]).toEqual([SIZE, SIZE]);
    // Padding above and below is transparent, the picture in the middle opaque.
    expect(whatsapp.data[(10 * SIZE + 256) * 4 + 3]).toBe(0);
    expect(whatsapp.data[(256 * SIZE + 256) * 4 + 3]).toBe(255);
  });

  it("throws when even the lowest quality does not fit", async () => {
    const noisy = await noisySticker();
    await expect(exportForWhatsApp(noisy, { maxBytes: 2_000 })).rejects.toBeInstanceOf(ExportTooLargeError);
    await expect(exportForTelegram(noisy, "png", { maxBytes: 2_000 })).rejects.toBeInstanceOf(ExportTooLargeError);
  });
});

describe("watermark text", () => {
  it("names the product by PUBLIC_URL's host, without port", () => {
    expect(watermarkDomain("https://stickerstudio.app:8443/")).toBe("stickerstudio.app");
    expect(watermarkDomain("http://localhost:3000")).toBe("localhost");
  });

  it("escapes the domain for the SVG, so any text renders", async () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const marked = await watermarkSticker(publicPng, `evil"/><script>&amp;`);
    expect((await sharp(marked).metadata()).width).toBe(SIZE);
    expect((await rgba(marked)).data.equals((await rgba(publicPng)).data)).toBe(false);
  });
});
