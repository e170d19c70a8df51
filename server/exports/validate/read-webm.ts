/**
 * Reads what the motion validators need from a WebM file (EBML/Matroska, the Matroska specification
 * RFC 9559 and the WebM guidelines): the DocType, the duration both as declared and as the blocks
 * play it, the tracks, the number of video frames, the frame rate, and whether any block carries
 * BlockAdditions (where VP9's alpha plane lives). Unknown-size Segments and Clusters, as written by
 * live muxing, end where an element of a higher level begins. Garbage never throws: it comes back in
 * `problems`.
 */

export interface WebmTrack {
  number: number;
  type: "video" | "audio" | "other";
  codecId: string;
  pixelWidth: number | null;
  pixelHeight: number | null;
  /** 0x53C0: 1 when the track carries an alpha channel in BlockAdditions. */
  alphaMode: number | null;
  defaultDurationNs: number | null;
}

export interface WebmInfo {
  docType: string;
  timecodeScaleNs: number;
  /** Segment Info's Duration in ms; null when the muxer left it out. */
  declaredDurationMs: number | null;
  /** The last video block's timestamp plus one frame's duration, in ms, rounded to the timecode scale. */
  blocksDurationMs: number | null;
  /** The longer of the two above (0 when neither is known). */
  durationMs: number;
  tracks: WebmTrack[];
  /** Frames in the blocks of the first video track, across Clusters (laced frames counted one by one). */
  videoFrames: number;
  /** From the video track's DefaultDuration, else from its blocks' timestamps; null when neither tells. */
  fps: number | null;
  hasBlockAdditions: boolean;
  byteLength: number;
  /** What makes the bytes no well-formed WebM; empty when they are one. */
  problems: string[];
}

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  AlphaMode: 0x53c0,
  Cluster: 0x1f43b675,
  Timestamp: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockAdditions: 0x75a1,
  BlockDuration: 0x9b,
} as const;

/** Elements that end an unknown-size Cluster: the Segment's other children and the top level. */
const CLUSTER_ENDERS = new Set<number>([
  ID.EBML,
  ID.Segment,
  ID.Cluster,
  ID.Info,
  ID.Tracks,
  0x114d9b74, // SeekHead
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0x1043a770, // Chapters
  0x1941a469, // Attachments
]);

const MATROSKA_TRACK_VIDEO = 1;
const MATROSKA_TRACK_AUDIO = 2;
const DEFAULT_TIMECODE_SCALE_NS = 1_000_000;

interface Element {
  id: number;
  /** Offset of the payload. */
  start: number;
  /** Payload size, or null for an unknown size. */
  size: number | null;
}

interface Block {
  track: number;
  ticks: number;
  frames: number;
  durationTicks: number | null;
  hasAdditions: boolean;
}

/** A variable-size integer at `at`: its length and value (marker bit kept for IDs, dropped for sizes). */
function readVint(
  bytes: Uint8Array,
  at: number,
  keepMarker: boolean,
): { length: number; value: number; allOnes: boolean } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value, allOnes };
}

function readHeader(bytes: Uint8Array, at: number): (Element & { headerStart: number }) | null {
  const id = readVint(bytes, at, true);
  if (!id || id.length > 4) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  return { id: id.value, headerStart: at, start: at + id.length + size.length, size: size.allOnes ? null : size.value };
}

function readUint(bytes: Uint8Array, element: Element): number {
  let value = 0;
  for (let i = 0; i < (element.size ?? 0); i++) value = value * 256 + (bytes[element.start + i] ?? 0);
  return value;
}

function readFloat(bytes: Uint8Array, element: Element): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset + element.start, element.size ?? 0);
  if (element.size === 4) return view.getFloat32(0);
  if (element.size === 8) return view.getFloat64(0);
  return null;
}

function readString(bytes: Uint8Array, element: Element): string {
  const end = element.start + (element.size ?? 0);
  let text = "";
  for (let i = element.start; i < end && bytes[i] !== 0; i++) text += String.fromCharCode(bytes[i] ?? 0);
  return text;
}

function hex(id: number): string {
  return `0x${id.toString(16).toUpperCase()}`;
}

/**
 * The children of a known-size element between `start` and `end`; a child that cannot be read, runs
 * past `end` or has an unknown size is a problem and ends the walk.
 */
function childrenOf(bytes: Uint8Array, start: number, end: number, problems: string[]): Element[] {
  const children: Element[] = [];
  let at = start;
  while (at < end) {
    const child = readHeader(bytes, at);
    if (!child) {
      problems.push(`unreadable element header at offset ${at}`);
      break;
    }
    if (child.size === null || child.start + child.size > end) {
      problems.push(
        `element ${hex(child.id)} at offset ${at} ${child.size === null ? "has an unknown size" : "runs past its parent"}`,
      );
      break;
    }
    children.push(child);
    at = child.start + child.size;
  }
  return children;
}

function readTrack(bytes: Uint8Array, entry: Element, problems: string[]): WebmTrack {
  const track: WebmTrack = {
    number: 0,
    type: "other",
    codecId: "",
    pixelWidth: null,
    pixelHeight: null,
    alphaMode: null,
    defaultDurationNs: null,
  };
  for (const field of childrenOf(bytes, entry.start, entry.start + (entry.size ?? 0), problems)) {
    if (field.id === ID.TrackNumber) track.number = readUint(bytes, field);
    else if (field.id === ID.TrackType) {
      const type = readUint(bytes, field);
      track.type = type === MATROSKA_TRACK_VIDEO ? "video" : type === MATROSKA_TRACK_AUDIO ? "audio" : "other";
    } else if (field.id === ID.CodecID) track.codecId = readString(bytes, field);
    else if (field.id === ID.DefaultDuration) track.defaultDurationNs = readUint(bytes, field);
    else if (field.id === ID.Video) {
      for (const video of childrenOf(bytes, field.start, field.start + (field.size ?? 0), problems)) {
        if (video.id === ID.PixelWidth) track.pixelWidth = readUint(bytes, video);
        else if (video.id === ID.PixelHeight) track.pixelHeight = readUint(bytes, video);
        else if (video.id === ID.AlphaMode) track.alphaMode = readUint(bytes, video);
      }
    }
  }
  return track;
}

/** A SimpleBlock's or Block's track, timestamp (relative to its Cluster) and frame count. */
function readBlock(
  bytes: Uint8Array,
  element: Element,
  problems: string[],
): { track: number; relative: number; frames: number } | null {
  const track = readVint(bytes, element.start, false);
  const size = element.size ?? 0;
  if (!track || track.length + 3 > size) {
    problems.push(`unreadable block header at offset ${element.start}`);
    return null;
  }
  const at = element.start + track.length;
  const relative = (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16)) >> 16;
  const lacing = ((bytes[at + 2] ?? 0) >> 1) & 0x03;
  const frames = lacing === 0 ? 1 : (bytes[at + 3] ?? 0) + 1;
  return { track: track.value, relative, frames };
}

/** Reads one Cluster's blocks; returns where the Cluster ends (for an unknown size, where a higher element begins). */
function readCluster(bytes: Uint8Array, cluster: Element, end: number, blocks: Block[], problems: string[]): number {
  const limit = cluster.size === null ? end : cluster.start + cluster.size;
  let clusterTicks = 0;
  let at = cluster.start;
  while (at < limit) {
    const child = readHeader(bytes, at);
    if (!child) {
      problems.push(`unreadable element header at offset ${at} in a Cluster`);
      return limit;
    }
    if (cluster.size === null && CLUSTER_ENDERS.has(child.id)) return at;
    if (child.size === null || child.start + child.size > limit) {
      problems.push(
        `element ${hex(child.id)} at offset ${at} in a Cluster ${child.size === null ? "has an unknown size" : "runs past it"}`,
      );
      return limit;
    }
    if (child.id === ID.Timestamp) clusterTicks = readUint(bytes, child);
    else if (child.id === ID.SimpleBlock) {
      const block = readBlock(bytes, child, problems);
      if (block) blocks.push({ ...block, ticks: clusterTicks + block.relative, durationTicks: null, hasAdditions: false });
    } else if (child.id === ID.BlockGroup) {
      const parts = childrenOf(bytes, child.start, child.start + child.size, problems);
      const blockElement = parts.find((part) => part.id === ID.Block);
      const block = blockElement ? readBlock(bytes, blockElement, problems) : null;
      const duration = parts.find((part) => part.id === ID.BlockDuration);
      if (block)
        blocks.push({
          ...block,
          ticks: clusterTicks + block.relative,
          durationTicks: duration ? readUint(bytes, duration) : null,
          hasAdditions: parts.some((part) => part.id === ID.BlockAdditions),
        });
      else if (!blockElement) problems.push(`a BlockGroup at offset ${child.start} without a Block`);
    }
    at = child.start + child.size;
  }
  return limit;
}

function roundTo(value: number, places: number): number {
  const scale = 10 ** places;
  return Math.round(value * scale) / scale;
}

export function readWebm(bytes: Uint8Array): WebmInfo {
  const info: WebmInfo = {
    docType: "",
    timecodeScaleNs: DEFAULT_TIMECODE_SCALE_NS,
    declaredDurationMs: null,
    blocksDurationMs: null,
    durationMs: 0,
    tracks: [],
    videoFrames: 0,
    fps: null,
    hasBlockAdditions: false,
    byteLength: bytes.length,
    problems: [],
  };
  const problems = info.problems;
  const header = readHeader(bytes, 0);
  if (!header || header.id !== ID.EBML || header.size === null || header.start + header.size > bytes.length) {
    problems.push("not an EBML file");
    return info;
  }
  for (const field of childrenOf(bytes, header.start, header.start + header.size, problems))
    if (field.id === ID.DocType) info.docType = readString(bytes, field);

  const segment = readHeader(bytes, header.start + header.size);
  if (!segment || segment.id !== ID.Segment) {
    problems.push("no Segment after the EBML header");
    return info;
  }
  let end = bytes.length;
  if (segment.size !== null) {
    if (segment.start + segment.size > bytes.length)
      problems.push(`the Segment declares ${segment.size} bytes, only ${bytes.length - segment.start} follow`);
    else end = segment.start + segment.size;
  }

  let declaredDuration: number | null = null;
  const blocks: Block[] = [];
  let at = segment.start;
  while (at < end) {
    const child = readHeader(bytes, at);
    if (!child) {
      problems.push(`unreadable element header at offset ${at} in the Segment`);
      break;
    }
    if (child.id === ID.Cluster) {
      at = readCluster(bytes, child, end, blocks, problems);
      continue;
    }
    if (child.size === null || child.start + child.size > end) {
      problems.push(
        `element ${hex(child.id)} at offset ${at} ${child.size === null ? "has an unknown size" : "runs past the Segment"}`,
      );
      break;
    }
    if (child.id === ID.Info) {
      for (const field of childrenOf(bytes, child.start, child.start + child.size, problems)) {
        if (field.id === ID.TimecodeScale) info.timecodeScaleNs = readUint(bytes, field) || DEFAULT_TIMECODE_SCALE_NS;
        else if (field.id === ID.Duration) declaredDuration = readFloat(bytes, field);
      }
    } else if (child.id === ID.Tracks) {
      for (const entry of childrenOf(bytes, child.start, child.start + child.size, problems))
        if (entry.id === ID.TrackEntry) info.tracks.push(readTrack(bytes, entry, problems));
    }
    at = child.start + child.size;
  }

  const tickMs = info.timecodeScaleNs / 1e6;
  if (declaredDuration !== null) info.declaredDurationMs = roundTo(declaredDuration * tickMs, 3);
  info.hasBlockAdditions = blocks.some((block) => block.hasAdditions);
  const video = info.tracks.find((track) => track.type === "video");
  const videoBlocks = video ? blocks.filter((block) => block.track === video.number) : [];
  info.videoFrames = videoBlocks.reduce((sum, block) => sum + block.frames, 0);
  const stamps = [...new Set(videoBlocks.map((block) => block.ticks))].sort((a, b) => a - b);
  const first = stamps[0];
  const last = stamps.at(-1);
  const spanTicks = first !== undefined && last !== undefined ? last - first : 0;
  if (video?.defaultDurationNs) info.fps = roundTo(1e9 / video.defaultDurationNs, 3);
  else if (spanTicks > 0) info.fps = roundTo(((stamps.length - 1) * 1000) / (spanTicks * tickMs), 3);

  if (last !== undefined) {
    const lastBlock = videoBlocks.find((block) => block.ticks === last);
    const frameTicks = video?.defaultDurationNs
      ? video.defaultDurationNs / info.timecodeScaleNs
      : (lastBlock?.durationTicks ?? (stamps.length > 1 ? spanTicks / (stamps.length - 1) : 0));
    // Block timestamps are whole ticks: the end is rounded to one, so 90 frames at 30 fps last 3,000 ms, not 3,000.33.
    info.blocksDurationMs = roundTo(Math.round(last + frameTicks) * tickMs, 3);
  }
  info.durationMs = Math.max(info.declaredDurationMs ?? 0, info.blocksDurationMs ?? 0);
  if (info.tracks.length === 0) problems.push("no Tracks element with a TrackEntry");
  return info;
}
