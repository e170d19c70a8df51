/**
 * Runs the FFmpeg from npm (@ffmpeg-installer/linux-x64, decision 0041) on bytes piped in, collecting
 * what it writes to its standard output. It is killed past a timeout, and its peak memory is sampled
 * from /proc so the bench can report it.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { AppError } from "#common/errors.ts";

let ffmpegPath: string | null = null;

export function ffmpegBinary(): string {
  ffmpegPath ??= createRequire(import.meta.url).resolve("@ffmpeg-installer/linux-x64/ffmpeg");
  return ffmpegPath;
}

/** The largest resident memory any FFmpeg child of this thread reached, in bytes. */
let peakChildRss = 0;

export function ffmpegPeakRss(): number {
  return peakChildRss;
}

function sampleRss(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status) ?? /VmRSS:\s+(\d+) kB/.exec(status);
    if (hwm) peakChildRss = Math.max(peakChildRss, Number(hwm[1]) * 1024);
  } catch {
    // The process already ended.
  }
}

/** FFmpeg with `args` (input "-" is `input`), answering its standard output. */
export function runFfmpeg(args: string[], input: Buffer | Buffer[], options: { timeoutMs?: number } = {}): Promise<Buffer> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegBinary(), ["-hide_banner", "-loglevel", "error", "-nostdin", ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let err = "";
    let settled = false;
    const finish = (error: unknown, value?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(sampler);
      if (error) reject(error);
      else resolve(value!);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(new AppError("INTERNAL_ERROR", `FFmpeg took longer than ${timeoutMs} ms`));
    }, timeoutMs);
    const sampler = setInterval(() => {
      if (child.pid) sampleRss(child.pid);
    }, 20);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => {
      if (err.length < 4000) err += chunk.toString();
    });
    child.on("error", (error) => finish(new AppError("INTERNAL_ERROR", "FFmpeg could not start", { cause: error })));
    child.on("exit", () => {
      if (child.pid) sampleRss(child.pid);
    });
    child.on("close", (code) => {
      if (code === 0) finish(null, Buffer.concat(out));
      else finish(new AppError("INTERNAL_ERROR", `FFmpeg failed (${code}): ${err.trim().slice(0, 500)}`));
    });
    // FFmpeg may stop reading early on a bad argument; its exit code tells what happened.
    child.stdin.on("error", () => undefined);
    const chunks = Array.isArray(input) ? input : [input];
    const writeNext = (i: number) => {
      while (i < chunks.length) {
        const ok = child.stdin.write(chunks[i]!);
        i += 1;
        if (!ok) {
          child.stdin.once("drain", () => writeNext(i));
          return;
        }
      }
      child.stdin.end();
    };
    writeNext(0);
  });
}
