/** The generation domain's public surface. */
export { createGenerationProvider } from "./create-provider.ts";
export { createOfflineProvider } from "./offline-provider.ts";
export type { HostedProviderErrorCode, OpenAiProviderOptions } from "./openai-provider.ts";
export { createOpenAiProvider, HostedProviderError } from "./openai-provider.ts";
export type {
  GeneratedSticker,
  GenerationErrorCode,
  GenerationProvider,
  ImageStickerRequest,
  StyleKey,
  TextStickerRequest,
} from "./provider.ts";
export { GenerationError, STYLE_KEYS, STYLES } from "./provider.ts";
export type { StoredStickerImages } from "./variants.ts";
export { stickerImageKeys, storeStickerImages } from "./variants.ts";
