/**
 * Upload fixtures, built in code (no binary files in the repository): the hostile set an upload must
 * survive and the valid pictures it must accept. Shared by the upload unit tests, the HTTP tests and
 * `bench/uploads.ts`.
 */
import { once } from "node:events";
import { crc32, createDeflate } from "node:zlib";
import sharp from "sharp";

/** Text appended after a PNG's IEND by `pngPolyglot()`; must never reach storage. */
export const PNG_POLYGLOT_PAYLOAD = "<html><body><script>alert(1)</script></body></html>";
/** Name and content of the one file in the ZIP that `jpegZipPolyglot()` appends. */
export const ZIP_POLYGLOT_ENTRY = "payload.html";
export const ZIP_POLYGLOT_PAYLOAD = "<script>alert(document.cookie)</script>";
/** EXIF Artist written into `validJpeg()`; a stripped output must not contain it. */
export const JPEG_EXIF_ARTIST = "Camera Owner 4711";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// ---- valid pictures ----------------------------------------------------------------------------

/** A width×height RGB PNG with a diagonal gradient (default 3000×1000: wider than the 2048 cap). */
export async function validPng(width = 3000, height = 1000): Promise<Buffer> {
  return sharp(gradient(width, height, 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A width×height JPEG (default 300×200) stored sideways with EXIF Orientation 6 and an Artist tag. */
export async function validJpeg(width = 300, height = 200): Promise<Buffer> {
  return sharp(gradient(width, height, 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Artist: JPEG_EXIF_ARTIST } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A width×height lossless WebP (default 400×300) whose left half is fully transparent, right half opaque. */
export async function validWebp(width = 400, height = 300): Promise<Buffer> {
  const pixels = gradient(width, height, 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels[(y * width + x) * 4 + 3] = x < width / 2 ? 0 : 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .webp({ lossless: true })
    .toBuffer();
}

/**
 * A width×height 16-bit RGBA Adam7-interlaced PNG: libpng must hold the whole picture (8 bytes a
 * pixel) before the first row comes out, the costliest PNG to decode.
 */
export async function interlacedPng16(width = 300, height = 200): Promise<Buffer> {
  return sharp(gradient(width, height, 4), { raw: { width, height, channels: 4 } })
    .toColourspace("rgb16")
    .png({ progressive: true })
    .toBuffer();
}

/**
 * A width×height progressive JPEG (4:4:4 RGB, 4:2:0 RGB or CMYK): libjpeg must hold every DCT
 * coefficient (2 bytes a sample) before the first row comes out, the costliest JPEG to decode.
 */
export async function progressiveJpeg(width = 300, height = 200, kind: "rgb444" | "rgb420" | "cmyk" = "rgb444"): Promise<Buffer> {
  const image = sharp(gradient(width, height, 3), { raw: { width, height, channels: 3 } });
  if (kind === "cmyk") image.toColourspace("cmyk");
  const chromaSubsampling = kind === "rgb420" ? "4:2:0" : "4:4:4";
  return image.jpeg({ progressive: true, chromaSubsampling, quality: 90 }).toBuffer();
}

// ---- hostile uploads ---------------------------------------------------------------------------

let bomb: Promise<Buffer> | undefined;

/**
 * A valid 8-bit greyscale PNG claiming 14000×14000 (196 MP, 196 MB decoded) whose all-zero pixel
 * rows deflate to ~190 KB: only a header check stops it before the pixels are allocated.
 */
export async function pngBomb14000(): Promise<Buffer> {
  bomb ??= buildPngBomb(14_000);
  return Buffer.from(await bomb);
}

/** A small valid PNG followed by an HTML page with a script after IEND. */
export async function pngPolyglot(): Promise<Buffer> {
  return Buffer.concat([await smallPng(), Buffer.from(PNG_POLYGLOT_PAYLOAD, "latin1")]);
}

/** A small valid JPEG followed by a ZIP archive (offsets relative to the file start, so `unzip` opens it). */
export async function jpegZipPolyglot(): Promise<Buffer> {
  const jpeg = await sharp(gradient(64, 64, 3), { raw: { width: 64, height: 64, channels: 3 } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([jpeg, zipWithOneFile(ZIP_POLYGLOT_ENTRY, Buffer.from(ZIP_POLYGLOT_PAYLOAD), jpeg.length)]);
}

/** An SVG carrying a script (sharp would happily render it, so only the magic-byte check stops it). */
export function svgWithScript(): Buffer {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
  );
}

/** A valid PNG whose first signature byte is changed (0x89 → 0x88). */
export async function wrongMagic(): Promise<Buffer> {
  const png = await smallPng();
  png[0] = 0x88;
  return png;
}

/** A valid 32×32 GIF: a real image in a format uploads do not accept. */
export async function gifImage(): Promise<Buffer> {
  return sharp(gradient(32, 32, 3), { raw: { width: 32, height: 32, channels: 3 } })
    .gif()
    .toBuffer();
}

/** An HTML page with a script. */
export function htmlPage(): Buffer {
  return Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
}

/** The start of a PDF document. */
export function pdfDocument(): Buffer {
  return Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
}

/** A ZIP archive holding one text file. */
export function zipArchive(): Buffer {
  return zipWithOneFile("hello.txt", Buffer.from("hello"), 0);
}

/** Plain text. */
export function plainText(): Buffer {
  return Buffer.from("just some words, not a picture\n");
}

/** A RIFF file that is not WebP (a WAVE header), to show the WebP check reads bytes 8–11 too. */
export function riffWave(): Buffer {
  const wave = Buffer.alloc(44);
  wave.write("RIFF", 0, "latin1");
  wave.writeUInt32LE(36, 4);
  wave.write("WAVEfmt ", 8, "latin1");
  return wave;
}

/** A real 300×300 PNG of noise (so its IDAT is large) cut in half. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await sharp(noise(300, 300, 3), { raw: { width: 300, height: 300, channels: 3 } })
    .png()
    .toBuffer();
  return png.subarray(0, Math.floor(png.length / 2));
}

/** A real 300×300 JPEG of noise cut in half (header intact, scan data missing). */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await sharp(noise(300, 300, 3), { raw: { width: 300, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** A valid PNG padded after IEND to exactly limitBytes + 1 bytes: refused for its size alone. */
export async function oversize(limitBytes: number): Promise<Buffer> {
  const png = await smallPng();
  if (png.length > limitBytes + 1) throw new RangeError(`oversize() needs a limit of at least ${png.length - 1} bytes`);
  return Buffer.concat([png, Buffer.alloc(limitBytes + 1 - png.length)]);
}

/** An empty body. */
export function emptyUpload(): Buffer {
  return Buffer.alloc(0);
}

// ---- builders ----------------------------------------------------------------------------------

async function smallPng(): Promise<Buffer> {
  return sharp(gradient(64, 48, 3), { raw: { width: 64, height: 48, channels: 3 } })
    .png()
    .toBuffer();
}

/** Deterministic, compressible, and not symmetric, so a rotation shows in the pixels. */
function gradient(width: number, height: number, channels: 3 | 4): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
      if (channels === 4) pixels[i + 3] = 255;
    }
  }
  return pixels;
}

/** Seeded noise: the same bytes every run, and incompressible so files are realistically large. */
function noise(width: number, height: number, channels: number): Buffer {
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 1;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = seed >> 16;
  }
  return pixels;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

async function buildPngBomb(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // compression, filter and interlace bytes stay 0
  const rowBytes = side + 1; // filter byte + one byte per pixel
  const idat = await deflateZeros(rowBytes * side);
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]);
}

/** Streams the zeros through zlib so building the bomb never holds its 196 MB of pixels. */
async function deflateZeros(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const ended = once(deflate, "end");
  const block = Buffer.alloc(1 << 20);
  for (let left = total; left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) await once(deflate, "drain");
  }
  deflate.end();
  await ended;
  return Buffer.concat(parts);
}

/** A stored (uncompressed) one-entry ZIP; `baseOffset` is where it starts inside a larger file. */
function zipWithOneFile(name: string, content: Buffer, baseOffset: number): Buffer {
  const fileName = Buffer.from(name, "latin1");
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed
  local.writeUInt16LE(0x21, 12); // date: 1980-01-01
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);

  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4); // version made by
  central.writeUInt16LE(20, 6); // version needed
  central.writeUInt16LE(0x21, 14);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(baseOffset, 42); // local header offset

  const centralOffset = baseOffset + local.length + fileName.length + content.length;
  const centralSize = central.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(centralOffset, 16);

  return Buffer.concat([local, fileName, content, central, fileName, end]);
}
