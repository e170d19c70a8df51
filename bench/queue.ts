/**
 * Queue benchmark: submit → success latency through the job queue on the embedded default (PGlite,
 * jobs in-process) and on PostgreSQL (two `npm run worker` processes), and tasks per minute with two
 * workers. Target: p50 latency ≤ 2 s.
 * Run: npm run bench:queue   (PostgreSQL from BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { bootAppContext } from "#server/boot.ts";
import type { AppContext } from "#server/context.ts";
import { users } from "#server/db/schema.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import { changePoints } from "#server/points/change-points.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { submitTextTask } from "#server/tasks/submit-task.ts";
import { startTaskWorkers } from "#server/tasks/task-worker.ts";
import { waitForAll } from "./tasks-settled.ts";

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 60);
const PROMPTS = ["a happy cat", "pizza party", "rocket to the moon", "sleepy panda", "cool dog with sunglasses", "ice cream"];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

async function userWithPoints(app: AppContext, points: number): Promise<number> {
  const [user] = await app.database.db
    .insert(users)
    .values({ email: `bench-${Date.now()}@example.com` })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  await changePoints(app.database.db, { userId: user.id, delta: points, reason: "bench", idempotencyKey: `bench:${user.id}` });
  return user.id;
}

async function measure(app: AppContext, label: string) {
  const userId = await userWithPoints(app, SEQUENTIAL + BURST + 10);
  // Warm-up: the generator process starts and loads its art on the first task.
  const warm = await submitTextTask(app, userId, { prompt: "warm up", visibility: "private", locale: "en" });
  await waitForAll(app, [warm.taskId]);

  const latencies: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i += 1) {
    const started = performance.now();
    const task = await submitTextTask(app, userId, {
      prompt: PROMPTS[i % PROMPTS.length] ?? "cat",
      visibility: "private",
      locale: "en",
    });
    await waitForAll(app, [task.taskId]);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);

  const burstStart = performance.now();
  const burst = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      submitTextTask(app, userId, { prompt: `${PROMPTS[i % PROMPTS.length]} ${i}`, visibility: "private", locale: "en" }),
    ),
  );
  await waitForAll(
    app,
    burst.map((task) => task.taskId),
  );
  const burstSeconds = (performance.now() - burstStart) / 1000;
  return {
    setup: label,
    "p50 ms": Math.round(percentile(latencies, 0.5)),
    "p90 ms": Math.round(percentile(latencies, 0.9)),
    "max ms": Math.round(latencies.at(-1) ?? 0),
    [`${BURST} tasks s`]: Number(burstSeconds.toFixed(1)),
    "tasks/min": Math.round((BURST / burstSeconds) * 60),
  };
}

async function embedded() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-queue-"));
  const app = await bootAppContext({ LOG_LEVEL: "error", DATA_DIR: dataDir, NODE_ENV: "production", WORKER_CONCURRENCY: "2" });
  await seedDatabase(app, createOfflineProvider(), { gallerySize: 0 });
  const workers = await startTaskWorkers(app);
  try {
    return await measure(app, "embedded (PGlite, in-process, 2 generator processes)");
  } finally {
    await workers.stop();
    await app.tasks.stop();
    await app.database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `bench_queue_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-queue-pg-"));
  const env = { LOG_LEVEL: "error", DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: url.toString() };
  const app = await bootAppContext(env);
  await seedDatabase(app, createOfflineProvider(), { gallerySize: 0 });
  await app.tasks.boss();
  const workers: ChildProcess[] = [0, 1].map(() =>
    spawn(process.execPath, ["server/worker.ts"], {
      env: { ...process.env, ...env, WORKER_CONCURRENCY: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  try {
    return await measure(app, "PostgreSQL, two worker processes");
  } finally {
    for (const worker of workers) worker.kill("SIGTERM");
    await Promise.all(workers.map((worker) => new Promise((resolve) => worker.once("exit", resolve))));
    await app.tasks.stop();
    await app.database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [await embedded(), await onPostgres()];
console.table(rows);
const slow = rows.filter((row) => row["p50 ms"] > 2000);
console.log(slow.length === 0 ? "target met: p50 ≤ 2 s everywhere" : `target missed: ${slow.map((row) => row.setup).join(", ")}`);
process.exit(0);
