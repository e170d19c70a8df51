/**
 * Whether a WebM may be offered to Telegram as a video sticker (rules.ts, Telegram): VP9 with alpha,
 * one side 512 px, short, at most 30 fps, small, and nothing but the video track. Every breach of the
 * file, none when it passes. Video custom emoji and video set thumbnails share these video rules with
 * their own size and byte limit (`checkTelegramWebm`).
 */
import { type Breach, bytesBreach, formatBreaches } from "./breach.ts";
import { type EdgeRule, oneSideExactly } from "./check-picture.ts";
import { readWebm } from "./read-webm.ts";
import {
  TELEGRAM_VIDEO_ALPHA_MODE,
  TELEGRAM_VIDEO_CODEC,
  TELEGRAM_VIDEO_EDGE_PX,
  TELEGRAM_VIDEO_MAX_BYTES,
  TELEGRAM_VIDEO_MAX_FPS,
  TELEGRAM_VIDEO_MAX_MS,
  TELEGRAM_VIDEO_TRACKS,
} from "./rules.ts";

/** What differs between Telegram's video files: the target's name in the logs, its size and its byte limit. */
export interface TelegramWebmRule {
  what: string;
  edge: EdgeRule;
  maxBytes: number;
}

const VIDEO_STICKER: TelegramWebmRule = {
  what: "Telegram video sticker",
  edge: oneSideExactly(TELEGRAM_VIDEO_EDGE_PX),
  maxBytes: TELEGRAM_VIDEO_MAX_BYTES,
};

export function checkTelegramVideoSticker(bytes: Uint8Array): Breach[] {
  return checkTelegramWebm(bytes, VIDEO_STICKER);
}

export function checkTelegramWebm(bytes: Uint8Array, rule: TelegramWebmRule): Breach[] {
  const webm = readWebm(bytes);
  const breaches = bytesBreach(webm.byteLength, rule.maxBytes, rule.what);
  const video = webm.tracks.find((track) => track.type === "video");
  const problems = [...webm.problems];
  if (webm.problems.length === 0 && webm.docType !== "webm")
    problems.push(`DocType is ${JSON.stringify(webm.docType)}, not "webm"`);
  if (webm.problems.length === 0 && !video) problems.push("no video track");
  if (problems.length > 0 || !video) return [...formatBreaches("WebM", problems), ...breaches];

  const others = webm.tracks.filter((track) => track !== video);
  if (others.length > 0 || webm.tracks.length !== TELEGRAM_VIDEO_TRACKS)
    breaches.push({
      rule: "audio",
      limit: "one video track, no audio",
      actual: webm.tracks.map((track) => `${track.type} ${track.codecId}`).join(", "),
      detail: `${rule.what} has ${webm.tracks.length} tracks (${others.map((track) => `${track.type} ${track.codecId}`).join(", ")} besides the video)`,
    });
  if (video.codecId !== TELEGRAM_VIDEO_CODEC)
    breaches.push({
      rule: "codec",
      limit: TELEGRAM_VIDEO_CODEC,
      actual: video.codecId,
      detail: `${rule.what} video is ${video.codecId}, not ${TELEGRAM_VIDEO_CODEC}`,
    });
  if (video.alphaMode !== TELEGRAM_VIDEO_ALPHA_MODE)
    breaches.push({
      rule: "alpha",
      limit: `AlphaMode ${TELEGRAM_VIDEO_ALPHA_MODE}`,
      actual: `AlphaMode ${video.alphaMode ?? "absent"}`,
      detail: `${rule.what} video track has no alpha (AlphaMode ${video.alphaMode ?? "absent"})`,
    });
  // AlphaMode only announces the alpha plane; VP9 carries it in BlockAdditions, so a file without any has none.
  else if (!webm.hasBlockAdditions)
    breaches.push({
      rule: "alpha",
      limit: "alpha in BlockAdditions",
      actual: "no BlockAdditions",
      detail: `${rule.what} announces alpha but no block carries BlockAdditions`,
    });

  const width = video.pixelWidth ?? 0;
  const height = video.pixelHeight ?? 0;
  if (!rule.edge.fits(width, height))
    breaches.push({
      rule: "edge",
      limit: rule.edge.limit,
      actual: `${width}×${height}`,
      detail: `${rule.what} is ${width}×${height}, not ${rule.edge.limit}`,
    });
  if (webm.durationMs > TELEGRAM_VIDEO_MAX_MS)
    breaches.push({
      rule: "duration",
      limit: TELEGRAM_VIDEO_MAX_MS,
      actual: webm.durationMs,
      detail: `${rule.what} lasts ${webm.durationMs} ms (declared ${webm.declaredDurationMs ?? "none"}, blocks ${webm.blocksDurationMs ?? "none"}), over ${TELEGRAM_VIDEO_MAX_MS} ms`,
    });
  if (webm.fps !== null && webm.fps > TELEGRAM_VIDEO_MAX_FPS)
    breaches.push({
      rule: "fps",
      limit: TELEGRAM_VIDEO_MAX_FPS,
      actual: webm.fps,
      detail: `${rule.what} plays at ${webm.fps} fps, over ${TELEGRAM_VIDEO_MAX_FPS}`,
    });
  return breaches;
}
