/**
 * The generation domain's public surface: everything outside server/generation/ imports the
 * generator from here, never a file past it (docs/ARCHITECTURE.md, "Layers";
 * tests/architecture/generation-entry.test.ts), so its ~6k lines can change shape behind it.
 */

// What search and packs read of the generator's knowledge: its emoji art and their names, the
// hand-made word lists, and how it reads a prompt.
export { ART_CACHE_DIR, type ArtIndex, type IndexedEmoji } from "./art/art-format.ts";
export { artEmojiBySlug } from "./art/art-store.ts";
export { type ProviderConfig, providerSettingsOf } from "./create-provider.ts";
// Drawing stickers: the providers, and the child process the worker draws in.
export { editOfStyle, renderStickerEdit } from "./edit-art.ts";
export { GeneratorFailure, type GeneratorProcess, startGeneratorProcess } from "./generator-process.ts";
export { AR_WORDS } from "./lexicon/hand-ar.ts";
export { EN_SUBJECTS } from "./lexicon/hand-en.ts";
export { ID_WORDS } from "./lexicon/hand-id.ts";
export { HAN_WORDS, MOOD_WORDS } from "./lexicon/hand-moods.ts";
export { moodName } from "./mood-art.ts";
export { createOfflineProvider } from "./offline-provider.ts";
export { parsePrompt } from "./prompt/parse-prompt.ts";
// What the create panel shows of a prompt before it is paid for (decision 0052), read in a child process.
export {
  type PromptPlanner,
  type PromptReading,
  type ReadSubject,
  startPromptPlanner,
} from "./prompt-planner.ts";
export type { EditableArt, GeneratedLayers, GeneratedSticker, GenerationProvider, StyleKey } from "./provider.ts";
export { GenerationError, STYLE_KEYS } from "./provider.ts";
// The caption fonts, for other pictures that carry words in any script (share cards).
export { captionDirectionOf, captionFontFor } from "./render/caption.ts";
export { styleOf } from "./styles.ts";
// Stored pictures: a sticker's PNG, thumbnail and small thumbnail.
export { smallThumbnail, stickerImageKeys, storeStickerImages } from "./variants.ts";
