/**
 * One sticker as each messenger takes it (issue 28, decision 0043): every file a pack export or the
 * sticker page offers, named as `/files/export/{picId}/{name}` serves it. Each is drawn from the stored
 * 512 px sticker, marked for a messenger (messenger-mark.ts: a small corner mark, none for members, none
 * on files too small to read it on), encoded under its limit, checked against its platform's rule and
 * kept as a derived file per picture, name and mark (decision 0034: a cache the sweep may empty).
 */
import { AppError } from "#common/errors.ts";
import { IMESSAGE_SIZES } from "#common/exports.ts";
import type { AppContext } from "../context.ts";
import { createDerivedFiles, derivedFileKey } from "../downloads/derived-files.ts";
import { watermarkDomain } from "../downloads/watermark.ts";
import { stickerImageKeys } from "../generation/index.ts";
import { encodeSticker, type StickerEncoding } from "./encode-sticker.ts";
import { type MessengerMark, markForMessenger } from "./messenger-mark.ts";
import { assertValid, type ExportFileTarget } from "./validate/index.ts";

interface StickerFile extends StickerEncoding {
  /** The platform's rule every file is checked against before it is offered. */
  rule: ExportFileTarget;
  /** Whether a non-member's file carries the corner mark (not on emoji-sized files). */
  marked: boolean;
}

const KB = 1000;

/**
 * Every messenger file of one sticker, by the name its URL and the pack archives use. The limits aimed
 * at are a little under each platform's (thousands, not KiB), so a file always passes its rule.
 */
export const STICKER_FILES = {
  "telegram.png": { edge: 512, fit: "inside", format: "png", maxBytes: 512 * KB, rule: "telegram-still", marked: true },
  "telegram.webp": { edge: 512, fit: "inside", format: "webp", maxBytes: 512 * KB, rule: "telegram-still", marked: true },
  "telegram-emoji.png": {
    edge: 100,
    fit: "contain",
    format: "png",
    maxBytes: 64 * KB,
    rule: "telegram-emoji",
    marked: false,
  },
  "telegram-thumbnail.png": {
    edge: 100,
    fit: "contain",
    format: "png",
    maxBytes: 128 * KB,
    rule: "telegram-thumbnail",
    marked: false,
  },
  "whatsapp.webp": { edge: 512, fit: "contain", format: "webp", maxBytes: 100 * KB, rule: "whatsapp-still", marked: true },
  "signal.webp": { edge: 512, fit: "contain", format: "webp", maxBytes: 300 * KB, rule: "signal", marked: true },
  "discord-sticker.png": {
    edge: 320,
    fit: "contain",
    format: "png",
    maxBytes: 512 * KB,
    rule: "discord-sticker",
    marked: true,
  },
  "discord-emoji.png": { edge: 128, fit: "contain", format: "png", maxBytes: 256 * KB, rule: "discord-emoji", marked: false },
  "slack-emoji.png": { edge: 128, fit: "contain", format: "png", maxBytes: 128 * KB, rule: "slack-emoji", marked: false },
  "imessage-small.png": {
    edge: IMESSAGE_SIZES.small,
    fit: "contain",
    format: "png",
    maxBytes: 500 * KB,
    rule: "imessage",
    marked: true,
  },
  "imessage-regular.png": {
    edge: IMESSAGE_SIZES.regular,
    fit: "contain",
    format: "png",
    maxBytes: 500 * KB,
    rule: "imessage",
    marked: true,
  },
  "imessage-large.png": {
    edge: IMESSAGE_SIZES.large,
    fit: "contain",
    format: "png",
    maxBytes: 500 * KB,
    rule: "imessage",
    marked: true,
  },
} as const satisfies Record<string, StickerFile>;

export type StickerFileName = keyof typeof STICKER_FILES;

export function isStickerFileName(value: string): value is StickerFileName {
  return Object.hasOwn(STICKER_FILES, value);
}

export function contentTypeOf(name: StickerFileName): string {
  return STICKER_FILES[name].format === "webp" ? "image/webp" : "image/png";
}

export interface StickerFiles {
  /** The stored file, or made now (and stored): the stored 512 px sticker, marked, encoded and checked. */
  load(picId: string, name: StickerFileName, mark: MessengerMark): Promise<Buffer>;
}

export function createStickerFiles(app: AppContext): StickerFiles {
  const domain = watermarkDomain(app.config.PUBLIC_URL);
  const derived = createDerivedFiles(app.storage);
  return {
    load(picId, name, mark) {
      const file: StickerFile = STICKER_FILES[name];
      const fileMark = file.marked ? mark : "none";
      const [variant, extension] = name.split(".") as [string, "png" | "webp"];
      const key = derivedFileKey(picId, variant, extension, domain, fileMark);
      return derived.load(key, contentTypeOf(name), async () => {
        const stored = await app.storage.get(stickerImageKeys(picId).png);
        if (!stored) throw new AppError("NOT_FOUND");
        const bytes = await encodeSticker(await markForMessenger(stored.body, domain, fileMark), file, name);
        assertValid(file.rule, bytes);
        return bytes;
      });
    },
  };
}
