/**
 * Many processes started at the same moment on one empty PostgreSQL database: migrations, pg-boss's
 * schema and the first-start seed happen exactly once, and every process comes up (decision 0020).
 * Real child processes: two that start like a web process (boot, seed, queue) and two `npm run worker`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SEED_PACKS } from "#server/seed/seed-database.ts";
import { describeOnPostgres } from "#tests/support/engine.ts";

const base = process.env.TEST_DATABASE_URL;
const GALLERY = 4;
const METRICS_PORT = 3571;
let workerScrape: { status: number; text: string; health: number } | null = null;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

let url = "";
let name = "";
let dataDir = "";
const children: ChildProcess[] = [];

function run(script: string, env: Record<string, string>, onLine?: (line: string, child: ChildProcess) => void): Promise<Exit> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, NODE_ENV: "test", SEED_GALLERY_SIZE: String(GALLERY), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    for (const line of chunk.split("\n")) if (line) onLine?.(line, child);
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, stdout, stderr })));
}

describeOnPostgres("four processes starting together on an empty PostgreSQL database", () => {
  let results: Exit[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "sticker-start-"));
    name = `sticker_start_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(base!);
    target.pathname = `/${name}`;
    url = target.toString();
    // A worker is up once it logs "worker ready"; it is then asked to stop (SIGTERM) and must exit 0.
    const stopWhenReady = (line: string, child: ChildProcess) => {
      if (line.includes('"worker ready"')) child.kill("SIGTERM");
    };
    // The first worker serves its metrics on METRICS_PORT: scraped once it is ready, then stopped.
    const scrapeThenStop = (line: string, child: ChildProcess) => {
      if (!line.includes('"worker ready"')) return;
      void Promise.all([fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`), fetch(`http://127.0.0.1:${METRICS_PORT}/healthz`)])
        .then(async ([response, health]) => {
          workerScrape = { status: response.status, text: await response.text(), health: health.status };
        })
        .finally(() => child.kill("SIGTERM"));
    };
    results = await Promise.all([
      run("tests/support/boot-and-seed.ts", { LOG_LEVEL: "silent" }),
      run("tests/support/boot-and-seed.ts", { LOG_LEVEL: "silent" }),
      run("server/worker.ts", { LOG_LEVEL: "info", METRICS_PORT: String(METRICS_PORT) }, scrapeThenStop),
      run("server/worker.ts", { LOG_LEVEL: "info" }, stopWhenReady),
    ]);
  }, 600_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("all four come up and exit 0 (no duplicate-key crash in the migration race)", () => {
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0, signal: null });
  });

  it("a worker serves its own metrics and /healthz on METRICS_PORT", () => {
    expect(workerScrape?.status).toBe(200);
    expect(workerScrape?.health).toBe(200);
    expect(workerScrape?.text).toContain("# TYPE process_cpu_user_seconds_total counter");
    expect(workerScrape?.text).toContain("# TYPE sticker_generation_duration_seconds histogram");
  });

  it("records every committed migration and every queue once", async () => {
    const journal = JSON.parse(await readFile("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations");
    const queues = await client.query<{ name: string }>("select name from pgboss.queue order by name");
    await client.end();
    expect(Number(rows[0]?.n)).toBe(journal.entries.length);
    expect(queues.rows.map((row) => row.name)).toEqual([
      "generate-sticker",
      "generate-sticker-failed",
      "telegram-reply",
      "telegram-set",
      "telegram-set-failed",
    ]);
  });

  it("draws the first-start gallery and its public packs once: one process seeds, the other finds it done", async () => {
    const reports = results.slice(0, 2).map(
      (result) =>
        JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as {
          seed: { stickersMade: number; packsMade: number };
          restMade: { packs: number; stickers: number };
        },
    );
    expect(reports.map((report) => report.seed.stickersMade).sort()).toEqual([0, GALLERY]);
    // The packs drawn from words before listening, by one process; those from photos after, by one process.
    const textPacks = SEED_PACKS.filter((pack) => !pack.photo).length;
    expect(reports.map((report) => report.seed.packsMade).sort((a, b) => a - b)).toEqual([0, textPacks]);
    expect(reports.map((report) => report.restMade.packs).sort((a, b) => a - b)).toEqual([0, SEED_PACKS.length - textPacks]);
    const packStickerCount = SEED_PACKS.reduce((sum, pack) => sum + pack.moods.length, 0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: string }>("select count(*) as n from stickers");
    const packRows = await client.query<{ n: string; placed: string }>(
      "select count(*) as n, (select count(*) from pack_stickers) as placed from packs where visibility = 'public'",
    );
    await client.end();
    expect(Number(rows[0]?.n)).toBe(GALLERY + packStickerCount);
    expect(Number(packRows.rows[0]?.n)).toBe(SEED_PACKS.length);
    expect(Number(packRows.rows[0]?.placed)).toBe(packStickerCount);
  });
});
