import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOfflineProvider } from "./offline-provider.ts";
import { decodePng, firstOpaqueRun } from "./test-helpers.ts";

const provider = createOfflineProvider();

async function plainBackgroundPhoto(): Promise<Buffer> {
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#e0452b"/><rect x="480" y="330" width="240" height="240" fill="#2b6be0"/></svg>`;
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 236, g: 240, b: 244 } } })
    .composite([{ input: Buffer.from(shapes) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function busyPhoto(): Promise<Buffer> {
  const noise = Buffer.alloc(800 * 600 * 3);
  let s = 1;
  for (let i = 0; i < noise.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = s & 255;
  }
  return sharp(noise, { raw: { width: 800, height: 600, channels: 3 } })
    .blur(1.2)
    .jpeg()
    .toBuffer();
}

describe("image → sticker", () => {
  it("cuts a subject off a plain background, leaving it transparent", async () => {
    const sticker = await provider.imageToSticker({ image: await plainBackgroundPhoto(), style: "cartoon" });
    expect(sticker.subject).toBe("cutout");
    expect(sticker.detail?.confidence).toBeGreaterThan(0.45);
    const img = await decodePng(sticker.png);
    expect([img.width, img.height]).toEqual([512, 512]);
    // Corners and the space around the round subject are transparent; its middle is the photo.
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      [40, 40],
      [470, 470],
    ] as const) {
      expect(img.alphaAt(x, y)).toBe(0);
    }
    expect(img.alphaAt(256, 256)).toBe(255);
    const [r, g, b] = img.rgbAt(256, 256);
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    expect(firstOpaqueRun(img, 256)).toBeGreaterThanOrEqual(4);
  });

  it("falls back to a framed photo for a busy picture", async () => {
    const sticker = await provider.imageToSticker({ image: await busyPhoto(), style: "cartoon" });
    expect(sticker.subject).toBe("framed-photo");
    expect(sticker.detail?.confidence).toBeLessThan(0.45);
    const img = await decodePng(sticker.png);
    expect(img.alphaAt(0, 0)).toBe(0);
    expect(img.alphaAt(256, 256)).toBe(255);
    expect(firstOpaqueRun(img, 256)).toBeGreaterThanOrEqual(4);
  });

  it("keeps an existing transparent background", async () => {
    const png = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="200" fill="#3a3"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    const sticker = await provider.imageToSticker({ image: png, style: "kawaii" });
    expect(sticker.subject).toBe("cutout");
  });

  it("refuses bytes that are not an image", async () => {
    await expect(provider.imageToSticker({ image: Buffer.from("not an image"), style: "cartoon" })).rejects.toMatchObject({
      code: "BAD_IMAGE",
    });
  });
});
