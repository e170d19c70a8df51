/**
 * Whether an animated WebP, GIF or APNG may be offered as the moving download for everyone else
 * (rules.ts, "Everyone else"): the format it claims to be, animated with at least two frames, and no
 * side past 512 px. Every breach of the file, none when it passes.
 */
import { type Breach, formatBreaches } from "./breach.ts";
import { readGif } from "./read-gif.ts";
import { readPng } from "./read-png.ts";
import { readWebp } from "./read-webp.ts";
import { ANIMATED_DOWNLOAD_MAX_EDGE_PX, ANIMATED_DOWNLOAD_MIN_FRAMES } from "./rules.ts";

export type AnimatedDownloadFormat = "webp" | "gif" | "apng";

interface Animation {
  format: string;
  problems: string[];
  width: number;
  height: number;
  animated: boolean;
  frames: number;
}

function animationOf(bytes: Uint8Array, format: AnimatedDownloadFormat): Animation {
  if (format === "webp") {
    const webp = readWebp(bytes);
    return { format: "WebP", ...webp, frames: webp.frames.length };
  }
  if (format === "gif") {
    const gif = readGif(bytes);
    return { format: "GIF", ...gif, animated: gif.frames.length > 1, frames: gif.frames.length };
  }
  const png = readPng(bytes);
  return { format: "APNG", ...png, frames: png.frames.length };
}

export function checkAnimatedDownload(bytes: Uint8Array, format: AnimatedDownloadFormat): Breach[] {
  const animation = animationOf(bytes, format);
  const what = `animated ${animation.format} download`;
  if (animation.problems.length > 0) return formatBreaches(animation.format, animation.problems);
  const breaches: Breach[] = [];
  const edge = ANIMATED_DOWNLOAD_MAX_EDGE_PX;
  if (animation.width > edge || animation.height > edge)
    breaches.push({
      rule: "edge",
      limit: `≤ ${edge}×${edge}`,
      actual: `${animation.width}×${animation.height}`,
      detail: `${what} is ${animation.width}×${animation.height}, past ${edge}×${edge}`,
    });
  if (!animation.animated || animation.frames < ANIMATED_DOWNLOAD_MIN_FRAMES)
    breaches.push({
      rule: "animated",
      limit: ANIMATED_DOWNLOAD_MIN_FRAMES,
      actual: animation.frames,
      detail: `${what} ${animation.animated ? "" : "is a still and "}has ${animation.frames} frame(s), fewer than ${ANIMATED_DOWNLOAD_MIN_FRAMES}`,
    });
  return breaches;
}
