/**
 * npm run bench:motion — how long a sticker takes to move, per preset and file, on three stickers
 * (a text sticker with a caption layer, one without, a photo sticker): median and p90 ms, the bytes
 * each file took against its limit, peak memory of this process and of its FFmpeg children, then an
 * 8-sticker pack made to move through the motion pool. Targets: WebP + WebM median ≤ 3 s, peak RSS
 * ≤ 600 MB, the pack ≤ 20 s. MOTION_BENCH_RUNS (default 3) sets the runs per preset and sticker;
 * MOTION_BENCH_PRESETS (comma-separated) picks presets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MOTION_PRESETS, type MotionPreset } from "#common/motion.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import { createMotionPool, type MotionFiles, makeMotionFiles, type StickerLayers } from "#server/motion/index.ts";
import { ffmpegPeakRss } from "#server/motion/run-ffmpeg.ts";
import { layersWithCaption } from "#server/motion/sample-layers.ts";

const RUNS = Math.max(1, Number(process.env.MOTION_BENCH_RUNS ?? 3));
const PRESETS = (process.env.MOTION_BENCH_PRESETS?.split(",") as MotionPreset[] | undefined) ?? [...MOTION_PRESETS];
const KINDS = ["webp", "webm", "gif", "apng", "thumb", "small"] as const;
const MB = 1024 * 1024;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function peakProcessRss(): number {
  // Includes the worker threads, which share the process.
  return process.resourceUsage().maxRSS * 1024;
}

const provider = createOfflineProvider();
const plainCat = await provider.textToSticker({ prompt: "happy cat", style: "cartoon", locale: "en" });
const dog = await provider.textToSticker({ prompt: "dog with sunglasses", style: "cartoon", locale: "en" });
const photo = await provider.imageToSticker({
  image: readFileSync(join(import.meta.dirname, "..", "docs", "photos", "cat.jpg")),
  style: "cartoon",
});
const stickers: { name: string; layers: StickerLayers }[] = [
  { name: "text+caption", layers: await layersWithCaption(plainCat.png, ["hello", "friend"]) },
  { name: "text", layers: { whole: dog.png } },
  { name: "photo", layers: { whole: photo.png } },
];

// The generator (its models) is loaded by now: what the process held before any motion.
const baselineRss = peakProcessRss();
console.log(`motion bench: ${RUNS} run(s) per preset and sticker, presets ${PRESETS.join(", ")}`);
console.log(
  `process peak RSS after making the 3 stickers with the generator, before any motion: ${(baselineRss / MB).toFixed(0)} MB\n`,
);
const header = [
  "preset",
  "sticker",
  "webp+webm p50",
  "p90",
  "all p50",
  ...KINDS.map((k) => `${k} ms p50`),
  ...KINDS.map((k) => `${k} kB/limit`),
];
const rows: string[][] = [];
const messengerAll: number[] = [];
const allAll: number[] = [];
for (const preset of PRESETS) {
  for (const sticker of stickers) {
    if (preset === "type" && !sticker.layers.caption) continue;
    const messenger: number[] = [];
    const total: number[] = [];
    const perKind = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<(typeof KINDS)[number], number[]>;
    let last: MotionFiles | null = null;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      last = await makeMotionFiles(sticker.layers, preset, { onMessengerFiles: (ms) => messenger.push(ms) });
      total.push(performance.now() - started);
      for (const kind of KINDS) perKind[kind].push(last.report[kind].ms);
    }
    messengerAll.push(...messenger);
    allAll.push(...total);
    const report = last!.report;
    rows.push([
      preset,
      sticker.name,
      quantile(messenger, 0.5).toFixed(0),
      quantile(messenger, 0.9).toFixed(0),
      quantile(total, 0.5).toFixed(0),
      ...KINDS.map((k) => quantile(perKind[k], 0.5).toFixed(0)),
      ...KINDS.map(
        (k) =>
          `${(report[k].bytes / 1000).toFixed(0)}/${(report[k].limit / 1000).toFixed(0)}${report[k].bytes > report[k].limit ? "!" : ""} ${report[k].fps}fps ${report[k].quality} t${report[k].tries}`,
      ),
    ]);
    console.log(rows.at(-1)!.join(" | "));
  }
}

console.log(`\n${header.join(" | ")}`);
for (const row of rows) console.log(row.join(" | "));
console.log(
  `\nall presets: webp+webm median ${quantile(messengerAll, 0.5).toFixed(0)} ms, p90 ${quantile(messengerAll, 0.9).toFixed(0)} ms (target median ≤ 3000); every file median ${quantile(allAll, 0.5).toFixed(0)} ms, p90 ${quantile(allAll, 0.9).toFixed(0)} ms`,
);
console.log(
  `peak RSS: this process ${(peakProcessRss() / MB).toFixed(0)} MB (${(baselineRss / MB).toFixed(0)} MB of it the generator's, before any motion), largest FFmpeg child ${(ffmpegPeakRss() / MB).toFixed(0)} MB (target ≤ 600 MB)`,
);

// An 8-sticker pack through the pool, at the default settings (MOTION_CONCURRENCY 1, MOTION_QUEUE 8).
const concurrency = Number(process.env.MOTION_CONCURRENCY ?? 1);
const pool = createMotionPool({ concurrency, queue: 8 });
const pack = (["wiggle", "bounce", "pulse", "shake", "float", "spin", "sparkle", "pop"] as const).map((preset, i) => ({
  preset,
  layers: stickers[i % stickers.length]!.layers,
}));
const packStarted = performance.now();
let packPeak = peakProcessRss();
const sampler = setInterval(() => {
  packPeak = Math.max(packPeak, peakProcessRss());
}, 200);
await Promise.all(pack.map(({ layers, preset }) => pool.makeFiles(layers, preset)));
clearInterval(sampler);
const packMs = performance.now() - packStarted;
await pool.close();
console.log(
  `pack of 8 through the pool (concurrency ${concurrency}): ${(packMs / 1000).toFixed(1)} s (target ≤ 20 s); process peak RSS ${(packPeak / MB).toFixed(0)} MB`,
);
