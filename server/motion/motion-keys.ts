/**
 * Where a moving sticker's files live (decision 0041). A moving sticker's first frame is its still
 * picture, so every file is named after that picture and the preset, and `/files/:key` lets through
 * exactly who may see it (server/files/file-access.ts). MOTION_FILES_VERSION (common/motion.ts) is in
 * every name: bumped when the frames or the encoders change what a file looks like.
 */
import { isMotionPreset, MOTION_FILES_VERSION, MOTION_PRESETS, type MotionPreset } from "#common/motion.ts";

export const MOTION_VERSION = MOTION_FILES_VERSION;

/** The files of a moving sticker shown on pages; `preview` is the picker's small loop, made on first request. */
export type MotionDisplayFile = "image" | "thumb" | "small" | "preview";

const SUFFIX: Record<MotionDisplayFile, string> = {
  image: ".webp",
  thumb: "-256.webp",
  small: "-160.webp",
  preview: "-preview.webp",
};

const MOTION_KEY = new RegExp(`^([a-f0-9]{32})-move${MOTION_VERSION}-([a-z]+)(\\.webp|-256\\.webp|-160\\.webp|-preview\\.webp)$`);

export function motionFileKey(picId: string, preset: MotionPreset, file: MotionDisplayFile): string {
  return `${picId}-move${MOTION_VERSION}-${preset}${SUFFIX[file]}`;
}

/** The picture, preset and file a motion key names, or null for any other key. */
export function parseMotionKey(key: string): { picId: string; preset: MotionPreset; file: MotionDisplayFile } | null {
  const match = MOTION_KEY.exec(key);
  if (!match?.[1] || !isMotionPreset(match[2])) return null;
  const file = (Object.keys(SUFFIX) as MotionDisplayFile[]).find((name) => SUFFIX[name] === match[3]);
  return file ? { picId: match[1], preset: match[2], file } : null;
}

/** Every key a picture's layers and moving files may have been stored under (for erasing the picture). */
export function motionFileKeysOf(picId: string): string[] {
  const layers = layerKeys(picId);
  const files = MOTION_PRESETS.flatMap((preset) =>
    (Object.keys(SUFFIX) as MotionDisplayFile[]).map((file) => motionFileKey(picId, preset, file)),
  );
  return [layers.subject, layers.caption, layers.art, ...files];
}

/**
 * A picture's layers (decision 0041): finished 512 px PNGs, and the editor's art (decision 0047), never
 * served by name (no pattern of `/files/:key` matches).
 */
export function layerKeys(picId: string): { subject: string; caption: string; art: string } {
  return { subject: `${picId}-layer-subject.png`, caption: `${picId}-layer-caption.png`, art: `${picId}-layer-art.png` };
}
