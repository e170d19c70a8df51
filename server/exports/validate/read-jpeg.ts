/**
 * Reads what the export validators need from a JPEG (ITU T.81, the JFIF/Exif files everyone writes):
 * the size from its start-of-frame segment, walking every marker segment and the entropy-coded scans
 * to the end-of-image marker. Slack and iMessage take JPEG; no decoder is needed to check one.
 * Garbage never throws: it comes back in `problems`.
 */

export interface JpegInfo {
  width: number;
  height: number;
  byteLength: number;
  /** What makes the bytes no well-formed JPEG; empty when they are one. */
  problems: string[];
}

const MARKER = 0xff;
const START_OF_IMAGE = 0xd8;
const END_OF_IMAGE = 0xd9;
const START_OF_SCAN = 0xda;
/** Markers without a length: TEM and the restart markers RST0–RST7 (SOI and EOI are handled apart). */
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7]);
/** Start-of-frame markers: every SOFn but DHT (C4), JPG (C8) and DAC (CC). */
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function be16(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

/** The offset of the next marker after entropy-coded data starting at `at` (stuffed FF00 and RSTn skipped), or null. */
function endOfScan(bytes: Uint8Array, at: number): number | null {
  for (let p = at; p + 1 < bytes.length; p++) {
    if (bytes[p] !== MARKER) continue;
    const next = bytes[p + 1] ?? 0;
    if (next !== 0x00 && next !== MARKER && !STANDALONE.has(next)) return p;
  }
  return null;
}

export function readJpeg(bytes: Uint8Array): JpegInfo {
  const info: JpegInfo = { width: 0, height: 0, byteLength: bytes.length, problems: [] };
  if (bytes.length < 4 || bytes[0] !== MARKER || bytes[1] !== START_OF_IMAGE || bytes[2] !== MARKER) {
    info.problems.push("not a JPEG file");
    return info;
  }
  let at = 2;
  let seenFrame = false;
  let seenScan = false;
  let seenEnd = false;
  while (at < bytes.length && !seenEnd) {
    if (bytes[at] !== MARKER) {
      info.problems.push(`no marker at offset ${at}`);
      break;
    }
    // Any number of fill bytes (FF) may come before a marker's code.
    let code = bytes[at + 1];
    let codeAt = at + 1;
    while (code === MARKER) code = bytes[++codeAt];
    if (code === undefined) {
      info.problems.push(`the marker at offset ${at} is cut short`);
      break;
    }
    if (code === END_OF_IMAGE) {
      seenEnd = true;
      break;
    }
    if (STANDALONE.has(code)) {
      at = codeAt + 1;
      continue;
    }
    const length = be16(bytes, codeAt + 1);
    const segmentEnd = codeAt + 1 + length;
    if (length < 2 || segmentEnd > bytes.length) {
      info.problems.push(`segment 0x${code.toString(16)} at offset ${at} runs past the end of the file`);
      break;
    }
    if (START_OF_FRAME.has(code) && length >= 7 && !seenFrame) {
      seenFrame = true;
      info.height = be16(bytes, codeAt + 4);
      info.width = be16(bytes, codeAt + 6);
    }
    if (code !== START_OF_SCAN) {
      at = segmentEnd;
      continue;
    }
    seenScan = true;
    const next = endOfScan(bytes, segmentEnd);
    if (next === null) {
      info.problems.push(`the scan at offset ${at} runs past the end of the file`);
      break;
    }
    at = next;
  }
  if (!seenFrame) info.problems.push("no start-of-frame segment");
  if (!seenScan) info.problems.push("no scan");
  if (!seenEnd) info.problems.push("no end-of-image marker");
  return info;
}
