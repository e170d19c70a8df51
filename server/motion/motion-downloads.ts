/**
 * A moving sticker's downloads (decision 0041): the animated WebP (WhatsApp's animated sticker, and the
 * download for everyone else), Telegram's video sticker (WebM, VP9 with alpha), a GIF and an APNG. Like
 * every download they carry the domain watermark (spec §9), printed on each layer so it moves with the
 * art. The messengers' pair (WebP and WebM) is made together on the first request for either, the GIF
 * and the APNG each on their own (they are the slow ones), in the motion pool; each is checked against
 * its rule and kept as a derived file (a cache the sweep may empty, decision 0034). The same files in
 * a messenger's pack carry the messenger's small fixed mark instead, or none for a member (decision 0043).
 */
import { AppError } from "#common/errors.ts";
import type { MotionPreset } from "#common/motion.ts";
import type { AppContext } from "../context.ts";
import { DERIVED_FILE_PREFIX, markTagOf } from "../downloads/derived-files.ts";
import { watermarkSticker } from "../downloads/watermark.ts";
import { type FileMark, markOverlay, placeMark, scaledArt } from "../exports/messenger-mark.ts";
import { assertValid } from "../exports/validate/index.ts";
import { STICKER_SIZE, type StickerLayers } from "./layers.ts";
import { MOTION_VERSION } from "./motion-keys.ts";
import { motionPoolOf } from "./motion-pool.ts";
import { loadLayers } from "./sticker-layers.ts";

export const MOTION_DOWNLOADS = {
  webp: { contentType: "image/webp", extension: "webp", rule: "whatsapp" },
  webm: { contentType: "video/webm", extension: "webm", rule: "telegram-video" },
  gif: { contentType: "image/gif", extension: "gif", rule: "gif" },
  apng: { contentType: "image/apng", extension: "png", rule: "apng" },
} as const;

export type MotionDownload = keyof typeof MOTION_DOWNLOADS;

export function isMotionDownload(value: string): value is MotionDownload {
  return Object.hasOwn(MOTION_DOWNLOADS, value);
}

/**
 * `derived-motion-{preset}-{picId}-v{n}-{mark}{domain hash}-{format}.{ext}` (a download's mark part is
 * empty, `corner-` or `plain-` for a messenger's): never a name `/files/:key` serves.
 */
export function motionDownloadKey(
  picId: string,
  preset: MotionPreset,
  format: MotionDownload,
  domain: string,
  mark: FileMark = "tiled",
): string {
  return `${DERIVED_FILE_PREFIX}motion-${preset}-${picId}-v${MOTION_VERSION}-${markTagOf(domain, mark)}-${format}.${MOTION_DOWNLOADS[format].extension}`;
}

async function watermarked(layers: StickerLayers, domain: string): Promise<StickerLayers> {
  const [whole, subject, caption] = await Promise.all([
    watermarkSticker(layers.whole, domain),
    layers.subject ? watermarkSticker(layers.subject, domain) : undefined,
    layers.caption ? watermarkSticker(layers.caption, domain) : undefined,
  ]);
  return { ...layers, whole, ...(subject ? { subject } : {}), ...(caption ? { caption } : {}) };
}

/** The layers with a messenger's fixed mark: scaled together first when no corner of the sticker is free. */
async function cornerMarked(layers: StickerLayers, domain: string): Promise<StickerLayers> {
  const placement = await placeMark(layers.whole, domain);
  const scale = (png: Buffer | undefined) => (png ? scaledArt(png, placement.scale) : undefined);
  const [whole, subject, caption, mark] = await Promise.all([
    scaledArt(layers.whole, placement.scale),
    scale(layers.subject),
    scale(layers.caption),
    markOverlay(STICKER_SIZE, domain, placement.box),
  ]);
  return { ...layers, whole, ...(subject ? { subject } : {}), ...(caption ? { caption } : {}), mark };
}

function marked(layers: StickerLayers, domain: string, mark: FileMark): Promise<StickerLayers> {
  if (mark === "tiled") return watermarked(layers, domain);
  if (mark === "corner") return cornerMarked(layers, domain);
  return Promise.resolve(layers);
}

export interface MotionDownloads {
  /** The stored file, or the ones made together with it made now (and stored) when it is missing. */
  load(picId: string, preset: MotionPreset, format: MotionDownload, mark?: FileMark): Promise<Buffer>;
}

/** The downloads made together: a messenger's pack wants both of the pair, and nothing waits for the others. */
const MADE_TOGETHER: Record<MotionDownload, readonly MotionDownload[]> = {
  webp: ["webp", "webm"],
  webm: ["webp", "webm"],
  gif: ["gif"],
  apng: ["apng"],
};

export function createMotionDownloads(app: AppContext, domain: string): MotionDownloads {
  // Requests for files being made wait for that one making.
  const making = new Map<string, Promise<Partial<Record<MotionDownload, Buffer>>>>();

  async function make(picId: string, preset: MotionPreset, formats: readonly MotionDownload[], mark: FileMark) {
    const layers = await marked(await loadLayers(app, picId), domain, mark);
    const files = await motionPoolOf(app).makeFiles(layers, preset, formats);
    const made: Partial<Record<MotionDownload, Buffer>> = {};
    for (const format of formats) {
      const file = files[format];
      assertValid(MOTION_DOWNLOADS[format].rule, file);
      made[format] = file;
    }
    await Promise.all(
      formats.map((format) =>
        app.storage.put(
          motionDownloadKey(picId, preset, format, domain, mark),
          made[format] as Buffer,
          MOTION_DOWNLOADS[format].contentType,
        ),
      ),
    );
    return made;
  }

  return {
    async load(picId, preset, format, mark = "tiled") {
      const stored = await app.storage.get(motionDownloadKey(picId, preset, format, domain, mark));
      if (stored) return stored.body;
      const formats = MADE_TOGETHER[format];
      const key = `${picId}-${preset}-${mark}-${formats.join("+")}`;
      let pending = making.get(key);
      if (!pending) {
        pending = make(picId, preset, formats, mark).finally(() => making.delete(key));
        making.set(key, pending);
      }
      const file = (await pending)[format];
      if (!file) throw new AppError("INTERNAL_ERROR", `no ${format} was made`);
      return file;
    },
  };
}
