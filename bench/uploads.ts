/**
 * `npm run bench:uploads`: peak memory and time of `readUpload` for each hostile and valid upload,
 * plus the heaviest pictures the default limits let through. Each case runs once in a fresh process
 * so its peak RSS (`process.resourceUsage().maxRSS`) is its own; the baseline is a process that only
 * imported sharp. Target: peak RSS per upload under 256 MB. Exits 1 when a case misses the target or
 * gets another answer than expected.
 *
 * Linux carries a parent's peak RSS into the children it spawns, so this process stays small: the
 * fixtures are built and written to a temporary folder by a child of their own.
 *
 * Last, the event loop while pictures decode: a child decodes 24 MP JPEGs, as many at once as the
 * decode pool allows (UPLOAD_DECODE_CONCURRENCY), and prints the loop's delay next to the decode
 * time: sharp decodes on its own threads, so the loop stays free for other requests.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { UploadLimits } from "#server/uploads/read-upload.ts";

const TARGET_MB = 256;

interface Measurement {
  outcome: string;
  maxRssKb: number;
  ms: number;
}

interface BuiltCase {
  name: string;
  expected: string;
  file: string;
  inputBytes: number;
}

interface BuiltCases {
  limits: UploadLimits;
  cases: BuiltCase[];
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "--build") await buildCases(args[0]!);
else if (mode === "--baseline") await measureBaseline();
else if (mode === "--case") await measureCase(args[0]!, JSON.parse(args[1]!) as UploadLimits);
else if (mode === "--event-loop") await measureEventLoop();
else await main();

function print(value: BuiltCases | Measurement) {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function inChild<T>(childArgs: string[]): Promise<T> {
  const { stdout } = await promisify(execFile)(process.execPath, [fileURLToPath(import.meta.url), ...childArgs], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as T;
}

/** Child: write every case's bytes to `dir`. */
async function buildCases(dir: string) {
  const { parseConfig } = await import("#server/config.ts");
  const { uploadLimitsOf } = await import("#server/uploads/read-upload.ts");
  const f = await import("#tests/fixtures/hostile-uploads.ts");
  const limits = uploadLimitsOf(parseConfig(process.env));
  const ok = "OK";
  const cases: [name: string, expected: string, make: () => Buffer | Promise<Buffer>][] = [
    ["empty", "UPLOAD_MISSING", f.emptyUpload],
    ["oversize (cap + 1 byte)", "UPLOAD_TOO_LARGE", () => f.oversize(limits.maxBytes)],
    ["svg with script", "UPLOAD_UNSUPPORTED_TYPE", f.svgWithScript],
    ["html page", "UPLOAD_UNSUPPORTED_TYPE", f.htmlPage],
    ["pdf", "UPLOAD_UNSUPPORTED_TYPE", f.pdfDocument],
    ["zip", "UPLOAD_UNSUPPORTED_TYPE", f.zipArchive],
    ["gif", "UPLOAD_UNSUPPORTED_TYPE", f.gifImage],
    ["wrong magic (png)", "UPLOAD_UNSUPPORTED_TYPE", f.wrongMagic],
    ["png bomb 14000×14000", "UPLOAD_TOO_MANY_PIXELS", f.pngBomb14000],
    ["truncated png", "UPLOAD_UNREADABLE", f.truncatedPng],
    ["truncated jpeg", "UPLOAD_UNREADABLE", f.truncatedJpeg],
    ["png + html polyglot", ok, f.pngPolyglot],
    ["jpeg + zip polyglot", ok, f.jpegZipPolyglot],
    ["png 3000×1000", ok, () => f.validPng()],
    ["jpeg 300×200 exif 6", ok, () => f.validJpeg()],
    ["webp 400×300 alpha", ok, () => f.validWebp()],
    // The largest pictures the pixel cap lets through.
    ["png 5000×5000 (25 MP)", ok, () => f.validPng(5000, 5000)],
    ["jpeg 6000×4000 exif 6", ok, () => f.validJpeg(6000, 4000)],
    ["webp 5000×5000 alpha", ok, () => f.validWebp(5000, 5000)],
    // Decoders that hold the whole picture first: refused past the buffer budget, and the largest that passes.
    ["png 5000×5000 16-bit interlaced", "UPLOAD_TOO_MANY_PIXELS", () => f.interlacedPng16(5000, 5000)],
    ["png 3500×3500 16-bit interlaced", ok, () => f.interlacedPng16(3500, 3500)],
    ["jpeg 5000×5000 progressive 4:4:4", "UPLOAD_TOO_MANY_PIXELS", () => f.progressiveJpeg(5000, 5000)],
    ["jpeg 4000×4000 progressive 4:4:4", ok, () => f.progressiveJpeg(4000, 4000)],
    ["jpeg 5000×5000 progressive 4:2:0", ok, () => f.progressiveJpeg(5000, 5000, "rgb420")],
    ["jpeg 5000×5000 progressive cmyk", "UPLOAD_TOO_MANY_PIXELS", () => f.progressiveJpeg(5000, 5000, "cmyk")],
    ["jpeg 3500×3500 progressive cmyk", ok, () => f.progressiveJpeg(3500, 3500, "cmyk")],
  ];
  const built: BuiltCase[] = [];
  for (const [index, [name, expected, make]] of cases.entries()) {
    const bytes = await make();
    const file = join(dir, `${index}.bin`);
    await writeFile(file, bytes);
    built.push({ name, expected, file, inputBytes: bytes.length });
  }
  print({ limits, cases: built });
}

/** Child: import sharp and nothing else. */
async function measureBaseline() {
  await import("sharp");
  print({ outcome: "-", maxRssKb: process.resourceUsage().maxRSS, ms: 0 });
}

/** Child: one readUpload on the file's bytes. */
async function measureCase(file: string, limits: UploadLimits) {
  const { readUpload } = await import("#server/uploads/read-upload.ts");
  const bytes = await readFile(file);
  const started = performance.now();
  let outcome = "OK";
  try {
    await readUpload(bytes, limits);
  } catch (error) {
    outcome = (error as { code?: string }).code ?? `thrown: ${String(error)}`;
  }
  const ms = performance.now() - started;
  print({ outcome, maxRssKb: process.resourceUsage().maxRSS, ms });
}

interface EventLoopMeasurement {
  decodes: number;
  atOnce: number;
  decodeMs: number;
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
}

/** Child: rounds of 24 MP JPEG decodes, as many at once as the pool allows, under an event-loop delay monitor. */
async function measureEventLoop() {
  const { monitorEventLoopDelay } = await import("node:perf_hooks");
  const { parseConfig } = await import("#server/config.ts");
  const { readUpload, uploadLimitsOf } = await import("#server/uploads/read-upload.ts");
  const { validJpeg } = await import("#tests/fixtures/hostile-uploads.ts");
  const config = parseConfig(process.env);
  const limits = uploadLimitsOf(config);
  const atOnce = config.UPLOAD_DECODE_CONCURRENCY;
  const rounds = 3;
  const photo = await validJpeg(6000, 4000);
  const monitor = monitorEventLoopDelay({ resolution: 5 });
  monitor.enable();
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    await Promise.all(Array.from({ length: atOnce }, () => readUpload(photo, limits)));
  }
  const decodeMs = performance.now() - started;
  monitor.disable();
  const ms = (ns: number) => ns / 1e6;
  const measured: EventLoopMeasurement = {
    decodes: rounds * atOnce,
    atOnce,
    decodeMs,
    delayP50Ms: ms(monitor.percentile(50)),
    delayP99Ms: ms(monitor.percentile(99)),
    delayMaxMs: ms(monitor.max),
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), "bench-uploads-"));
  try {
    const { limits, cases } = await inChild<BuiltCases>(["--build", dir]);
    const baseline = await inChild<Measurement>(["--baseline"]);
    const mb = (kb: number) => kb / 1024;
    console.log(`limits: ${limits.maxBytes} bytes, ${limits.maxPixels} pixels`);
    console.log(`baseline (a process that imported sharp): ${mb(baseline.maxRssKb).toFixed(1)} MB\n`);

    const rows: string[][] = [];
    const problems: string[] = [];
    for (const testCase of cases) {
      const measured = await inChild<Measurement>(["--case", testCase.file, JSON.stringify(limits)]);
      const peak = mb(measured.maxRssKb);
      if (measured.outcome !== testCase.expected) {
        problems.push(`${testCase.name}: ${measured.outcome}, expected ${testCase.expected}`);
      }
      if (peak >= TARGET_MB) problems.push(`${testCase.name}: peak ${peak.toFixed(1)} MB ≥ ${TARGET_MB} MB`);
      rows.push([
        testCase.name,
        measured.outcome,
        (testCase.inputBytes / 1024).toFixed(0),
        peak.toFixed(1),
        (peak - mb(baseline.maxRssKb)).toFixed(1),
        measured.ms.toFixed(0),
      ]);
    }
    printTable(["case", "outcome", "input KB", "peak RSS MB", "above baseline MB", "ms"], rows);
    if (problems.length > 0) {
      console.log(`\nmissed:\n  ${problems.join("\n  ")}`);
      process.exitCode = 1;
    } else {
      console.log(`\nevery case answered as expected, every peak under ${TARGET_MB} MB`);
    }
    const loop = await inChild<EventLoopMeasurement>(["--event-loop"]);
    console.log(
      `\nevent loop while decoding ${loop.decodes} JPEGs of 6000×4000 (${loop.atOnce} at once, ${loop.decodeMs.toFixed(0)} ms in all): ` +
        `delay p50 ${loop.delayP50Ms.toFixed(1)} ms, p99 ${loop.delayP99Ms.toFixed(1)} ms, max ${loop.delayMaxMs.toFixed(1)} ms`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((width, column) => (column < 2 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`,
  );
  for (const row of rows) console.log(line(row));
}
