import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type FailureCode, isAppError } from "#common/errors.ts";
import {
  emptyUpload,
  gifImage,
  htmlPage,
  interlacedPng16,
  JPEG_EXIF_ARTIST,
  jpegZipPolyglot,
  oversize,
  PNG_POLYGLOT_PAYLOAD,
  pdfDocument,
  plainText,
  pngBomb14000,
  pngPolyglot,
  progressiveJpeg,
  riffWave,
  svgWithScript,
  truncatedJpeg,
  truncatedPng,
  validJpeg,
  validPng,
  validWebp,
  wrongMagic,
  ZIP_POLYGLOT_ENTRY,
  ZIP_POLYGLOT_PAYLOAD,
  zipArchive,
} from "#tests/fixtures/hostile-uploads.ts";
import { type ClaimedFile, readUpload, sniffImageType, type UploadLimits } from "./read-upload.ts";

const limits: UploadLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 25_000_000 };

async function refusal(bytes: Buffer, uploadLimits: UploadLimits = limits, claimed?: ClaimedFile): Promise<FailureCode> {
  const error = await readUpload(bytes, uploadLimits, claimed).then(
    () => expect.fail("the upload was accepted"),
    (caught: unknown) => caught,
  );
  if (!isAppError(error)) return expect.fail(`not an AppError: ${String(error)}`);
  return error.code;
}

/** Chunk types of a PNG, in order. */
function pngChunks(png: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset)) {
    types.push(png.toString("latin1", offset + 4, offset + 8));
  }
  return types;
}

async function pixel(png: Buffer, left: number, top: number): Promise<number[]> {
  return [...(await sharp(png).extract({ left, top, width: 1, height: 1 }).raw().toBuffer())];
}

describe("sniffImageType", () => {
  it("names PNG, JPEG and WebP from their first bytes", async () => {
    expect(sniffImageType(await validPng(10, 10))).toBe("png");
    expect(sniffImageType(await validJpeg())).toBe("jpeg");
    expect(sniffImageType(await validWebp())).toBe("webp");
  });

  it.each([
    ["GIF", gifImage],
    ["SVG", svgWithScript],
    ["HTML", htmlPage],
    ["PDF", pdfDocument],
    ["ZIP", zipArchive],
    ["text", plainText],
    ["a RIFF file that is not WebP", riffWave],
    ["a PNG with its first byte changed", wrongMagic],
  ])("knows nothing of %s", async (_, make) => {
    expect(sniffImageType(await make())).toBeNull();
  });

  it("needs the whole signature, not a prefix of it", () => {
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffImageType(Uint8Array.of(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEB"))).toBeNull();
  });
});

describe("readUpload refuses", () => {
  it("an empty body as UPLOAD_MISSING", async () => {
    expect(await refusal(emptyUpload())).toBe("UPLOAD_MISSING");
  });

  it("a file one byte over the cap as UPLOAD_TOO_LARGE, and the same file under a cap one byte higher", async () => {
    const bytes = await oversize(limits.maxBytes);
    expect(bytes.length).toBe(limits.maxBytes + 1);
    expect(await refusal(bytes)).toBe("UPLOAD_TOO_LARGE");
    await expect(readUpload(bytes, { ...limits, maxBytes: limits.maxBytes + 1 })).resolves.toMatchObject({ sourceFormat: "png" });
  });

  it("judges the size before the content", async () => {
    expect(await refusal(Buffer.alloc(2048, "a"), { ...limits, maxBytes: 1024 })).toBe("UPLOAD_TOO_LARGE");
  });

  it.each([
    ["an SVG with a script", svgWithScript],
    ["an HTML page", htmlPage],
    ["a PDF", pdfDocument],
    ["a ZIP archive", zipArchive],
    ["plain text", plainText],
    ["a GIF", gifImage],
    ["a PNG with the wrong magic byte", wrongMagic],
    ["a RIFF file that is not WebP", riffWave],
  ])("%s as UPLOAD_UNSUPPORTED_TYPE", async (_, make) => {
    expect(await refusal(await make())).toBe("UPLOAD_UNSUPPORTED_TYPE");
  });

  it.each([
    ["plain text sent as image/jpeg", plainText, { type: "image/jpeg", name: "notes.txt" }],
    ["an HTML page named photo.png", htmlPage, { type: "application/octet-stream", name: "photo.png" }],
    ["a PDF sent as image/webp", pdfDocument, { type: "image/webp", name: "scan" }],
    ["a PNG with the wrong magic byte", wrongMagic, { type: "image/png", name: "picture.png" }],
  ])('%s, claiming to be a picture, as UPLOAD_NOT_AN_IMAGE ("That picture can\'t be read")', async (_, make, claimed) => {
    expect(await refusal(await make(), limits, claimed)).toBe("UPLOAD_NOT_AN_IMAGE");
  });

  it.each([
    ["a GIF sent as image/gif", gifImage, { type: "image/gif", name: "cat.gif" }],
    ["an SVG sent as image/svg+xml", svgWithScript, { type: "image/svg+xml", name: "logo.svg" }],
    ["a PDF sent as application/pdf", pdfDocument, { type: "application/pdf", name: "scan.pdf" }],
  ])("%s keeps UPLOAD_UNSUPPORTED_TYPE (a picture of another kind, or no claim to be one)", async (_, make, claimed) => {
    expect(await refusal(await make(), limits, claimed)).toBe("UPLOAD_UNSUPPORTED_TYPE");
  });

  it("a 14000×14000 PNG bomb as UPLOAD_TOO_MANY_PIXELS", async () => {
    const bomb = await pngBomb14000();
    expect(bomb.length).toBeLessThan(400_000);
    expect([bomb.readUInt32BE(16), bomb.readUInt32BE(20)]).toEqual([14_000, 14_000]);
    expect(await refusal(bomb)).toBe("UPLOAD_TOO_MANY_PIXELS");
  });

  it("the bomb on its header alone: cut before its pixel data, it gets the same answer", async () => {
    const headerOnly = (await pngBomb14000()).subarray(0, 200);
    expect(await refusal(headerOnly)).toBe("UPLOAD_TOO_MANY_PIXELS");
  });

  it("a picture one pixel over maxPixels, and accepts it at exactly maxPixels", async () => {
    const png = await validPng(3000, 1000);
    expect(await refusal(png, { ...limits, maxPixels: 2_999_999 })).toBe("UPLOAD_TOO_MANY_PIXELS");
    await expect(readUpload(png, { ...limits, maxPixels: 3_000_000 })).resolves.toMatchObject({ sourceFormat: "png" });
  });

  it("an interlaced 16-bit PNG the decoder would hold past the budget, though the same pixels non-interlaced pass", async () => {
    // 300×200 = 60 000 pixels, held whole at 8 bytes each = 480 000 bytes; the budget is maxPixels × 4.
    const tight = { ...limits, maxPixels: 100_000 };
    expect(await refusal(await interlacedPng16(300, 200), tight)).toBe("UPLOAD_TOO_MANY_PIXELS");
    await expect(readUpload(await validPng(300, 200), tight)).resolves.toMatchObject({ width: 300 });
    await expect(readUpload(await interlacedPng16(300, 200), { ...limits, maxPixels: 120_000 })).resolves.toMatchObject({
      width: 300,
    });
  });

  it("a progressive 4:4:4 JPEG past the budget, while a progressive 4:2:0 one of the same size passes", async () => {
    // Coefficients held whole: 60 000 pixels × 3 samples × 2 bytes = 360 000 bytes (4:2:0: 180 000).
    const tight = { ...limits, maxPixels: 80_000 };
    expect(await refusal(await progressiveJpeg(300, 200, "rgb444"), tight)).toBe("UPLOAD_TOO_MANY_PIXELS");
    expect(await refusal(await progressiveJpeg(300, 200, "cmyk"), tight)).toBe("UPLOAD_TOO_MANY_PIXELS");
    await expect(readUpload(await progressiveJpeg(300, 200, "rgb420"), tight)).resolves.toMatchObject({ width: 300 });
  });

  it("a truncated PNG as UPLOAD_UNREADABLE", async () => {
    expect(await refusal(await truncatedPng())).toBe("UPLOAD_UNREADABLE");
  });

  it("a truncated JPEG as UPLOAD_UNREADABLE", async () => {
    expect(await refusal(await truncatedJpeg())).toBe("UPLOAD_UNREADABLE");
  });

  it("a right signature over a corrupt header as UPLOAD_UNREADABLE", async () => {
    const signature = (await validPng(10, 10)).subarray(0, 8);
    expect(await refusal(Buffer.concat([signature, Buffer.from("not a chunk at all, just words")]))).toBe("UPLOAD_UNREADABLE");
    expect(await refusal(Buffer.from("RIFF\0\0\0\0WEBPVP8 garbage"))).toBe("UPLOAD_UNREADABLE");
  });
});

describe("readUpload re-encodes what it accepts", () => {
  it("stores a PNG upload as a PNG with its longest side cut to 2048", async () => {
    const upload = await readUpload(await validPng(3000, 1000), limits);
    expect(upload).toMatchObject({ sourceFormat: "png", width: 2048, height: 683 });
    const stored = await sharp(upload.png).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["png", 2048, 683]);
  });

  it("never enlarges a small picture", async () => {
    const upload = await readUpload(await validPng(300, 100), limits);
    expect([upload.width, upload.height]).toEqual([300, 100]);
  });

  it("turns a sideways JPEG (EXIF 6, 300×200) upright into a 200×300 PNG without its EXIF", async () => {
    const jpeg = await validJpeg();
    const source = await sharp(jpeg).metadata();
    expect([source.width, source.height, source.orientation]).toEqual([300, 200, 6]);
    expect(jpeg.includes(JPEG_EXIF_ARTIST)).toBe(true);

    const upload = await readUpload(jpeg, limits);
    expect(upload).toMatchObject({ sourceFormat: "jpeg", width: 200, height: 300 });
    const stored = await sharp(upload.png).metadata();
    expect(stored.format).toBe("png");
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(upload.png.includes(JPEG_EXIF_ARTIST)).toBe(false);
    expect(new Set(pngChunks(upload.png))).toEqual(new Set(["IHDR", "pHYs", "IDAT", "IEND"]));
    // Turned clockwise: the source's bottom-left (no red, full green) is now the top-left.
    const [red, green] = await pixel(upload.png, 0, 0);
    expect(red).toBeLessThan(40);
    expect(green).toBeGreaterThan(215);
  });

  it("keeps a WebP's transparency", async () => {
    const upload = await readUpload(await validWebp(), limits);
    expect(upload).toMatchObject({ sourceFormat: "webp", width: 400, height: 300 });
    const stored = await sharp(upload.png).metadata();
    expect([stored.format, stored.channels, stored.hasAlpha]).toEqual(["png", 4, true]);
    expect((await pixel(upload.png, 10, 150))[3]).toBe(0);
    expect((await pixel(upload.png, 390, 150))[3]).toBe(255);
  });

  it("keeps a 16-bit interlaced PNG's size and transparency", async () => {
    const upload = await readUpload(await interlacedPng16(), limits);
    expect(upload).toMatchObject({ sourceFormat: "png", width: 300, height: 200 });
    const stored = await sharp(upload.png).metadata();
    expect([stored.format, stored.hasAlpha, stored.isProgressive]).toEqual(["png", true, false]);
  });

  it("stores a progressive CMYK JPEG as an sRGB PNG", async () => {
    const jpeg = await progressiveJpeg(300, 200, "cmyk");
    expect((await sharp(jpeg).metadata()).space).toBe("cmyk");
    const upload = await readUpload(jpeg, limits);
    expect(upload).toMatchObject({ sourceFormat: "jpeg", width: 300, height: 200 });
    const stored = await sharp(upload.png).metadata();
    expect([stored.format, stored.space, stored.channels]).toEqual(["png", "srgb", 3]);
  });

  it("drops the HTML hidden after a PNG's IEND", async () => {
    const polyglot = await pngPolyglot();
    expect(polyglot.includes(PNG_POLYGLOT_PAYLOAD)).toBe(true);

    const upload = await readUpload(polyglot, limits);
    expect(upload).toMatchObject({ sourceFormat: "png", width: 64, height: 48 });
    expect(upload.png.includes("<script")).toBe(false);
    expect(upload.png.includes("<html")).toBe(false);
    expect(pngChunks(upload.png).at(-1)).toBe("IEND");
    expect(upload.png.subarray(-8).toString("latin1", 0, 4)).toBe("IEND");
  });

  it("drops the ZIP appended to a JPEG", async () => {
    const polyglot = await jpegZipPolyglot();
    expect(polyglot.includes(ZIP_POLYGLOT_PAYLOAD)).toBe(true);

    const upload = await readUpload(polyglot, limits);
    expect(upload).toMatchObject({ sourceFormat: "jpeg", width: 64, height: 64 });
    for (const trace of ["PK\x03\x04", "PK\x01\x02", "PK\x05\x06", ZIP_POLYGLOT_ENTRY, ZIP_POLYGLOT_PAYLOAD]) {
      expect(upload.png.includes(Buffer.from(trace, "latin1"))).toBe(false);
    }
  });
});

describe("readUpload decodes off the event loop", () => {
  it("lets the event loop turn many times while a 6000×4000 JPEG is decoded and re-encoded", async () => {
    const photo = await validJpeg(6000, 4000);
    let turns = 0;
    let turning = true;
    const turn = () => {
      turns += 1;
      if (turning) setImmediate(turn);
    };
    setImmediate(turn);
    const upload = await readUpload(photo, limits);
    turning = false;
    expect(upload).toMatchObject({ width: 1365, height: 2048 });
    // A decode done on the loop itself would finish before the first turn (0 or 1 turns).
    expect(turns).toBeGreaterThan(20);
  });
});
