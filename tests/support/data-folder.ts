/**
 * For the backup tests: the app holding a data folder and the operator's scripts as child processes,
 * and every row of a database to compare two copies.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The environment of a process on `dataDir`'s embedded database and local files (no PostgreSQL, no bucket). */
export function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "test", ...extra };
  delete env.DATABASE_URL;
  delete env.S3_BUCKET;
  return env;
}

export interface FolderHolderProcess {
  pid: number;
  /** SIGTERM: it closes the database and exits. */
  stop(): Promise<void>;
  /** SIGKILL: it dies holding the folder, as a crash does. */
  kill(): Promise<void>;
}

/**
 * `tests/support/data-folder-holder.ts` on `dataDir`, once it holds the folder. `extra` may name the
 * npm script (`npm_lifecycle_event: "start"`), as `npm start` sets it.
 */
export async function holdDataFolderInChild(dataDir: string, extra: Record<string, string> = {}): Promise<FolderHolderProcess> {
  const child: ChildProcess = spawn(process.execPath, ["tests/support/data-folder-holder.ts"], {
    cwd: root,
    env: embeddedEnv(dataDir, extra),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready\n")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the holder exited (${code}) before it held ${dataDir}`)));
  });
  const ended = once(child, "exit");
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await ended;
  };
  return { pid: child.pid!, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `node scripts/<name>.ts ...args`, as `npm run <name> -- ...args` runs it, on `dataDir`. */
export function runScript(name: string, args: string[], dataDir: string): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [`scripts/${name}.ts`, ...args],
      { cwd: root, env: embeddedEnv(dataDir) },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * Every row of every table (drizzle's record and the job queue's too), as text, in a fixed order:
 * two databases are copies when these are equal. `query` runs SQL on PGlite or PostgreSQL.
 */
export async function rowsOfEveryTable(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, string[]>> {
  const tables = (await query(
    "select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  )) as { schema: string; name: string }[];
  const result: Record<string, string[]> = {};
  for (const { schema, name } of tables) {
    const rows = (await query(`select t::text as row from "${schema}"."${name}" t order by 1`)) as { row: string }[];
    result[`${schema}.${name}`] = rows.map((row) => row.row);
  }
  return result;
}
