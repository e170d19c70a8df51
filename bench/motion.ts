/**
 * npm run bench:motion — how long a sticker takes to move, per preset and file, on three stickers (a
 * text sticker with a caption layer, one without, a photo sticker), through the motion pool as the
 * product runs it (decision 0041): the files a motion task makes for pages (the 512 px loop and the two
 * grid loops), the messengers' pair a first download or pack export makes (WhatsApp's WebP and
 * Telegram's WebM, together), and the GIF and the APNG on their own. It prints median and p90 ms, the
 * bytes each file took against its limit, the peak memory of the motion child and of its FFmpeg
 * processes, then an 8-sticker pack made to move and its first messenger export. The stickers are
 * drawn by the generator in its own process, as the worker draws them.
 * Targets: WebP + WebM median ≤ 3 s, peak RSS ≤ 600 MB, the pack ≤ 20 s.
 * MOTION_BENCH_RUNS (default 3) sets the runs per preset and sticker; MOTION_BENCH_PRESETS
 * (comma-separated) picks presets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MOTION_PRESETS, type MotionPreset } from "#common/motion.ts";
import { parseConfig } from "#server/config.ts";
import { providerSettingsOf, startGeneratorProcess } from "#server/generation/index.ts";
import { createLogger } from "#server/log.ts";
import type { MotionFileKind } from "#server/motion/file-ladders.ts";
import { createMotionPool, type StickerLayers } from "#server/motion/index.ts";
import { SHOWN_FILES } from "#server/motion/make-motion-files.ts";

const RUNS = Math.max(1, Number(process.env.MOTION_BENCH_RUNS ?? 3));
const PRESETS = (process.env.MOTION_BENCH_PRESETS?.split(",") as MotionPreset[] | undefined) ?? [...MOTION_PRESETS];
const MB = 1024 * 1024;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

const config = parseConfig({ GENERATION_PROVIDER: "offline" });
const generator = startGeneratorProcess({
  settings: providerSettingsOf(config),
  log: createLogger({ ...config, LOG_LEVEL: "warn" }),
  timeoutMs: 120_000,
});
const catSaying = await generator.textToSticker({ prompt: 'a happy cat saying "hello friend"', style: "cartoon", locale: "en" });
const dog = await generator.textToSticker({ prompt: "dog with sunglasses", style: "cartoon", locale: "en" });
const photo = await generator.imageToSticker({
  image: readFileSync(join(import.meta.dirname, "..", "docs", "photos", "cat.jpg")),
  style: "cartoon",
});
await generator.close();
if (!catSaying.layers) throw new Error("the generator kept no layers for a captioned sticker");
const stickers: { name: string; layers: StickerLayers }[] = [
  {
    name: "text+caption",
    layers: { whole: catSaying.png, subject: catSaying.layers.subject, caption: catSaying.layers.caption },
  },
  { name: "text", layers: { whole: dog.png } },
  { name: "photo", layers: { whole: photo.png } },
];

// One child, as a process runs them by default (MOTION_CONCURRENCY 1).
const pool = createMotionPool({ concurrency: Number(process.env.MOTION_CONCURRENCY ?? 1), queue: 64 });

/** The product's ways of asking for files: what pages show, the messengers' pair, and the two slow ones alone. */
const CALLS: { name: string; only: readonly MotionFileKind[] }[] = [
  { name: "shown", only: SHOWN_FILES },
  { name: "webp+webm", only: ["webp", "webm"] },
  { name: "gif", only: ["gif"] },
  { name: "apng", only: ["apng"] },
];
const KINDS = ["webp", "webm", "gif", "apng", "thumb", "small"] as const;

console.log(`motion bench: ${RUNS} run(s) per preset and sticker, presets ${PRESETS.join(", ")}, through the pool\n`);
const header = ["preset", "sticker", ...CALLS.map((call) => `${call.name} ms p50`), ...KINDS.map((k) => `${k} kB/limit`)];
console.log(header.join(" | "));
const byCall = Object.fromEntries(CALLS.map((call) => [call.name, [] as number[]])) as Record<string, number[]>;
for (const preset of PRESETS) {
  for (const sticker of stickers) {
    if (preset === "type" && !sticker.layers.caption) continue;
    const times = Object.fromEntries(CALLS.map((call) => [call.name, [] as number[]])) as Record<string, number[]>;
    const report: Partial<
      Record<MotionFileKind, { bytes: number; limit: number; fps: number; quality: number | string; tries: number }>
    > = {};
    for (let run = 0; run < RUNS; run++) {
      for (const call of CALLS) {
        const started = performance.now();
        const files = await pool.makeFiles(sticker.layers, preset, call.only);
        const ms = performance.now() - started;
        times[call.name]?.push(ms);
        byCall[call.name]?.push(ms);
        Object.assign(report, files.report);
      }
    }
    const row = [
      preset,
      sticker.name,
      ...CALLS.map((call) => quantile(times[call.name] ?? [], 0.5).toFixed(0)),
      ...KINDS.map((k) => {
        const r = report[k];
        if (!r) return "-";
        return `${(r.bytes / 1000).toFixed(0)}/${(r.limit / 1000).toFixed(0)}${r.bytes > r.limit ? "!" : ""} ${r.fps}fps ${r.quality} t${r.tries}`;
      }),
    ];
    console.log(row.join(" | "));
  }
}

console.log("");
for (const call of CALLS) {
  const values = byCall[call.name] ?? [];
  const target = call.name === "webp+webm" ? " (target median ≤ 3000)" : "";
  console.log(`${call.name}: median ${quantile(values, 0.5).toFixed(0)} ms, p90 ${quantile(values, 0.9).toFixed(0)} ms${target}`);
}
const { peakRss, peakFfmpegRss } = pool.usage;
console.log(
  `peak RSS: motion child ${(peakRss / MB).toFixed(0)} MB, largest FFmpeg process ${(peakFfmpegRss / MB).toFixed(0)} MB (target ≤ 600 MB); this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
);
await pool.close();

// A pack of 8 made to move, in a fresh pool: each task makes what pages show; then its first export
// to WhatsApp and Telegram makes each sticker's WebP and WebM.
const packPool = createMotionPool({ concurrency: Number(process.env.MOTION_CONCURRENCY ?? 1), queue: 8 });
const pack = (["wiggle", "bounce", "pulse", "shake", "float", "spin", "sparkle", "pop"] as const).map((preset, i) => ({
  preset,
  layers: (stickers[i % stickers.length] as (typeof stickers)[number]).layers,
}));
const packStarted = performance.now();
await Promise.all(pack.map(({ layers, preset }) => packPool.makeFiles(layers, preset, SHOWN_FILES)));
const packMs = performance.now() - packStarted;
const exportStarted = performance.now();
await Promise.all(pack.map(({ layers, preset }) => packPool.makeFiles(layers, preset, ["webp", "webm"])));
const exportMs = performance.now() - exportStarted;
console.log(
  `pack of 8 made to move: ${(packMs / 1000).toFixed(1)} s (target ≤ 20 s); its first WhatsApp + Telegram files: ${(exportMs / 1000).toFixed(1)} s; motion child peak RSS ${(packPool.usage.peakRss / MB).toFixed(0)} MB`,
);
await packPool.close();
