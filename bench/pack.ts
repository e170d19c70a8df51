/**
 * A pack made in one go (decision 0026): the time from the make call to all 8 stickers ready, with the
 * offline generator on the embedded default (PGlite, jobs in-process), median over 5 runs, with one and
 * two generator processes. Target: median ≤ 5 s with the default (one).
 * Run: npm run bench:pack
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { MOODS } from "#common/packs.ts";
import { bootAppContext } from "#server/boot.ts";
import { packStickers, packs, users } from "#server/db/schema.ts";
import { createOfflineProvider } from "#server/generation/index.ts";
import { makePackFromPrompt } from "#server/packs/make-pack.ts";
import { changePoints } from "#server/points/change-points.ts";
import { seedDatabase } from "#server/seed/seed-database.ts";
import { submitTextTask } from "#server/tasks/submit-task.ts";
import { startTaskWorkers } from "#server/tasks/task-worker.ts";
import { waitForAll } from "./tasks-settled.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const EIGHT = MOODS.slice(0, 8).map((mood) => mood.id);
const PROMPTS = ["a happy cat", "pizza", "a dog and a ball", "rocket", "panda with coffee", "ice cream", "a frog", "cactus"];
const TARGET_MS = 5000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function measure(concurrency: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-pack-"));
  const app = await bootAppContext({
    LOG_LEVEL: "error",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    WORKER_CONCURRENCY: String(concurrency),
  });
  await seedDatabase(app, createOfflineProvider(), { gallerySize: 0 });
  const workers = await startTaskWorkers(app);
  try {
    const [user] = await app.database.db
      .insert(users)
      .values({ email: `bench-pack-${Date.now()}@example.com` })
      .returning({ id: users.id });
    if (!user) throw new Error("no user");
    await changePoints(app.database.db, { userId: user.id, delta: 1000, reason: "bench", idempotencyKey: `bench:${user.id}` });
    // Warm-up: the generator processes start and load their art.
    const warm = await Promise.all(
      Array.from({ length: concurrency }, (_, i) =>
        submitTextTask(app, user.id, { prompt: `warm up ${i}`, visibility: "private", locale: "en" }),
      ),
    );
    await waitForAll(
      app,
      warm.map((task) => task.taskId),
    );
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const made = await makePackFromPrompt(app, user.id, {
        prompt: PROMPTS[run % PROMPTS.length] ?? "cat",
        moods: EIGHT,
        visibility: "private",
        locale: "en",
      });
      await waitForAll(app, made.taskIds);
      times.push(performance.now() - started);
      const [pack] = await app.database.db.select({ id: packs.id }).from(packs).where(eq(packs.packId, made.pack.packId));
      const joined = await app.database.db
        .select({ id: packStickers.stickerId })
        .from(packStickers)
        .where(eq(packStickers.packId, pack?.id ?? -1));
      if (joined.length !== 8) throw new Error(`the pack holds ${joined.length} stickers, not 8`);
    }
    return {
      setup: `PGlite, in-process, ${concurrency} generator process${concurrency > 1 ? "es" : ""}`,
      runs: RUNS,
      "median s": Number((median(times) / 1000).toFixed(2)),
      "min s": Number((Math.min(...times) / 1000).toFixed(2)),
      "max s": Number((Math.max(...times) / 1000).toFixed(2)),
      "per sticker ms": Math.round(median(times) / 8),
    };
  } finally {
    await workers.stop();
    await app.tasks.stop();
    await app.database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [await measure(1), await measure(2)];
console.table(rows);
const main = rows[0];
console.log(
  main && main["median s"] * 1000 <= TARGET_MS
    ? `target met: median ${main["median s"]} s ≤ 5 s (default, one generator process)`
    : `target missed: median ${main?.["median s"]} s > 5 s`,
);
process.exit(0);
