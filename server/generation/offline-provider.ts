/**
 * The embedded generator: no network, no GPU, no model download (docs/decisions/0100-offline-generator.md).
 * It is the default in local mode and the fallback whenever no hosted provider is configured.
 */
import { createImageSticker } from "./image-sticker.ts";
import type { GenerationProvider } from "./provider.ts";
import { createTextSticker } from "./text-sticker.ts";

export function createOfflineProvider(): GenerationProvider {
  return {
    name: "offline",
    textToSticker: createTextSticker,
    imageToSticker: createImageSticker,
  };
}
