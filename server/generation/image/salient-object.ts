/**
 * Any subject on a busy background (a cat on a sofa, a cup on a table, a plant, a car): U²-Net's small
 * salient-object model, u2netp (Apache-2.0, 4.6 MB; see models/NOTICE.md and decision 0027), run by
 * onnxruntime-node, whose CPU binaries ship inside the npm package. Nothing is downloaded: the weights
 * are read from this folder, once per process, on the first image sticker that needs them.
 *
 * The model says "what stands out", not "what it is", and it marks something on every picture, so the
 * mask itself decides whether it is trusted: the model is sure of what it marks, the marked area is a
 * sane size, it is a few solid parts and it does not run around the picture's whole border. Anything
 * else keeps the framed-photo fallback (docs/generator.md, "Image → sticker").
 */
import { join } from "node:path";
import type { InferenceSession as Session } from "onnxruntime-node";
import sharp from "sharp";
import type { Raster } from "../render/pixels.ts";
import { labelComponents } from "./components.ts";

/** The model's square input and output side. */
export const SALIENT_SIDE = 320;

const MODEL_PATH = join(import.meta.dirname, "models", "u2netp.onnx");
/** ImageNet statistics, as the model was trained (U²-Net's data loader). */
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

export interface SubjectCut {
  /** 0..255 per pixel of the input raster: how surely it is part of the subject. */
  alpha: Buffer;
  /** The model's raw output: SALIENT_SIDE² probabilities. */
  probabilities: Float32Array;
  /** Whether the mask is trusted as a cut-out. */
  accepted: boolean;
  detail: {
    subjectArea: number;
    subjectMeanInside: number;
    subjectUndecided: number;
    subjectParts: number;
    subjectKept: number;
    subjectBorder: number;
  };
}

let loading: Promise<{ session: Session; ort: typeof import("onnxruntime-node") }> | null = null;

async function load() {
  // Imported here, not at the top: text stickers and the web process never pay for the native library.
  const ort = await import("onnxruntime-node");
  const session = await ort.InferenceSession.create(MODEL_PATH, {
    // Two cores are shared with the web server and the queue: one thread. No arena that would keep the
    // peak of every run (~600 MB RSS with it), and no graph fusions, whose extra buffers add ~100 MB to
    // a run's peak for ~20 % of speed: the child must stay under 600 MB (decision 0027).
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    enableCpuMemArena: false,
    enableMemPattern: false,
    graphOptimizationLevel: "disabled",
  });
  return { session, ort };
}

/** The model, loaded on first use and kept for the life of the process. */
function salientModel() {
  if (!loading) {
    loading = load();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** Trust rules for a mask (see the file comment); tuned on the photo sheet (docs/photos/). */
export const MIN_AREA = 0.04;
const MAX_AREA = 0.85;
export const MIN_MEAN_INSIDE = 0.8;
const MAX_UNDECIDED = 0.45;
/** Several objects (coins on a table) are fine; a mask that crumbles into specks is not. */
const MAX_PARTS = 30;
const MIN_KEPT = 0.9;
const MAX_BORDER = 0.45;

export async function segmentSubject(img: Raster): Promise<SubjectCut> {
  const { session, ort } = await salientModel();
  const side = SALIENT_SIDE;
  const rgb = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .removeAlpha()
    .resize(side, side, { fit: "fill" })
    .raw()
    .toBuffer();
  // Planar NCHW, scaled by the brightest value as the reference pre-processing does.
  let max = 1;
  for (let i = 0; i < rgb.length; i++) max = Math.max(max, rgb[i] as number);
  const plane = side * side;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++) {
      input[c * plane + i] = ((rgb[i * 3 + c] as number) / max - (MEAN[c] as number)) / (STD[c] as number);
    }
  }
  const feeds = { [session.inputNames[0] as string]: new ort.Tensor("float32", input, [1, 3, side, side]) };
  const outputs = await session.run(feeds);
  // The first output is the fused side outputs (d0), already through a sigmoid.
  const fused = outputs[session.outputNames[0] as string];
  const probabilities = new Float32Array((fused?.data as Float32Array | undefined) ?? []);
  for (const tensor of Object.values(outputs)) tensor.dispose();
  if (probabilities.length !== plane) {
    throw new Error(`The salient-object model returned ${probabilities.length} values, expected ${plane}.`);
  }

  const inside = new Uint8Array(plane);
  let area = 0;
  let sumInside = 0;
  let undecided = 0;
  for (let i = 0; i < plane; i++) {
    const p = probabilities[i] as number;
    if (p > 0.5) {
      inside[i] = 1;
      area++;
      sumInside += p;
    }
    if (p > 0.2 && p < 0.8) undecided++;
  }
  let border = 0;
  let borderMarked = 0;
  for (let i = 0; i < plane; i++) {
    const x = i % side;
    const y = (i - x) / side;
    if (x !== 0 && y !== 0 && x !== side - 1 && y !== side - 1) continue;
    border++;
    borderMarked += inside[i] as number;
  }
  const parts = keptParts(inside, side);
  const detail = {
    subjectArea: area / plane,
    subjectMeanInside: area ? sumInside / area : 0,
    subjectUndecided: area ? undecided / area : 1,
    subjectParts: parts.count,
    subjectKept: parts.keptShare,
    subjectBorder: borderMarked / border,
  };
  const accepted =
    detail.subjectArea >= MIN_AREA &&
    detail.subjectArea <= MAX_AREA &&
    detail.subjectMeanInside >= MIN_MEAN_INSIDE &&
    detail.subjectUndecided <= MAX_UNDECIDED &&
    detail.subjectParts <= MAX_PARTS &&
    detail.subjectKept >= MIN_KEPT &&
    detail.subjectBorder <= MAX_BORDER;

  // Back to the input's size: only the kept parts (stray specks go), a steeper ramp so the edge is soft
  // but not hazy, then a smooth upscale.
  const small = Buffer.alloc(plane);
  const grown = dilate(parts.keep, side);
  for (let i = 0; i < plane; i++) {
    if (grown[i]) small[i] = Math.round(Math.min(1, Math.max(0, ((probabilities[i] as number) - 0.5) * 3 + 0.5)) * 255);
  }
  const alpha = await sharp(small, { raw: { width: side, height: side, channels: 1 } })
    .resize(img.width, img.height, { fit: "fill", kernel: "linear" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, probabilities, accepted, detail };
}

/** The parts of `mask` worth keeping (each at least 4 % of the largest), how many, and their share. */
function keptParts(mask: Uint8Array, side: number): { keep: Uint8Array; count: number; keptShare: number } {
  const { label, sizes } = labelComponents(mask, side);
  const largest = Math.max(0, ...sizes);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const kept = sizes.map((size, id) => id > 0 && size >= largest * 0.04);
  const keep = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (kept[label[i] as number]) keep[i] = 1;
  const keptArea = sizes.reduce((sum, size, id) => sum + (kept[id] ? size : 0), 0);
  return { keep, count: kept.filter(Boolean).length, keptShare: total ? keptArea / total : 0 };
}

/** One pixel of growth, so the soft edge just outside the 0.5 line is not cut off by the part filter. */
function dilate(mask: Uint8Array, side: number): Uint8Array {
  const out = new Uint8Array(mask);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % side;
    if (x > 0) out[i - 1] = 1;
    if (x < side - 1) out[i + 1] = 1;
    if (i >= side) out[i - side] = 1;
    if (i < mask.length - side) out[i + side] = 1;
  }
  return out;
}
