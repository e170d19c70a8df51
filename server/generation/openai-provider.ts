/**
 * The hosted generator: an OpenAI-compatible images API draws the art, and it is finished here with
 * the same die-cut border and 512 canvas as offline stickers, so both providers' stickers look alike.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, toFile } from "openai";
import type { OutputInfo } from "sharp";
import sharp from "sharp";
import { AppError } from "#common/errors.ts";
import type { MoodId } from "#common/packs.ts";
import { moodName } from "./mood-art.ts";
import type {
  GeneratedSticker,
  GenerationErrorCode,
  GenerationProvider,
  ImageStickerRequest,
  TextStickerRequest,
} from "./provider.ts";
import { GenerationError } from "./provider.ts";
import { finishSticker } from "./render/finish.ts";
import type { Raster } from "./render/pixels.ts";
import { opaqueBounds } from "./render/pixels.ts";
import { placeOnCanvas, toStyleResolution } from "./render/place.ts";
import type { StyleKey, StyleSpec } from "./styles.ts";
import { styleOf } from "./styles.ts";

export interface OpenAiProviderOptions {
  apiKey: string;
  baseURL: string;
  model: string;
  timeoutMs: number;
}

export type HostedProviderErrorCode =
  | "PROVIDER_REJECTED"
  | "PROVIDER_UNAVAILABLE"
  | "PROVIDER_TIMEOUT"
  | "PROVIDER_BAD_OUTPUT"
  | Extract<GenerationErrorCode, "RESULT_FLAGGED">;

/**
 * What the images API answers when its safety system stops a prompt or a picture: gpt-image models
 * say "moderation_blocked", DALL·E "content_policy_violation" (both with HTTP 400).
 */
const FLAGGED_CODES = new Set(["moderation_blocked", "content_policy_violation"]);

/**
 * A failed hosted call; `retryable` tells the job queue whether another attempt may be made. Every
 * call that reached the images API may have been paid for, so only failures where it certainly was
 * not (the connection was never made; a 429 or 409 turned it away) are retryable (decision 0015).
 */
export class HostedProviderError extends AppError<HostedProviderErrorCode> {
  override name = "HostedProviderError";
  declare readonly retryable: boolean;
  readonly status?: number;
  /** The API's own error code when it sent one, e.g. "moderation_blocked". */
  readonly providerCode?: string;
  constructor(
    code: HostedProviderErrorCode,
    message: string,
    options: { retryable: boolean; status?: number | undefined; providerCode?: string | null | undefined },
  ) {
    super(code, message, { retryable: options.retryable });
    if (options.status !== undefined) this.status = options.status;
    if (options.providerCode) this.providerCode = options.providerCode;
  }
}

/** How each style is described to the model; the die-cut border is added here, so none is asked for. */
const STYLE_PROMPTS: Record<StyleKey, string> = {
  cartoon: "cartoon style with bold dark outlines and flat bright colours",
  kawaii: "cute kawaii style with soft pastel colours and rounded shapes",
  "3d": "glossy 3D rendered style with soft lighting",
  "line-art": "black-and-white line art style with clean even strokes",
  pixel: "retro pixel art style with large visible pixels and a small palette",
  watercolor: "watercolor painting style with soft bleeding pigment",
  "pop-art": "pop art comic style with loud flat colours and halftone dots",
  retro: "warm faded retro print style from the 1970s",
};

/** The model answers with 1024² pictures; this only stops a malformed answer exhausting memory. */
const MAX_OUTPUT_PIXELS = 16_000_000;
const MAX_INPUT_PIXELS = 40_000_000;
/** The edit endpoint gets at most this side: larger uploads only cost time. */
const UPLOAD_SIDE = 1024;

/** One sticker of a pack made in one go: "<prompt>, feeling <mood>" (decision 0026). */
function withMood(subject: string, mood: MoodId | undefined): string {
  return mood ? `${subject}, feeling ${moodName(mood, "en").toLowerCase()}` : subject;
}

function textPrompt(prompt: string, style: StyleSpec, mood?: MoodId): string {
  return `A die-cut sticker of ${withMood(prompt, mood)}, in ${STYLE_PROMPTS[style.key]}, a single subject centred and isolated on a transparent background, with no border, frame or outline around the sticker.`;
}

function imagePrompt(style: StyleSpec, mood?: MoodId): string {
  return `Turn the main subject of this picture into a sticker in ${STYLE_PROMPTS[style.key]}${mood ? `, the subject ${withMood("", mood).slice(2)}` : ""}. Keep it recognisable, isolate it on a transparent background, with no border, frame or outline around the sticker.`;
}

export function createOpenAiProvider(options: OpenAiProviderOptions): GenerationProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    // Never retried here: each SDK retry could be another paid call (decision 0015); the queue decides.
    maxRetries: 0,
    // Config is read once at boot (docs/ARCHITECTURE.md, "Config"): no organisation or project from ambient env.
    organization: null,
    project: null,
  });
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw toHostedError(error, options.apiKey);
    }
  };

  return {
    name: "openai",

    async textToSticker(req: TextStickerRequest): Promise<GeneratedSticker> {
      const style = requireStyle(req.style);
      const prompt = req.prompt.trim();
      if (!prompt) throw new GenerationError("EMPTY_PROMPT", "The prompt is empty.");
      const response = await call(() =>
        client.images.generate({
          model: options.model,
          prompt: textPrompt(prompt, style, req.mood),
          size: "1024x1024",
          background: "transparent",
          output_format: "png",
          n: 1,
        }),
      );
      const png = await finishHostedPicture(response.data?.[0]?.b64_json, style);
      return { png, subject: "hosted", detail: { style: style.key, model: options.model } };
    },

    async imageToSticker(req: ImageStickerRequest): Promise<GeneratedSticker> {
      const style = requireStyle(req.style);
      const upload = await uploadablePng(req.image);
      const response = await call(async () =>
        client.images.edit({
          model: options.model,
          image: await toFile(upload, "input.png", { type: "image/png" }),
          prompt: imagePrompt(style, req.mood),
          background: "transparent",
          size: "1024x1024",
        }),
      );
      const png = await finishHostedPicture(response.data?.[0]?.b64_json, style);
      return { png, subject: "hosted", detail: { style: style.key, model: options.model } };
    },
  };
}

function requireStyle(key: string): StyleSpec {
  const style = styleOf(key);
  if (!style) throw new GenerationError("UNKNOWN_STYLE", `Unknown sticker style "${key}".`);
  return style;
}

/** Uploads may be JPEG, WebP or HEIC with EXIF rotation; the edit endpoint gets an upright PNG. */
async function uploadablePng(image: Buffer): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(UPLOAD_SIDE, UPLOAD_SIDE, { fit: "inside", withoutEnlargement: true })
      .ensureAlpha()
      .png()
      .toBuffer();
  } catch (error) {
    throw new GenerationError("BAD_IMAGE", `The image could not be read: ${(error as Error).message}`);
  }
}

/** b64 picture → cropped to its subject, fitted into the canvas, die-cut in the style → 512² PNG. */
async function finishHostedPicture(b64: string | undefined, style: StyleSpec): Promise<Buffer> {
  if (!b64) throw badOutput("The image provider answered without a picture.");
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(Buffer.from(b64, "base64"), { limitInputPixels: MAX_OUTPUT_PIXELS })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badOutput("The image provider's picture could not be decoded.");
  }
  const picture: Raster = { data: decoded.data, width: decoded.info.width, height: decoded.info.height };
  const box = opaqueBounds(picture);
  if (!box) throw badOutput("The image provider's picture is empty.");

  const cropped = sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 4 } }).extract(box);
  const placed = await placeOnCanvas(cropped, box.width, box.height);
  // The model already drew the style; the offline filters would paint it a second time.
  return finishSticker(await toStyleResolution(placed, style), style, { treat: false });
}

/** The picture was made (and paid for) but is unusable: asking again would pay again. */
function badOutput(message: string): HostedProviderError {
  return new HostedProviderError("PROVIDER_BAD_OUTPUT", message, { retryable: false });
}

/** Network failures that happen before a request is sent: the provider never saw it. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function neverSent(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && NOT_SENT_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Maps an SDK failure to what the queue needs to know; the key never reaches the message. */
function toHostedError(error: unknown, apiKey: string): unknown {
  if (!(error instanceof APIError)) return error;
  const detail = redact(error.message, apiKey);
  // Checked before APIConnectionError, which it extends. The request was sent: it may be drawing (and billed).
  if (error instanceof APIConnectionTimeoutError) {
    return new HostedProviderError("PROVIDER_TIMEOUT", `The image provider did not answer in time: ${detail}`, {
      retryable: false,
    });
  }
  if (error instanceof APIConnectionError || error.status === undefined) {
    // A refused or unresolvable connection sent nothing; a reset or hang-up may have come after sending.
    return new HostedProviderError("PROVIDER_UNAVAILABLE", `The image provider could not be reached: ${detail}`, {
      retryable: neverSent(error),
    });
  }
  const meta = { status: error.status, providerCode: error.code };
  if (error.status === 408) {
    return new HostedProviderError("PROVIDER_TIMEOUT", `The image provider timed out: ${detail}`, {
      ...meta,
      retryable: false,
    });
  }
  // 409 (a lock held elsewhere) and 429 (rate or quota) turn a request away before any drawing and pass
  // with time; a 5xx may come after the drawing was done, so it is not asked again.
  if (error.status === 409 || error.status === 429 || error.status >= 500) {
    return new HostedProviderError("PROVIDER_UNAVAILABLE", `The image provider is unavailable: ${detail}`, {
      ...meta,
      retryable: error.status < 500,
    });
  }
  if (error.status === 400 && FLAGGED_CODES.has(error.code ?? "")) {
    // Flagged by the provider's safety check (decision 0032): asking again would be refused again.
    return new HostedProviderError("RESULT_FLAGGED", `The image provider's safety check stopped the sticker: ${detail}`, {
      ...meta,
      retryable: false,
    });
  }
  return new HostedProviderError("PROVIDER_REJECTED", `The image provider refused the request: ${detail}`, {
    ...meta,
    retryable: false,
  });
}

/** An API error body may echo the key (OpenAI's 401 shows a masked one); drop any of it. */
function redact(message: string, apiKey: string): string {
  return message
    .split(apiKey)
    .join("[redacted]")
    .replace(/\bsk-[\w*.-]+/g, "sk-[redacted]");
}
