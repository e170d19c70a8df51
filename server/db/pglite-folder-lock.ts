import { readFileSync, unlinkSync } from "node:fs";
import { link, mkdir, open, readFile, rename, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

/**
 * A PGlite folder may be open in one process only: PGlite itself does not stop a second process, and
 * two writers corrupt it. Whoever opens it (`npm start`, `npm run dev`, `grant-role`, `backup`,
 * `restore`) first creates `<folder>.lock` (decision 0038), naming its process; the next one reads it
 * and is turned away while that process lives. A lock whose process is gone (a crash, `kill -9`) is
 * taken over, like PostgreSQL's own `postmaster.pid`.
 */
export interface FolderHolder {
  pid: number;
  /** What runs: `npm start`, `npm run backup`, or `node <script>`. */
  command: string;
  host: string;
  /** ISO time it took the folder. */
  since: string;
}

/** The PGlite folder is held by another live process: the message says which and what to do. */
export class FolderInUseError extends Error {
  override name = "FolderInUseError";
  readonly holder: FolderHolder;
  readonly lockFile: string;
  constructor(folder: string, lockFile: string, holder: FolderHolder) {
    super(
      `The database folder ${folder} is in use by ${holder.command} (pid ${holder.pid}${holder.host === hostname() ? "" : ` on ${holder.host}`}, since ${holder.since}). ` +
        `PGlite lets one process open it at a time: stop that process first. If no such process runs any more, delete ${lockFile}.`,
    );
    this.holder = holder;
    this.lockFile = lockFile;
  }
}

/** Folders this process holds (a second open in the same process is refused too). */
const heldHere = new Set<string>();

export function lockFileOf(folder: string): string {
  return `${path.resolve(folder)}.lock`;
}

/** How this process calls itself in a holder record: the npm script when npm started it. */
export function commandOfThisProcess(env: Record<string, string | undefined> = process.env, argv = process.argv): string {
  const script = env.npm_lifecycle_event;
  if (script) return script === "start" || script === "test" ? `npm ${script}` : `npm run ${script}`;
  const entry = argv[1];
  return entry ? `node ${path.relative(process.cwd(), entry) || entry}` : "node";
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readHolder(lockFile: string): Promise<{ text: string; holder: FolderHolder | null } | null> {
  let text: string;
  try {
    text = await readFile(lockFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<FolderHolder>;
    if (typeof parsed.pid !== "number" || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return { text, holder: null };
    return {
      text,
      holder: {
        pid: parsed.pid,
        command: String(parsed.command ?? "another process"),
        host: String(parsed.host ?? "?"),
        since: String(parsed.since ?? "?"),
      },
    };
  } catch {
    // Half-written by a process that died while writing it: nobody holds it.
    return { text, holder: null };
  }
}

async function tryCreate(lockFile: string, record: string): Promise<boolean> {
  try {
    const handle = await open(lockFile, "wx");
    try {
      await handle.writeFile(record);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Moves a stale lock out of the way, unless another process replaced it meanwhile (then it is put
 * back and that process is the holder).
 */
async function breakStale(lockFile: string, staleText: string): Promise<void> {
  const aside = `${lockFile}.stale-${process.pid}-${Date.now()}`;
  try {
    await rename(lockFile, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readFile(aside, "utf8").catch(() => staleText);
  if (moved !== staleText) await link(aside, lockFile).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

export interface HeldFolder {
  lockFile: string;
  release(): Promise<void>;
}

/** Takes the PGlite folder for this process, or throws FolderInUseError naming the live holder. */
export async function holdPgliteFolder(folder: string, command = commandOfThisProcess()): Promise<HeldFolder> {
  const resolved = path.resolve(folder);
  const lockFile = lockFileOf(resolved);
  const mine: FolderHolder = { pid: process.pid, command, host: hostname(), since: new Date().toISOString() };
  const record = `${JSON.stringify(mine)}\n`;
  if (heldHere.has(lockFile)) throw new FolderInUseError(resolved, lockFile, mine);
  await mkdir(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; ; attempt += 1) {
    if (await tryCreate(lockFile, record)) break;
    const found = await readHolder(lockFile);
    if (found === null) continue;
    if (found.holder && isAlive(found.holder.pid)) throw new FolderInUseError(resolved, lockFile, found.holder);
    if (attempt >= 5) throw new Error(`could not take ${lockFile}: it keeps changing`);
    await breakStale(lockFile, found.text);
  }
  heldHere.add(lockFile);
  // process.exit() skips the close: the lock goes with the process anyway.
  const onExit = () => {
    try {
      if (readFileSync(lockFile, "utf8") === record) unlinkSync(lockFile);
    } catch {
      // already gone
    }
  };
  process.once("exit", onExit);
  let released = false;
  return {
    lockFile,
    async release() {
      if (released) return;
      released = true;
      process.removeListener("exit", onExit);
      heldHere.delete(lockFile);
      const found = await readHolder(lockFile);
      if (found?.text === record) await unlink(lockFile).catch(() => undefined);
    },
  };
}
