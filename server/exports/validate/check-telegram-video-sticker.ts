/**
 * Whether a WebM may be offered to Telegram as a video sticker (rules.ts, Telegram): VP9 with alpha,
 * one side 512 px, short, at most 30 fps, small, and nothing but the video track. Every breach of the
 * file, none when it passes.
 */
import { type Breach, bytesBreach, formatBreaches } from "./breach.ts";
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

const WHAT = "Telegram video sticker";

export function checkTelegramVideoSticker(bytes: Uint8Array): Breach[] {
  const webm = readWebm(bytes);
  const breaches = bytesBreach(webm.byteLength, TELEGRAM_VIDEO_MAX_BYTES, WHAT);
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
      detail: `${WHAT} has ${webm.tracks.length} tracks (${others.map((track) => `${track.type} ${track.codecId}`).join(", ")} besides the video)`,
    });
  if (video.codecId !== TELEGRAM_VIDEO_CODEC)
    breaches.push({
      rule: "codec",
      limit: TELEGRAM_VIDEO_CODEC,
      actual: video.codecId,
      detail: `${WHAT} video is ${video.codecId}, not ${TELEGRAM_VIDEO_CODEC}`,
    });
  if (video.alphaMode !== TELEGRAM_VIDEO_ALPHA_MODE)
    breaches.push({
      rule: "alpha",
      limit: `AlphaMode ${TELEGRAM_VIDEO_ALPHA_MODE}`,
      actual: `AlphaMode ${video.alphaMode ?? "absent"}`,
      detail: `${WHAT} video track has no alpha (AlphaMode ${video.alphaMode ?? "absent"})`,
    });
  // AlphaMode only announces the alpha plane; VP9 carries it in BlockAdditions, so a file without any has none.
  else if (!webm.hasBlockAdditions)
    breaches.push({
      rule: "alpha",
      limit: "alpha in BlockAdditions",
      actual: "no BlockAdditions",
      detail: `${WHAT} announces alpha but no block carries BlockAdditions`,
    });

  const width = video.pixelWidth ?? 0;
  const height = video.pixelHeight ?? 0;
  const edge = TELEGRAM_VIDEO_EDGE_PX;
  if (Math.max(width, height) !== edge || Math.min(width, height) > edge)
    breaches.push({
      rule: "edge",
      limit: `one side ${edge}, the other ≤ ${edge}`,
      actual: `${width}×${height}`,
      detail: `${WHAT} is ${width}×${height}: one side must be ${edge} px and the other at most ${edge}`,
    });
  if (webm.durationMs > TELEGRAM_VIDEO_MAX_MS)
    breaches.push({
      rule: "duration",
      limit: TELEGRAM_VIDEO_MAX_MS,
      actual: webm.durationMs,
      detail: `${WHAT} lasts ${webm.durationMs} ms (declared ${webm.declaredDurationMs ?? "none"}, blocks ${webm.blocksDurationMs ?? "none"}), over ${TELEGRAM_VIDEO_MAX_MS} ms`,
    });
  if (webm.fps !== null && webm.fps > TELEGRAM_VIDEO_MAX_FPS)
    breaches.push({
      rule: "fps",
      limit: TELEGRAM_VIDEO_MAX_FPS,
      actual: webm.fps,
      detail: `${WHAT} plays at ${webm.fps} fps, over ${TELEGRAM_VIDEO_MAX_FPS}`,
    });
  return breaches;
}
