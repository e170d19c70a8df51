/**
 * Offline generator benchmark: median and p90 per style over 15 prompts, an image sticker from a
 * 2 MP photo (plain background, a person on a busy one, and real photos of a cup and a cat on busy
 * backgrounds that take the salient-object model), and the process's peak RSS — this process runs
 * what the generator child runs. Targets (docs/generator.md): median over all styles ≤ 300 ms, no
 * style over 500 ms, image ≤ 1.5 s, peak RSS ≤ 600 MB (decision 0027).
 * Run: node bench/generate.ts
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { GENERATOR_CHILD_ENV } from "#server/generation/generator-process.ts";
import { createOfflineProvider } from "#server/generation/offline-provider.ts";
import { STYLES } from "#server/generation/styles.ts";

// This process stands in for the generator child: run it under the child's environment.
if (Object.entries(GENERATOR_CHILD_ENV).some(([key, value]) => process.env[key] !== value)) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, ...GENERATOR_CHILD_ENV },
    stdio: "inherit",
  });
  process.exit(again.status ?? 1);
}

const PROMPTS = [
  "a happy cat drinking coffee",
  "pizza party",
  "rocket to the moon",
  "sleepy panda",
  "I love you",
  "cool dog with sunglasses",
  "cat on a skateboard",
  "unicorn and rainbow",
  "angry tiger",
  "ice cream",
  "一只喝咖啡的猫",
  "قطة سعيدة",
  '"Привет!" собака',
  "perro feliz",
  "quantum flux capacitor",
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9) };
};

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

const provider = createOfflineProvider();
const warm = performance.now();
await provider.textToSticker({ prompt: "warm up", style: "cartoon" });
console.log(`first sticker (loads art): ${(performance.now() - warm).toFixed(0)} ms`);

const all: number[] = [];
const rows: string[] = [];
for (const style of STYLES) {
  const times: number[] = [];
  for (const prompt of PROMPTS) {
    const t0 = performance.now();
    await provider.textToSticker({ prompt, style: style.key });
    times.push(performance.now() - t0);
  }
  all.push(...times);
  const s = stats(times);
  rows.push(`${style.key.padEnd(11)} median ${s.median.toFixed(0).padStart(4)} ms   p90 ${s.p90.toFixed(0).padStart(4)} ms`);
}
console.log(rows.join("\n"));
const overall = stats(all);
console.log(`all styles  median ${overall.median.toFixed(0).padStart(4)} ms   p90 ${overall.p90.toFixed(0).padStart(4)} ms`);
console.log(`peak RSS after the text stickers ${(peakRss / 1024 / 1024).toFixed(0)} MB`);

// A 2 MP "photo": a subject on a soft gradient, as JPEG, like an upload after validation.
const photo = await sharp({
  create: { width: 1920, height: 1080, channels: 3, background: { r: 230, g: 236, b: 242 } },
})
  .composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><defs><linearGradient id="g"><stop offset="0" stop-color="#e8eef4"/><stop offset="1" stop-color="#d0dae6"/></linearGradient></defs><rect width="1920" height="1080" fill="url(#g)"/><circle cx="960" cy="540" r="380" fill="#f0a030"/><circle cx="860" cy="470" r="50" fill="#333"/><circle cx="1060" cy="470" r="50" fill="#333"/></svg>`,
      ),
    },
  ])
  .jpeg({ quality: 88 })
  .toBuffer();
const imageTimes: number[] = [];
let subject = "";
for (let i = 0; i < 7; i++) {
  const t0 = performance.now();
  const sticker = await provider.imageToSticker({ image: photo, style: "cartoon" });
  imageTimes.push(performance.now() - t0);
  subject = sticker.subject;
}
const img = stats(imageTimes);
console.log(
  `image 2 MP  median ${img.median.toFixed(0).padStart(4)} ms   p90 ${img.p90.toFixed(0).padStart(4)} ms   (${subject})`,
);
// A 2 MP person on a busy background: the flood fill gives up, a bundled model cuts the person out.
let seed = 11;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const clutter = Array.from({ length: 300 }, () => {
  const c = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
  return `<circle cx="${rnd() * 1920}" cy="${rnd() * 1080}" r="${15 + rnd() * 90}" fill="${c}"/>`;
}).join("");
const portrait = await sharp(
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080"><rect width="1920" height="1080" fill="#6a7a5a"/>${clutter}<path d="M560 1080 C560 850 700 780 960 770 C1220 780 1360 850 1360 1080 Z" fill="#3a5fa0"/><rect x="905" y="630" width="110" height="160" rx="36" fill="#e0a98a"/><ellipse cx="960" cy="480" rx="170" ry="212" fill="#e8b596"/><path d="M784 470 C778 276 887 240 960 240 C1057 240 1154 289 1140 470 C1118 362 1033 338 960 340 C887 340 815 362 784 470 Z" fill="#3b2618"/><ellipse cx="900" cy="480" rx="19" ry="12" fill="#2a1a10"/><ellipse cx="1020" cy="480" rx="19" ry="12" fill="#2a1a10"/><path d="M912 600 Q960 636 1008 600" stroke="#a0504a" stroke-width="10" fill="none"/></svg>`,
  ),
)
  .jpeg({ quality: 88 })
  .toBuffer();
const personTimes: number[] = [];
let personSubject = "";
for (let i = 0; i < 8; i++) {
  const t0 = performance.now();
  const sticker = await provider.imageToSticker({ image: portrait, style: "cartoon" });
  // The first call loads the models; it is reported apart from the warm median.
  if (i === 0) console.log(`person 2 MP first (loads models) ${(performance.now() - t0).toFixed(0)} ms`);
  else personTimes.push(performance.now() - t0);
  personSubject = sticker.subject;
}
const person = stats(personTimes);
console.log(
  `person 2 MP median ${person.median.toFixed(0).padStart(4)} ms   p90 ${person.p90.toFixed(0).padStart(4)} ms   (${personSubject})`,
);
// Real photos (docs/photos/) blown up to 2 MP: a cup on a table and a cat on a sofa. The flood fill is
// not sure of them; the salient-object model cuts the subject out.
for (const file of ["coffee.jpg", "cat.jpg"]) {
  const real = await sharp(readFileSync(join(import.meta.dirname, "..", "docs", "photos", file)))
    .resize(1732, 1155, { fit: "fill" })
    .jpeg({ quality: 88 })
    .toBuffer();
  const times: number[] = [];
  const cpu: number[] = [];
  let path = "";
  for (let i = 0; i < 8; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const sticker = await provider.imageToSticker({ image: real, style: "cartoon" });
    const used = process.cpuUsage(c0);
    // CPU time of this process (all its threads): what the sticker costs when the machine is shared.
    if (i > 0) cpu.push((used.user + used.system) / 1000);
    // The first photo's first call loads the salient-object model; it is reported apart.
    if (i === 0 && file === "coffee.jpg")
      console.log(`subject 2 MP first (loads model) ${(performance.now() - t0).toFixed(0)} ms`);
    else times.push(performance.now() - t0);
    path = sticker.subject;
  }
  const s = stats(times);
  console.log(
    `${file.replace(".jpg", "").padEnd(6)} 2 MP median ${s.median.toFixed(0).padStart(4)} ms   p90 ${s.p90.toFixed(0).padStart(4)} ms   cpu median ${stats(cpu).median.toFixed(0).padStart(4)} ms   (${path})`,
  );
}
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
console.log(`peak RSS    ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
// Other processes on a shared machine stretch every wall-clock figure above: say how busy it was.
console.log(
  `load avg    ${(await import("node:os"))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} on ${(await import("node:os")).availableParallelism()} cores`,
);
