import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodePng, firstOpaqueRun } from "#tests/support/generation.ts";
import { MODEL_SIDE, segmentPerson } from "./image/person-segmentation.ts";
import { SALIENT_SIDE, segmentSubject } from "./image/salient-object.ts";
import { createOfflineProvider } from "./offline-provider.ts";

const provider = createOfflineProvider();

/** The free photos of the photo sheet (docs/photos/README.md says where each comes from). */
const photo = (file: string) => readFileSync(join(import.meta.dirname, "..", "..", "docs", "photos", file));
const crop = (file: string, left: number, top: number, width: number, height: number) =>
  sharp(photo(file)).extract({ left, top, width, height }).jpeg({ quality: 90 }).toBuffer();

/** The sticker's four corners are transparent and the given points opaque. */
async function expectCutOut(png: Buffer, opaque: [number, number][]) {
  const img = await decodePng(png);
  expect([img.width, img.height]).toEqual([512, 512]);
  for (const [x, y] of [
    [0, 0],
    [511, 0],
    [0, 511],
    [511, 511],
  ] as const)
    expect(img.alphaAt(x, y)).toBe(0);
  for (const [x, y] of opaque) expect(img.alphaAt(x, y)).toBe(255);
  return img;
}

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

/** Many bright blobs on a green-grey wall: the flood-fill remover cannot find a background here. */
function clutter(w: number, h: number): string {
  let s = 11;
  const rnd = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  const shapes: string[] = [`<rect width="${w}" height="${h}" fill="#6a7a5a"/>`];
  for (let i = 0; i < 160; i++) {
    const c = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    shapes.push(
      rnd() < 0.5
        ? `<circle cx="${rnd() * w}" cy="${rnd() * h}" r="${10 + rnd() * 70}" fill="${c}"/>`
        : `<rect x="${rnd() * w}" y="${rnd() * h}" width="${10 + rnd() * 120}" height="${10 + rnd() * 120}" fill="${c}"/>`,
    );
  }
  return shapes.join("");
}

/** No photo of a person is available offline: a drawn head-and-shoulders portrait over clutter. */
async function personOnBusyBackground(withPerson = true): Promise<Buffer> {
  const person = `<path d="M330 900 C330 700 420 640 600 630 C780 640 870 700 870 900 Z" fill="#3a5fa0"/>
<rect x="555" y="520" width="90" height="130" rx="30" fill="#e0a98a"/><ellipse cx="600" cy="400" rx="140" ry="175" fill="#e8b596"/>
<path d="M455 390 C450 230 540 200 600 200 C680 200 760 240 748 390 C730 300 660 280 600 282 C540 282 480 300 455 390 Z" fill="#3b2618"/>
<ellipse cx="550" cy="400" rx="16" ry="10" fill="#2a1a10"/><ellipse cx="650" cy="400" rx="16" ry="10" fill="#2a1a10"/>
<path d="M560 500 Q600 530 640 500" stroke="#a0504a" stroke-width="8" fill="none"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">${clutter(1200, 900)}${withPerson ? person : ""}</svg>`;
  return sharp(Buffer.from(svg)).blur(1).jpeg({ quality: 85 }).toBuffer();
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

  it("cuts a drawn person out of a busy background with one of the bundled models", async () => {
    const sticker = await provider.imageToSticker({ image: await personOnBusyBackground(), style: "cartoon" });
    // The flood fill gives up on the clutter; a model's mask must be what cut it out.
    expect(sticker.detail?.confidence).toBeLessThan(0.45);
    expect(["cutout-subject", "person"]).toContain(sticker.subject);
    expect(sticker.detail?.personArea).toBeGreaterThan(0.1);
    const img = await decodePng(sticker.png);
    expect([img.width, img.height]).toEqual([512, 512]);
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      // Beside the head, where the clutter was: cut away.
      [60, 140],
      [450, 140],
    ] as const)
      expect(img.alphaAt(x, y)).toBe(0);
    // The face is kept, in skin colour.
    expect(img.alphaAt(256, 200)).toBe(255);
    const [r, g, b] = img.rgbAt(256, 200);
    expect(r).toBeGreaterThan(b + 40);
    expect(g).toBeGreaterThan(b);
  });

  it("cuts a cat out of a photo of it on a busy background with the salient-object model (cutout-subject)", async () => {
    const sticker = await provider.imageToSticker({ image: photo("cat.jpg"), style: "cartoon" });
    expect(sticker.detail?.confidence).toBeLessThan(0.8);
    expect(sticker.subject).toBe("cutout-subject");
    expect(sticker.detail?.subjectArea).toBeGreaterThan(0.3);
    const img = await expectCutOut(sticker.png, [[256, 256]]);
    // The cat's fur, not the grey-blue background, is in the middle.
    const [r, , b] = img.rgbAt(256, 256);
    expect(r).toBeGreaterThan(b);
  });

  it("cuts a cup of coffee off its table with the salient-object model (cutout-subject)", async () => {
    const sticker = await provider.imageToSticker({ image: photo("coffee.jpg"), style: "kawaii" });
    expect(sticker.subject).toBe("cutout-subject");
    await expectCutOut(sticker.png, [[256, 256]]);
  });

  it("looks again, closer, at a small subject far off (a rocket on its pad) and cuts it out", async () => {
    const sticker = await provider.imageToSticker({ image: photo("rocket.jpg"), style: "cartoon" });
    expect(sticker.subject).toBe("cutout-subject");
    expect(sticker.detail?.zoomed).toBe(1);
    await expectCutOut(sticker.png, [[256, 256]]);
  });

  it("cuts a person out with the selfie model when the salient model is not sure of the close portrait (person)", async () => {
    // The astronaut cropped so that she fills the frame: the salient mask runs along the border.
    const image = await crop("astronaut.jpg", 60, 40, 360, 472);
    const sticker = await provider.imageToSticker({ image, style: "cartoon" });
    expect(sticker.subject).toBe("person");
    expect(sticker.detail?.subjectBorder).toBeGreaterThan(0.45);
    expect(sticker.detail?.personMeanInside).toBeGreaterThan(0.9);
    await expectCutOut(sticker.png, [[256, 256]]);
  });

  it("takes the selfie mask when the salient model marked only the face of a portrait (person)", async () => {
    const image = await crop("grace-hopper.jpg", 60, 120, 392, 480);
    const sticker = await provider.imageToSticker({ image, style: "cartoon" });
    expect(sticker.subject).toBe("person");
    expect(sticker.detail?.personArea).toBeGreaterThan((sticker.detail?.subjectArea as number) * 1.4);
    // The uniform below the face is kept, not only the face.
    await expectCutOut(sticker.png, [
      [256, 200],
      [256, 440],
    ]);
  });

  it("keeps the framed photo for a photo without a clear subject (the deep sky)", async () => {
    const sticker = await provider.imageToSticker({ image: photo("deep-field.jpg"), style: "cartoon" });
    expect(sticker.subject).toBe("framed-photo");
    expect(sticker.detail).toHaveProperty("subjectArea");
    const img = await decodePng(sticker.png);
    expect(img.alphaAt(0, 0)).toBe(0);
    expect(img.alphaAt(256, 256)).toBe(255);
    expect(firstOpaqueRun(img, 256)).toBeGreaterThanOrEqual(4);
  });

  it("runs the salient-object model on a picture and returns a mask the size of it", async () => {
    const { data, info } = await sharp(photo("flower.jpg")).resize(440).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const cut = await segmentSubject({ data, width: info.width, height: info.height });
    expect(cut.probabilities).toHaveLength(SALIENT_SIDE * SALIENT_SIDE);
    expect(cut.alpha).toHaveLength(info.width * info.height);
    expect(cut.accepted).toBe(true);
    // The dahlia in the middle is marked, the dark leaves in the corner are not.
    expect(cut.alpha[Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)]).toBeGreaterThan(200);
    expect(cut.alpha[0]).toBe(0);
  });

  it("runs the selfie model and keeps the framed photo when it finds nobody", async () => {
    const photo = await personOnBusyBackground(false);
    const { data, info } = await sharp(photo).resize(440).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const cut = await segmentPerson({ data, width: info.width, height: info.height });
    expect(cut.probabilities).toHaveLength(MODEL_SIDE * MODEL_SIDE);
    expect(cut.alpha).toHaveLength(info.width * info.height);
    expect(cut.accepted).toBe(false);
    const sticker = await provider.imageToSticker({ image: photo, style: "cartoon" });
    expect(sticker.subject).toBe("framed-photo");
    expect(sticker.detail).toHaveProperty("personArea");
    expect((await decodePng(sticker.png)).alphaAt(256, 256)).toBe(255);
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
