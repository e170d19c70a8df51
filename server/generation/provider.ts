import { AppError } from "#common/errors.ts";
/** The seam between the sticker service and whatever draws stickers (offline default or hosted API). */
import type { MoodId } from "#common/packs.ts";
import type { StyleKey } from "./styles.ts";

export type { StyleKey } from "./styles.ts";
export { STYLE_KEYS, STYLES } from "./styles.ts";

export interface TextStickerRequest {
  prompt: string;
  style: StyleKey;
  locale?: string;
  seed?: number;
  /** One sticker of a pack made in one go: the same subject drawn in this mood (decision 0026). */
  mood?: MoodId | undefined;
}

export interface ImageStickerRequest {
  /** An already validated image that sharp can decode. */
  image: Buffer;
  style: StyleKey;
  /** One sticker of a pack made in one go (decision 0026), its caption in this language. */
  mood?: MoodId | undefined;
  locale?: string | undefined;
}

export interface GeneratedSticker {
  /** 512×512 RGBA PNG. */
  png: Buffer;
  /** What it drew, e.g. "cat-face", "caption", "cutout", "framed-photo". */
  subject: string;
  /** Where it drew a caption: the sticker in parts, so it can move them apart (decision 0041). */
  layers?: GeneratedLayers | undefined;
  /** What the sticker editor starts from (decision 0047): the art without outline and caption, and the caption's words. */
  editable?: EditableArt | undefined;
  detail?: Record<string, unknown>;
}

export interface EditableArt {
  art: Buffer;
  captionText: string | null;
}

/** Finished 512×512 RGBA PNGs that over each other make the sticker: the subject, and its caption alone. */
export interface GeneratedLayers {
  subject: Buffer;
  caption: Buffer;
  captionDirection: "ltr" | "rtl";
}

export interface GenerationProvider {
  readonly name: string;
  textToSticker(req: TextStickerRequest): Promise<GeneratedSticker>;
  imageToSticker(req: ImageStickerRequest): Promise<GeneratedSticker>;
}

/**
 * `RESULT_FLAGGED`: the provider's own safety check stopped the prompt or the picture it drew. Any
 * provider may say so (the offline generator never does); the task then fails with its points back,
 * is never tried again, and nothing is stored or shown (decision 0032).
 */
export type GenerationErrorCode = "EMPTY_PROMPT" | "UNKNOWN_STYLE" | "BAD_IMAGE" | "RESULT_FLAGGED";

/**
 * A request the generator refuses; the task fails with its code (common/errors.ts, TASK_FAILURES),
 * which its progress view translates. Its `retryable` is left unset: the generator's process says
 * false for it (generator-child.ts), the job's own rules decide in-process.
 */
export class GenerationError extends AppError<GenerationErrorCode> {
  override name = "GenerationError";
}
