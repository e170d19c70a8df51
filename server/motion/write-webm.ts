/**
 * Writes a WebM with alpha from two VP9 streams, the colour and the alpha plane (the way libvpx and
 * FFmpeg carry alpha: each frame's alpha stream frame in a BlockAdditional with BlockAddID 1, and the
 * track marked AlphaMode 1). We mux ourselves because FFmpeg 4.1 encodes the alpha plane at libvpx's
 * slowest speed whatever -cpu-used says (its settings reach only the colour encoder), which made a
 * 2 s sticker take ~3 s; two realtime encodes and this muxer take a fraction of that.
 */

/** The frames of an IVF stream, as FFmpeg's `-f ivf` writes them. */
export function readIvf(ivf: Buffer): Buffer[] {
  if (ivf.length < 32 || ivf.toString("latin1", 0, 4) !== "DKIF") throw new Error("not an IVF stream");
  const headerSize = ivf.readUInt16LE(6);
  const frames: Buffer[] = [];
  let at = headerSize;
  while (at + 12 <= ivf.length) {
    const size = ivf.readUInt32LE(at);
    frames.push(ivf.subarray(at + 12, at + 12 + size));
    at += 12 + size;
  }
  return frames;
}

/** A VP9 frame's header says whether it is a key frame (profile 0–2 header layout). */
export function isVp9KeyFrame(frame: Buffer): boolean {
  const b = frame[0] ?? 0;
  const profile = ((b >> 5) & 1) | (((b >> 4) & 1) << 1);
  const shift = profile === 3 ? 1 : 0;
  const showExisting = (b >> (3 - shift)) & 1;
  if (showExisting) return false;
  return ((b >> (2 - shift)) & 1) === 0;
}

function sizeVint(n: number): Buffer {
  for (let len = 1; len <= 8; len++) {
    if (n < 2 ** (7 * len) - 1) {
      const out = Buffer.alloc(len);
      let v = n;
      for (let i = len - 1; i >= 0; i--) {
        out[i] = v & 0xff;
        v = Math.floor(v / 256);
      }
      out[0]! |= 1 << (8 - len);
      return out;
    }
  }
  throw new Error("element too large");
}

function idBytes(id: number): Buffer {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
}

function element(id: number, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), sizeVint(body.length), body]);
}

function uint(id: number, value: number, width = 0): Buffer {
  let len = width;
  if (!len) {
    len = 1;
    while (value >= 2 ** (8 * len)) len++;
  }
  const out = Buffer.alloc(len);
  let v = value;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = v & 0xff;
    v = Math.floor(v / 256);
  }
  return element(id, out);
}

function float(id: number, value: number): Buffer {
  const out = Buffer.alloc(8);
  out.writeDoubleBE(value);
  return element(id, out);
}

function text(id: number, value: string): Buffer {
  return element(id, Buffer.from(value, "utf8"));
}

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  MaxBlockAdditionID: 0x55ee,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  AlphaMode: 0x53c0,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
  ReferenceBlock: 0xfb,
  BlockAdditions: 0x75a1,
  BlockMore: 0xa6,
  BlockAddID: 0xee,
  BlockAdditional: 0xa5,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
} as const;

export interface WebmInput {
  width: number;
  height: number;
  fps: number;
  /** One VP9 frame per picture, and its alpha plane's VP9 frame. */
  color: Buffer[];
  alpha: Buffer[];
  /** Each frame's time on screen, in ms. */
  delays: number[];
}

/** The bytes of a WebM holding one VP9 video track with alpha, in one cluster. */
export function writeWebm(input: WebmInput): Buffer {
  const { color, alpha, delays } = input;
  if (color.length !== alpha.length || color.length !== delays.length)
    throw new Error("colour, alpha and delays differ in length");
  const duration = delays.reduce((sum, d) => sum + d, 0);
  const header = element(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    text(ID.DocType, "webm"),
    uint(ID.DocTypeVersion, 4),
    uint(ID.DocTypeReadVersion, 2),
  );
  const info = element(
    ID.Info,
    uint(ID.TimecodeScale, 1_000_000),
    float(ID.Duration, duration),
    text(ID.MuxingApp, "sticker-studio"),
    text(ID.WritingApp, "sticker-studio"),
  );
  const tracks = element(
    ID.Tracks,
    element(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      text(ID.CodecID, "V_VP9"),
      uint(ID.DefaultDuration, Math.round(1e9 / input.fps)),
      uint(ID.MaxBlockAdditionID, 1),
      element(ID.Video, uint(ID.PixelWidth, input.width), uint(ID.PixelHeight, input.height), uint(ID.AlphaMode, 1)),
    ),
  );
  const groups: Buffer[] = [];
  let time = 0;
  let previous = 0;
  for (let i = 0; i < color.length; i++) {
    const block = Buffer.alloc(4);
    block[0] = 0x81; // track 1
    block.writeInt16BE(time, 1);
    block[3] = 0;
    const parts = [
      element(ID.Block, block, color[i]!),
      element(ID.BlockAdditions, element(ID.BlockMore, uint(ID.BlockAddID, 1), element(ID.BlockAdditional, alpha[i]!))),
    ];
    if (i === color.length - 1) parts.push(uint(ID.BlockDuration, delays[i]!));
    // A frame that is not a key frame points at the one before it.
    if (!isVp9KeyFrame(color[i]!)) {
      const delta = Buffer.alloc(2);
      delta.writeInt16BE(previous - time);
      parts.push(element(ID.ReferenceBlock, delta));
    }
    groups.push(element(ID.BlockGroup, ...parts));
    previous = time;
    time += delays[i]!;
  }
  const cluster = element(ID.Cluster, uint(ID.Timecode, 0), ...groups);
  // Positions are from the start of the Segment's data; the seek head's own size is fixed by 4-byte positions.
  const seek = (id: number, position: number) =>
    element(ID.Seek, element(ID.SeekID, idBytes(id)), uint(ID.SeekPosition, position, 4));
  const seekHeadSize = element(ID.SeekHead, seek(ID.Info, 0), seek(ID.Tracks, 0), seek(ID.Cues, 0)).length;
  const infoAt = seekHeadSize;
  const tracksAt = infoAt + info.length;
  const clusterAt = tracksAt + tracks.length;
  const cuesAt = clusterAt + cluster.length;
  const cues = element(
    ID.Cues,
    element(
      ID.CuePoint,
      uint(ID.CueTime, 0),
      element(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, clusterAt)),
    ),
  );
  const seekHead = element(ID.SeekHead, seek(ID.Info, infoAt), seek(ID.Tracks, tracksAt), seek(ID.Cues, cuesAt));
  const segment = element(ID.Segment, seekHead, info, tracks, cluster, cues);
  return Buffer.concat([header, segment]);
}
