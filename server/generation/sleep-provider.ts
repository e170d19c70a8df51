/**
 * A stand-in generator for measurements only (`GENERATION_PROVIDER=sleep`, refused in production):
 * it waits instead of drawing, like a hosted API would, then answers a plain 512×512 PNG of its own
 * colour (stored pictures are content-addressed, so no two answers may be equal). It lets
 * `npm run bench:cluster` measure how the queue scales with workers apart from this machine's CPU.
 */
import { randomInt } from "node:crypto";
import sharp from "sharp";
import type { GeneratedSticker, GenerationProvider } from "./provider.ts";

export const SLEEP_PROVIDER_MS = 1000;

async function plainSticker(subject: string): Promise<GeneratedSticker> {
  await new Promise((resolve) => setTimeout(resolve, SLEEP_PROVIDER_MS));
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256), alpha: 1 };
  const png = await sharp({ create: { width: 512, height: 512, channels: 4, background } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, subject };
}

export function createSleepProvider(): GenerationProvider {
  return {
    name: "sleep",
    textToSticker: () => plainSticker("sleep-text"),
    imageToSticker: () => plainSticker("sleep-image"),
  };
}
