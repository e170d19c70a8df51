/**
 * Reads prompts for the create panel ("We'll draw: 🐱 cat", decision 0052) in a child process of its
 * own (planner-child.ts): the reading needs the generator's lexicon, which would add ~75 MB to every
 * web process that holds it, and the worker's generator children are busy drawing. The child starts on
 * the first reading, answers one at a time (well under a millisecond each once the lexicon is built, a
 * few seconds for the first), and ends after `idleMs` without a request, giving its memory back. Too
 * many readings waiting answer BUSY; a child that dies or hangs fails what it held and the next
 * reading starts another.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { AppError } from "#common/errors.ts";
import type { PromptReading, ReadPromptRequest } from "./prompt/read-prompt.ts";

export type { PromptReading, ReadPromptRequest, ReadSubject } from "./prompt/read-prompt.ts";

export interface PlannerRequest {
  id: number;
  request: ReadPromptRequest;
}

export type PlannerReply = { id: number; reading: PromptReading; error?: undefined } | { id: number; error: string };

export interface PromptPlanner {
  read(request: ReadPromptRequest): Promise<PromptReading>;
  /** Ends the child, if one runs; readings still waiting fail. */
  close(): Promise<void>;
}

export interface PromptPlannerOptions {
  /** A reading not answered in this time (the first one builds the lexicon) ends the child. */
  timeoutMs: number;
  /** The child ends after this long without a reading. */
  idleMs: number;
  /** Readings that may wait at once; past it, BUSY. */
  maxWaiting: number;
}

const childFile = fileURLToPath(new URL("./planner-child.ts", import.meta.url));

export function startPromptPlanner(options: PromptPlannerOptions): PromptPlanner {
  let child: ChildProcess | null = null;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;
  const pending = new Map<number, { resolve: (r: PromptReading) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

  function failAll(error: AppError) {
    for (const [id, waiter] of pending) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
      pending.delete(id);
    }
  }

  function stop(proc: ChildProcess | null) {
    if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
  }

  /** An idle child holds neither the event loop nor its memory for long. */
  function settle() {
    if (!child || pending.size > 0) return;
    child.unref();
    child.channel?.unref();
    if (idleTimer) clearTimeout(idleTimer);
    const idle = child;
    idleTimer = setTimeout(() => {
      if (child === idle && pending.size === 0) {
        child = null;
        stop(idle);
      }
    }, options.idleMs);
    idleTimer.unref();
  }

  function ensureChild(): ChildProcess {
    if (child?.connected) return child;
    const started = fork(childFile, [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
    started.on("message", (reply: PlannerReply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      clearTimeout(waiter.timer);
      if (reply.error === undefined) waiter.resolve(reply.reading);
      else waiter.reject(new AppError("INTERNAL_ERROR", `the prompt planner failed: ${reply.error}`));
      settle();
    });
    started.on("exit", () => {
      if (child === started) child = null;
      failAll(new AppError("SERVICE_UNAVAILABLE", "the prompt planner stopped"));
    });
    started.on("error", () => stop(started));
    child = started;
    return started;
  }

  return {
    read(request) {
      if (pending.size >= options.maxWaiting) return Promise.reject(new AppError("BUSY"));
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      const proc = ensureChild();
      proc.ref();
      proc.channel?.ref();
      const id = nextId++;
      return new Promise<PromptReading>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new AppError("SERVICE_UNAVAILABLE", `no prompt reading after ${options.timeoutMs} ms`));
          if (child === proc) child = null;
          stop(proc);
        }, options.timeoutMs);
        pending.set(id, { resolve, reject, timer });
        proc.send({ id, request } satisfies PlannerRequest);
      });
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      const proc = child;
      child = null;
      failAll(new AppError("SERVICE_UNAVAILABLE", "the prompt planner is shutting down"));
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc.once("exit", resolve));
        proc.ref();
        proc.kill("SIGTERM");
        await exited;
      }
    },
  };
}
