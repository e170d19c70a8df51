/**
 * A GenerationProvider that draws in a child process (generator-child.ts): a native crash there fails
 * one request with a retryable error instead of ending the server, and the next request starts a new
 * child. Requests run one at a time per child, in order.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { AppError, type FailureCode, isFailureCode } from "#common/errors.ts";
import type { Logger } from "../log.ts";
import type { ProviderConfig } from "./create-provider.ts";
import type { GeneratedSticker, GenerationProvider, ImageStickerRequest, TextStickerRequest } from "./provider.ts";

type GeneratorMessage = { kind: "text"; text: TextStickerRequest } | { kind: "image"; image: ImageStickerRequest };
export type GeneratorRequest = GeneratorMessage & { id: number };
/**
 * glibc raises its mmap threshold after large blocks are freed, so the model runs' big buffers
 * (U²-NetP, decision 0027) then come from the heap and stay there as fragments: the child's peak RSS
 * went from ~300 to ~480 MB over 16 photos. A fixed threshold gives them back to the system at once.
 * Other C libraries ignore the variable.
 */
export const GENERATOR_CHILD_ENV = { MALLOC_MMAP_THRESHOLD_: "131072" } as const;

/** The first message a child gets: the parent's parsed settings, so it never reads process.env itself. */
export type GeneratorSettingsMessage = { kind: "settings"; settings: ProviderConfig };

export interface GeneratorReply {
  id: number;
  ready?: boolean;
  sticker?: {
    png: Uint8Array;
    subject: string;
    layers?: { subject: Uint8Array; caption: Uint8Array; captionDirection: "ltr" | "rtl" } | undefined;
    editable?: { art: Uint8Array; captionText: string | null } | undefined;
  };
  error?: { name: string; code: FailureCode; message: string; retryable: boolean };
}

/** A generation that failed in the child (or the child died); `retryable` says whether to try again. */
export class GeneratorFailure extends AppError {
  override name = "GeneratorFailure";
  declare readonly retryable: boolean;
  constructor(code: FailureCode, message: string, retryable: boolean) {
    super(code, message, { retryable });
  }
}

/** A buffer over the bytes a child sent (no copy). */
function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const childFile = fileURLToPath(new URL("./generator-child.ts", import.meta.url));

export interface GeneratorProcessOptions {
  /** The provider's settings as the parent parsed them (`providerSettingsOf(app.config)`); sent over IPC, never argv. */
  settings: ProviderConfig;
  log: Logger;
  /** A request running longer than this kills the child and fails as retryable. */
  timeoutMs: number;
}

export interface GeneratorProcess extends GenerationProvider {
  close(): Promise<void>;
}

export function startGeneratorProcess(options: GeneratorProcessOptions): GeneratorProcess {
  let child: ChildProcess | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (s: GeneratedSticker) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  let queue: Promise<unknown> = Promise.resolve();

  function failAll(error: GeneratorFailure) {
    for (const [id, waiter] of pending) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
      pending.delete(id);
    }
  }

  function ensureChild(): ChildProcess {
    if (child?.connected) return child;
    const started = fork(childFile, [], {
      env: { ...process.env, ...GENERATOR_CHILD_ENV },
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    // IPC keeps order: the settings arrive before any request.
    started.send({ kind: "settings", settings: options.settings } satisfies GeneratorSettingsMessage);
    started.on("message", (reply: GeneratorReply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      clearTimeout(waiter.timer);
      if (reply.sticker) {
        const { png, subject, layers, editable } = reply.sticker;
        waiter.resolve({
          png: bufferOf(png),
          subject,
          layers: layers && {
            subject: bufferOf(layers.subject),
            caption: bufferOf(layers.caption),
            captionDirection: layers.captionDirection,
          },
          editable: editable && { art: bufferOf(editable.art), captionText: editable.captionText },
        });
      } else {
        const error = reply.error ?? { code: "GENERATION_FAILED", message: "no answer", retryable: true };
        // A code the child sent that this side does not know is no code of ours.
        const code = isFailureCode(error.code) ? error.code : "GENERATION_FAILED";
        waiter.reject(new GeneratorFailure(code, error.message, error.retryable));
      }
    });
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      if (pending.size > 0) {
        options.log.error({ code, signal }, "the generator process died during a request; it restarts on the next one");
        failAll(new GeneratorFailure("GENERATOR_CRASHED", `generator exited (${signal ?? code})`, true));
      }
    });
    child = started;
    return started;
  }

  function request(message: GeneratorMessage): Promise<GeneratedSticker> {
    const run = () =>
      new Promise<GeneratedSticker>((resolve, reject) => {
        const proc = ensureChild();
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new GeneratorFailure("GENERATION_TIMEOUT", `no sticker after ${options.timeoutMs} ms`, true));
          proc.kill("SIGKILL");
        }, options.timeoutMs);
        pending.set(id, { resolve, reject, timer });
        proc.send({ ...message, id } satisfies GeneratorRequest);
      });
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    name: "generator-process",
    textToSticker: (text) => request({ kind: "text", text }),
    imageToSticker: (image) => request({ kind: "image", image }),
    async close() {
      const proc = child;
      child = null;
      failAll(new GeneratorFailure("GENERATOR_CLOSED", "the generator is shutting down", true));
      if (proc && proc.exitCode === null) {
        const exited = new Promise((resolve) => proc.once("exit", resolve));
        proc.kill("SIGTERM");
        await exited;
      }
    },
  };
}
