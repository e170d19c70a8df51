import { readFileSync } from "node:fs";
import sharp from "sharp";
import { createOfflineProvider } from "#server/generation/offline-provider.ts";
let peak = 0;
const iv = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
const p = createOfflineProvider();
await p.textToSticker({ prompt: "pizza", style: "cartoon" });
const real = await sharp(readFileSync("docs/photos/coffee.jpg")).resize(1732, 1155, { fit: "fill" }).jpeg().toBuffer();
const cat = await sharp(readFileSync("docs/photos/cat.jpg")).resize(1732, 1155, { fit: "fill" }).jpeg().toBuffer();
for (let i = 0; i < 8; i++) { await p.imageToSticker({ image: real, style: "cartoon" }); await p.imageToSticker({ image: cat, style: "cartoon" }); }
console.log(process.env.MALLOC_MMAP_THRESHOLD_ ?? "-", process.env.MALLOC_ARENA_MAX ?? "-", "peak", (peak / 1048576).toFixed(0), "end", (process.memoryUsage().rss / 1048576).toFixed(0));
clearInterval(iv);
