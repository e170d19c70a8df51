/** The generation domain's public surface. */
export { createOfflineProvider } from "./offline-provider.ts";
export type { GenerationProvider, StyleKey } from "./provider.ts";
export { STYLE_KEYS } from "./provider.ts";
export { storeStickerImages } from "./variants.ts";
