/**
 * Offline generator benchmark: median and p90 per style over 15 prompts, an image sticker from a
 * 2 MP photo, and the process's peak RSS. Targets (issue): median over all styles ≤ 300 ms, no style
 * over 500 ms, image ≤ 1.5 s, peak RSS ≤ 400 MB. Run: node bench/generate.ts
 */
import sharp from "sharp";
import { createOfflineProvider } from "../server/generation/offline-provider.ts";
import { STYLES } from "../server/generation/styles.ts";

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
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
console.log(`peak RSS    ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
